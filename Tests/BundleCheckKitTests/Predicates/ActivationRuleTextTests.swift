import Foundation
import Testing

@testable import BundleCheckFormats

/// The activation rule as the JSON report writes it for a diff: a predicate as written, a
/// dictionary as one line that does not depend on its keys' order, anything else by its type.
@Suite struct ActivationRuleTextTests {
    typealias Support = ActivationRuleTestSupport

    @Test func aPredicateIsKeptAsWrittenLineBreaksAndAll() {
        let predicate = "SUBQUERY (\n  extensionItems, $e, $e.attachments.@count == 1\n).@count == 1"
        let text = ActivationRuleText(rule: .string(predicate))
        #expect(text.form == .predicate && text.text == predicate)
    }

    @Test func aDictionaryIsOneLineWhateverTheOrderOfItsKeys() {
        let written = Support.dictionary([
            "NSExtensionActivationSupportsWebURLWithMaxCount": Support.int(1),
            "NSExtensionActivationSupportsText": .bool(true),
            "NSExtensionActivationDictionaryVersion": Support.int(2),
        ])
        let reordered = Support.dictionary([
            "NSExtensionActivationDictionaryVersion": Support.int(2),
            "NSExtensionActivationSupportsText": .bool(true),
            "NSExtensionActivationSupportsWebURLWithMaxCount": Support.int(1),
        ])
        let text = ActivationRuleText(rule: written)
        #expect(text.form == .dictionary)
        #expect(
            text.text
                == "NSExtensionActivationDictionaryVersion = 2; NSExtensionActivationSupportsText = true; NSExtensionActivationSupportsWebURLWithMaxCount = 1")
        #expect(ActivationRuleText(rule: reordered) == text)
        // A changed value is a changed line.
        #expect(
            ActivationRuleText(rule: Support.dictionary(["NSExtensionActivationSupportsText": .bool(false)])).text
                == "NSExtensionActivationSupportsText = false")
    }

    @Test func valuesOfEveryTypeAndNestedContainersHaveACompactForm() {
        let rule = Support.dictionary([
            "Z": .array([.string("a"), Support.int(-3), .dictionary(PlistDictionary(["y": .bool(false), "x": .real(1.5)]))]),
            "D": .data([0x0f, 0xa1]),
            "T": .date(Date(timeIntervalSince1970: 0)),
            "U": .uid(3),
            "S": .string("a; b"),
            "E": .dictionary(PlistDictionary()),
        ])
        #expect(ActivationRuleText(rule: rule).text == "D = <0fa1>; E = {}; S = a; b; T = 1970-01-01T00:00:00Z; U = uid(3); Z = [a, -3, {x = 1.5; y = false}]")
    }

    @Test func aKeyWrittenTwiceCountsOnceWithTheValueApplesParsersKeep() {
        let rule = PlistValue.dictionary(
            PlistDictionary([
                PlistDictionary.Entry(key: "NSExtensionActivationSupportsText", value: .bool(false)),
                PlistDictionary.Entry(key: "NSExtensionActivationSupportsText", value: .bool(true)),
            ]))
        #expect(ActivationRuleText(rule: rule).text == "NSExtensionActivationSupportsText = true")
    }

    @Test(arguments: [
        (PlistValue.array([.string("public.url"), .string("public.image")]), "array [public.url, public.image]"),
        (ActivationRuleTestSupport.int(1), "integer 1"),
        (PlistValue.bool(true), "boolean true"),
    ])
    func aRuleOfAnotherTypeIsItsTypeAndValue(rule: PlistValue, text: String) {
        let written = ActivationRuleText(rule: rule)
        #expect(written.form == .other && written.text == text)
    }
}
