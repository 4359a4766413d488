/// The dictionary form of an activation rule, key by key: unknown keys, wrong value types,
/// negative counts, MinCount above MaxCount, a DictionaryVersion other than 1 or 2, and
/// whether anything at all gets in.
struct ActivationRuleDictionaryReading {
    private(set) var observations: [ActivationRuleObservation] = []
    private(set) var accepts: [ActivationRuleAcceptedType] = []

    init(_ dictionary: PlistDictionary) {
        var integers: [ActivationRuleDictionaryKey: PlistInteger] = [:]
        var booleans: [ActivationRuleDictionaryKey: Bool] = [:]
        // A mistyped or unreadable key might have been meant to let something in.
        var outcomeIsUncertain = false

        for name in dictionary.keys {
            guard let value = dictionary[name] else { continue }
            let pointer = JSONPointer(name)
            guard let key = ActivationRuleDictionaryKey(rawValue: name) else {
                var message = "\(name) is not a key of NSExtensionActivationRule"
                if let hint = ActivationRuleDictionaryKey.hint(forUnknownKey: name) { message += "; \(hint)" }
                invalid(.value, pointer, message)
                continue
            }
            if case .string(let text) = value, UnexpandedVariable.occurs(in: text) {
                outcomeIsUncertain = outcomeIsUncertain || key.isSupportingCount || key == .text
                continue
            }
            switch (key.isBoolean, value) {
            case (true, .bool(let flag)):
                booleans[key] = flag
            case (false, .integer(let integer)):
                integers[key] = integer
                checkInteger(integer, of: key, at: pointer)
            default:
                outcomeIsUncertain = outcomeIsUncertain || key.isSupportingCount || key == .text
                let expected = key.isBoolean ? "a boolean" : "an integer"
                invalid(.type, pointer, "\(name) must be \(expected), found \(Self.describe(value))")
            }
            if let type = key.acceptedType {
                if key == .text, booleans[key] == true {
                    accepts.append(ActivationRuleAcceptedType(type: type, max: nil))
                } else if let count = integers[key], key.isSupportingCount, !count.isNegative, count.magnitude > 0 {
                    accepts.append(ActivationRuleAcceptedType(type: type, max: Int(clamping: count.magnitude)))
                }
            }
        }

        if let minimum = integers[.attachmentsMinCount], let maximum = integers[.attachmentsMaxCount],
            !minimum.isNegative, !maximum.isNegative, minimum.magnitude > maximum.magnitude
        {
            invalid(
                .value, JSONPointer(ActivationRuleDictionaryKey.attachmentsMinCount.rawValue),
                "\(ActivationRuleDictionaryKey.attachmentsMinCount.rawValue) (\(minimum)) is above "
                    + "\(ActivationRuleDictionaryKey.attachmentsMaxCount.rawValue) (\(maximum))"
            )
        }
        if accepts.isEmpty && !outcomeIsUncertain {
            observations.insert(
                .neverMatches(
                    reason: "every NSExtensionActivationSupports…WithMaxCount is 0 or absent and "
                        + "NSExtensionActivationSupportsText is not true, so nothing is accepted"
                ),
                at: 0
            )
        }
    }

    private mutating func checkInteger(_ integer: PlistInteger, of key: ActivationRuleDictionaryKey, at pointer: JSONPointer) {
        if key == .dictionaryVersion {
            if integer.isNegative || !(1...2).contains(integer.magnitude) {
                invalid(
                    .value, pointer,
                    "\(key.rawValue) is \(integer); it must be 1 (the extension handles every item offered) or 2 (at least one)"
                )
            }
        } else if integer.isNegative {
            invalid(.value, pointer, "\(key.rawValue) is \(integer); counts cannot be negative")
        }
    }

    private mutating func invalid(_ kind: ActivationRuleProblemKind, _ pointer: JSONPointer, _ message: String) {
        observations.append(.invalid(ActivationRuleProblem(kind: kind, pointer: pointer, message: message)))
    }

    /// `string "1"`, `real 1.5`, `boolean true`, `integer 1`, `array`.
    private static func describe(_ value: PlistValue) -> String {
        switch value {
        case .string(let text): "string \(PredicateExpression.quoted(PredicateToken.shortened(text)))"
        case .integer(let integer): "integer \(integer)"
        case .real(let real): "real \(real)"
        case .bool(let flag): "boolean \(flag)"
        default: value.typeName
        }
    }
}

/// The keys Apple defines for the dictionary form of NSExtensionActivationRule.
enum ActivationRuleDictionaryKey: String, Sendable, Hashable, CaseIterable {
    case attachmentsMaxCount = "NSExtensionActivationSupportsAttachmentsWithMaxCount"
    case attachmentsMinCount = "NSExtensionActivationSupportsAttachmentsWithMinCount"
    case fileMaxCount = "NSExtensionActivationSupportsFileWithMaxCount"
    case imageMaxCount = "NSExtensionActivationSupportsImageWithMaxCount"
    case movieMaxCount = "NSExtensionActivationSupportsMovieWithMaxCount"
    case webURLMaxCount = "NSExtensionActivationSupportsWebURLWithMaxCount"
    case webPageMaxCount = "NSExtensionActivationSupportsWebPageWithMaxCount"
    case text = "NSExtensionActivationSupportsText"
    case dictionaryVersion = "NSExtensionActivationDictionaryVersion"
    case usesStrictMatching = "NSExtensionActivationUsesStrictMatching"

    /// Booleans; the others are integers.
    var isBoolean: Bool {
        self == .text || self == .usesStrictMatching
    }

    /// A count whose value, when above 0, lets content in (0 or absent means unsupported).
    var isSupportingCount: Bool {
        switch self {
        case .attachmentsMaxCount, .fileMaxCount, .imageMaxCount, .movieMaxCount, .webURLMaxCount, .webPageMaxCount: true
        default: false
        }
    }

    /// The type identifier the key lets in, for `accepts`.
    var acceptedType: String? {
        switch self {
        case .attachmentsMaxCount: "public.item"
        case .fileMaxCount: "public.file-url"
        case .imageMaxCount: "public.image"
        case .movieMaxCount: "public.movie"
        case .webURLMaxCount: "public.url"
        case .webPageMaxCount: "public.html"
        case .text: "public.text"
        case .attachmentsMinCount, .dictionaryVersion, .usesStrictMatching: nil
        }
    }

    /// What to say about keys seen in the wild that Apple does not define.
    static let unknownKeyHints: [String: String] = [
        "NSExtensionActivationSupportsTextWithMinCount":
            "text support is the boolean NSExtensionActivationSupportsText; there is no text count",
        "NSExtensionActivationSupportsTextWithMaxCount":
            "text support is the boolean NSExtensionActivationSupportsText; there is no text count",
        "NSExtensionActivationSupportsVideoWithMaxCount": "did you mean NSExtensionActivationSupportsMovieWithMaxCount?",
        "NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers":
            "to accept particular types, write the rule as a predicate with UTI-CONFORMS-TO",
    ]

    /// A hint for an unknown key: a listed one, else the closest defined key.
    static func hint(forUnknownKey key: String) -> String? {
        if let hint = unknownKeyHints[key] { return hint }
        let closest = BoundedEditDistance.nearest(to: Array(key), among: allCases.map(\.rawValue), limit: 4)
        return closest.map { "did you mean \($0)?" }
    }
}
