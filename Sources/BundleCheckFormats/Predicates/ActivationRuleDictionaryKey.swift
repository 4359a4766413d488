/// The keys Apple defines for the dictionary form of NSExtensionActivationRule.
public enum ActivationRuleDictionaryKey: String, Sendable, Hashable, CaseIterable {
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
        let typed = Array(key)
        let closest = allCases
            .map { (distance: BoundedEditDistance.distance(typed, Array($0.rawValue), limit: 4), key: $0.rawValue) }
            .filter { $0.distance <= 4 }
            .min { ($0.distance, $0.key) < ($1.distance, $1.key) }
        return closest.map { "did you mean \($0.key)?" }
    }
}
