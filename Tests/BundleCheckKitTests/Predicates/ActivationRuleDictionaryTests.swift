import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

@Suite struct ActivationRuleDictionaryTests {
    typealias Support = ActivationRuleTestSupport

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let rule: PlistValue
        let observations: [String]
        var testDescription: String { name }
    }

    static func check(_ name: String, _ rule: PlistValue, _ observations: String...) -> Case {
        Case(name: name, rule: rule, observations: observations)
    }

    static let attachmentsMax = "NSExtensionActivationSupportsAttachmentsWithMaxCount"
    static let attachmentsMin = "NSExtensionActivationSupportsAttachmentsWithMinCount"
    static let text = "NSExtensionActivationSupportsText"
    static let webURL = "NSExtensionActivationSupportsWebURLWithMaxCount"
    static let image = "NSExtensionActivationSupportsImageWithMaxCount"
    static let version = "NSExtensionActivationDictionaryVersion"
    static let strict = "NSExtensionActivationUsesStrictMatching"

    /// NetNewsWire's iOS share extension (`corpus/netnewswire/iOS/ShareExtension/Info.plist`).
    static let netNewsWire = Support.dictionary([webURL: Support.int(1), text: .bool(true)])

    static let validCases: [Case] = [
        check("NetNewsWire's share rule", netNewsWire),
        check(
            "every key Apple defines",
            Support.dictionary([
                attachmentsMax: Support.int(5), attachmentsMin: Support.int(1),
                "NSExtensionActivationSupportsFileWithMaxCount": Support.int(3), image: Support.int(10),
                "NSExtensionActivationSupportsMovieWithMaxCount": Support.int(1), webURL: Support.int(1),
                "NSExtensionActivationSupportsWebPageWithMaxCount": Support.int(1), text: .bool(true),
                version: Support.int(2), strict: .bool(false),
            ])),
        check("dictionary version 1", Support.dictionary([image: Support.int(1), version: Support.int(1)])),
        check("MinCount equal to MaxCount", Support.dictionary([attachmentsMax: Support.int(2), attachmentsMin: Support.int(2)])),
        check("text alone", Support.dictionary([text: .bool(true)])),
    ]

    static let unknownKeyCases: [Case] = [
        check(
            "text has no count",
            Support.dictionary(["NSExtensionActivationSupportsTextWithMinCount": Support.int(1), webURL: Support.int(1)]),
            "invalid value /NSExtensionActivationSupportsTextWithMinCount: NSExtensionActivationSupportsTextWithMinCount is not a key of NSExtensionActivationRule; text support is the boolean NSExtensionActivationSupportsText; there is no text count"
        ),
        check(
            "video is movie",
            Support.dictionary(["NSExtensionActivationSupportsVideoWithMaxCount": Support.int(1), webURL: Support.int(1)]),
            "invalid value /NSExtensionActivationSupportsVideoWithMaxCount: NSExtensionActivationSupportsVideoWithMaxCount is not a key of NSExtensionActivationRule; did you mean NSExtensionActivationSupportsMovieWithMaxCount?"
        ),
        check(
            "types need a predicate",
            Support.dictionary([
                "NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers": .array([.string("com.adobe.pdf")]),
                attachmentsMax: Support.int(1),
            ]),
            "invalid value /NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers: NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers is not a key of NSExtensionActivationRule; to accept particular types, write the rule as a predicate with UTI-CONFORMS-TO"
        ),
        check(
            "misspelt key",
            Support.dictionary(["NSExtensionActivationSupportsWebUrlWithMaxCount": Support.int(1), text: .bool(true)]),
            "invalid value /NSExtensionActivationSupportsWebUrlWithMaxCount: NSExtensionActivationSupportsWebUrlWithMaxCount is not a key of NSExtensionActivationRule; did you mean NSExtensionActivationSupportsWebURLWithMaxCount?"
        ),
        check(
            "unrelated key",
            Support.dictionary(["Comment": .string("share"), text: .bool(true)]),
            "invalid value /Comment: Comment is not a key of NSExtensionActivationRule"
        ),
    ]

    static let typeCases: [Case] = [
        check(
            "a string where a count is due",
            Support.dictionary([webURL: .string("1"), text: .bool(true)]),
            "invalid type /NSExtensionActivationSupportsWebURLWithMaxCount: NSExtensionActivationSupportsWebURLWithMaxCount must be an integer, found string \"1\""
        ),
        check(
            "a real where a count is due",
            Support.dictionary([image: .real(1.0), text: .bool(true)]),
            "invalid type /NSExtensionActivationSupportsImageWithMaxCount: NSExtensionActivationSupportsImageWithMaxCount must be an integer, found real 1.0"
        ),
        check(
            "a boolean where a count is due",
            Support.dictionary([image: .bool(true), text: .bool(true)]),
            "invalid type /NSExtensionActivationSupportsImageWithMaxCount: NSExtensionActivationSupportsImageWithMaxCount must be an integer, found boolean true"
        ),
        check(
            "an integer where a boolean is due",
            Support.dictionary([text: Support.int(1)]),
            "invalid type /NSExtensionActivationSupportsText: NSExtensionActivationSupportsText must be a boolean, found integer 1"
        ),
        check(
            "a string where a boolean is due",
            Support.dictionary([image: Support.int(1), strict: .string("YES")]),
            "invalid type /NSExtensionActivationUsesStrictMatching: NSExtensionActivationUsesStrictMatching must be a boolean, found string \"YES\""
        ),
        check(
            "a string version",
            Support.dictionary([image: Support.int(1), version: .string("2")]),
            "invalid type /NSExtensionActivationDictionaryVersion: NSExtensionActivationDictionaryVersion must be an integer, found string \"2\""
        ),
        check(
            "an array where a count is due",
            Support.dictionary([image: .array([]), text: .bool(true)]),
            "invalid type /NSExtensionActivationSupportsImageWithMaxCount: NSExtensionActivationSupportsImageWithMaxCount must be an integer, found array"
        ),
    ]

    static let valueCases: [Case] = [
        check(
            "a negative count",
            Support.dictionary([image: Support.int(-1), text: .bool(true)]),
            "invalid value /NSExtensionActivationSupportsImageWithMaxCount: NSExtensionActivationSupportsImageWithMaxCount is -1; counts cannot be negative"
        ),
        check(
            "a negative minimum",
            Support.dictionary([attachmentsMax: Support.int(1), attachmentsMin: Support.int(-2)]),
            "invalid value /NSExtensionActivationSupportsAttachmentsWithMinCount: NSExtensionActivationSupportsAttachmentsWithMinCount is -2; counts cannot be negative"
        ),
        check(
            "MinCount above MaxCount",
            Support.dictionary([attachmentsMax: Support.int(2), attachmentsMin: Support.int(3)]),
            "invalid value /NSExtensionActivationSupportsAttachmentsWithMinCount: NSExtensionActivationSupportsAttachmentsWithMinCount (3) is above NSExtensionActivationSupportsAttachmentsWithMaxCount (2)"
        ),
        check(
            "dictionary version 3",
            Support.dictionary([image: Support.int(1), version: Support.int(3)]),
            "invalid value /NSExtensionActivationDictionaryVersion: NSExtensionActivationDictionaryVersion is 3; it must be 1 (the extension handles every item offered) or 2 (at least one)"
        ),
        check(
            "dictionary version 0",
            Support.dictionary([image: Support.int(1), version: Support.int(0)]),
            "invalid value /NSExtensionActivationDictionaryVersion: NSExtensionActivationDictionaryVersion is 0; it must be 1 (the extension handles every item offered) or 2 (at least one)"
        ),
    ]

    static let neverMatchesCases: [Case] = [
        check("an empty dictionary", Support.dictionary([:]), "never-matches"),
        check("every count 0", Support.dictionary([attachmentsMax: Support.int(0), image: Support.int(0), webURL: Support.int(0)]), "never-matches"),
        check("text false", Support.dictionary([text: .bool(false)]), "never-matches"),
        check("only the minimum", Support.dictionary([attachmentsMin: Support.int(1), version: Support.int(2), strict: .bool(true)]), "never-matches"),
        check(
            "only an unknown key",
            Support.dictionary(["NSExtensionActivationSupportsVideoWithMaxCount": Support.int(1)]),
            "never-matches",
            "invalid value /NSExtensionActivationSupportsVideoWithMaxCount: NSExtensionActivationSupportsVideoWithMaxCount is not a key of NSExtensionActivationRule; did you mean NSExtensionActivationSupportsMovieWithMaxCount?"
        ),
        check(
            "only a negative count",
            Support.dictionary([image: Support.int(-1)]),
            "never-matches",
            "invalid value /NSExtensionActivationSupportsImageWithMaxCount: NSExtensionActivationSupportsImageWithMaxCount is -1; counts cannot be negative"
        ),
        // A mistyped count was meant to let something in: the type is the finding, not "never".
        check(
            "only a mistyped count",
            Support.dictionary([webURL: .string("1")]),
            "invalid type /NSExtensionActivationSupportsWebURLWithMaxCount: NSExtensionActivationSupportsWebURLWithMaxCount must be an integer, found string \"1\""
        ),
        // Build settings are the unexpanded-variable rule's finding.
        check("an unexpanded count", Support.dictionary([webURL: .string("$(MAX_URLS)")])),
    ]

    static let otherTypeCases: [Case] = [
        check(
            "an array", .array([.string("public.image")]),
            "invalid type /: NSExtensionActivationRule must be a predicate string or a dictionary, found array"
        ),
        check(
            "an integer", Support.int(1),
            "invalid type /: NSExtensionActivationRule must be a predicate string or a dictionary, found integer"
        ),
        check(
            "a boolean", .bool(true),
            "invalid type /: NSExtensionActivationRule must be a predicate string or a dictionary, found boolean"
        ),
    ]

    @Test(arguments: validCases)
    func rulesUsingOnlyDefinedKeysWellGiveNothing(_ testCase: Case) {
        #expect(Support.rendered(testCase.rule) == testCase.observations)
    }

    @Test(arguments: unknownKeyCases)
    func keysAppleDoesNotDefineAreInvalidValuesWithAHint(_ testCase: Case) {
        #expect(Support.rendered(testCase.rule) == testCase.observations)
    }

    @Test(arguments: typeCases)
    func wrongValueTypesAreTypeProblems(_ testCase: Case) {
        #expect(Support.rendered(testCase.rule) == testCase.observations)
    }

    @Test(arguments: valueCases)
    func wrongValuesAreValueProblems(_ testCase: Case) {
        #expect(Support.rendered(testCase.rule) == testCase.observations)
    }

    @Test(arguments: neverMatchesCases)
    func aRuleWithNoPositiveCountAndNoTextNeverMatches(_ testCase: Case) {
        #expect(Support.rendered(testCase.rule) == testCase.observations)
    }

    @Test(arguments: otherTypeCases)
    func aRuleThatIsNeitherStringNorDictionaryIsATypeProblem(_ testCase: Case) {
        #expect(Support.rendered(testCase.rule) == testCase.observations)
        #expect(ActivationRuleAnalysis(rule: testCase.rule, types: .shipped).problems.map(\.kind) == [.type])
    }

    @Test func noRuleIsMissing() {
        let analysis = ActivationRuleAnalysis(rule: nil, types: .shipped)
        #expect(analysis.form == .missing)
        #expect(analysis.isMissing)
        #expect(analysis.observations == [.missing])
        #expect(analysis.accepts.isEmpty)
    }

    @Test func typeAndValueProblemsCarryApplesTwoCodes() {
        let analysis = ActivationRuleAnalysis(
            rule: Support.dictionary([Self.text: Support.int(1), Self.image: Support.int(-1), Self.webURL: Support.int(1)]), types: .shipped)
        #expect(analysis.problems.map(\.kind) == [.type, .value])
        #expect(analysis.problems.map(\.kind) == [.type, .value])
        #expect(
            analysis.problems.map(\.pointer.description) == [
                "/NSExtensionActivationSupportsText", "/NSExtensionActivationSupportsImageWithMaxCount",
            ])
    }

    @Test func netNewsWireAcceptsOneWebURLAndText() {
        let analysis = ActivationRuleAnalysis(rule: Self.netNewsWire, types: .shipped)
        #expect(analysis.form == .dictionary)
        #expect(
            analysis.accepts == [
                ActivationRuleAcceptedType(type: "public.url", max: 1), ActivationRuleAcceptedType(type: "public.text", max: nil),
            ])
    }

    @Test func acceptsFollowsTheKeysInDocumentOrderAndSkipsZeroCounts() {
        let rule = Support.dictionary([
            Self.text: .bool(true), "NSExtensionActivationSupportsWebPageWithMaxCount": Support.int(1),
            "NSExtensionActivationSupportsMovieWithMaxCount": Support.int(0), Self.image: Support.int(10),
            Self.attachmentsMin: Support.int(1), Self.attachmentsMax: Support.int(20),
            "NSExtensionActivationSupportsFileWithMaxCount": Support.int(3), Self.webURL: Support.int(2),
        ])
        #expect(
            Support.accepted(rule) == [
                "{public.text, nil}", "{public.html, 1}", "{public.image, 10}", "{public.item, 20}",
                "{public.file-url, 3}", "{public.url, 2}",
            ])
    }

    @Test func aRepeatedKeyCountsOnceWithItsLastValue() {
        var dictionary = PlistDictionary()
        dictionary.append(key: Self.image, value: Support.int(0))
        dictionary.append(key: Self.image, value: Support.int(4))
        #expect(Support.accepted(.dictionary(dictionary)) == ["{public.image, 4}"])
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled))
    func theCorpusShareExtensionReadsAsNetNewsWiresRule() throws {
        guard let path = RepositoryPaths.corpusOrSkip("netnewswire/iOS/ShareExtension/Info.plist") else { return }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let document = try PropertyListParser.parse(bytes, file: path)
        let rule = document.root.value(at: JSONPointer("NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"))
        #expect(rule == Self.netNewsWire)
        #expect(Support.rendered(rule).isEmpty)
        #expect(Support.accepted(rule) == ["{public.url, 1}", "{public.text, nil}"])
    }
}
