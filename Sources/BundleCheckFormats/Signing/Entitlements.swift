/// The entitlements of a bundle or a provisioning profile: the full dictionary,
/// and the keys the signing rules read, under the names Apple uses for them.
///
/// The same model serves the XML blob of a code signature, an
/// `archived-expanded-entitlements.xcent` file and a profile's `Entitlements`.
/// A key whose value has the wrong type reads as absent.
public struct Entitlements: Sendable, Hashable {
    public let dictionary: PlistDictionary

    public init(_ dictionary: PlistDictionary) {
        self.dictionary = dictionary
    }

    /// Parses an entitlements property list (XML, or binary for hand-made files);
    /// its root must be a dictionary.
    ///
    /// - Throws: `BundleCheckError.malformedPropertyList` naming `file`.
    package init(propertyList bytes: [UInt8], file: String) throws {
        let document = try PropertyListParser.parse(bytes, file: file)
        guard let dictionary = document.root.dictionaryValue else {
            throw BundleCheckError.malformedPropertyList(
                file: file, reason: "the root is of type \(document.root.typeName); entitlements need a dictionary", line: nil)
        }
        self.init(dictionary)
    }

    /// `application-identifier` (iOS), else `com.apple.application-identifier` (macOS, some older profiles).
    public var applicationIdentifier: String? {
        dictionary["application-identifier"]?.stringValue ?? dictionary["com.apple.application-identifier"]?.stringValue
    }

    /// `com.apple.developer.team-identifier`.
    public var teamIdentifier: String? {
        dictionary["com.apple.developer.team-identifier"]?.stringValue
    }

    public static let appGroupsKey = "com.apple.security.application-groups"

    /// `com.apple.security.application-groups`, the string elements in order.
    public var appGroups: [String] {
        strings(at: Self.appGroupsKey)
    }

    /// `get-task-allow` (iOS) and `com.apple.security.get-task-allow` (the Mac's, TN3125).
    public static let getTaskAllowKeys = ["get-task-allow", "com.apple.security.get-task-allow"]

    /// The get-task-allow key set to the boolean true, which lets a debugger attach; nil when neither is.
    public var getTaskAllowKey: String? {
        Self.getTaskAllowKeys.first { dictionary[$0]?.boolValue == true }
    }

    /// Whether a debugger may attach: either get-task-allow key is the boolean true.
    public var getTaskAllow: Bool { getTaskAllowKey != nil }

    /// `aps-environment` (iOS), else `com.apple.developer.aps-environment` (macOS).
    public var apsEnvironment: String? {
        dictionary["aps-environment"]?.stringValue ?? dictionary["com.apple.developer.aps-environment"]?.stringValue
    }

    /// `keychain-access-groups`, the string elements in order.
    public var keychainAccessGroups: [String] {
        strings(at: "keychain-access-groups")
    }

    /// Whether the entitlement `key` is granted: the boolean true, a non-empty list or a
    /// non-empty string (capabilities are written in each of the three shapes).
    public func grants(_ key: String) -> Bool {
        switch dictionary[key] {
        case .bool(let granted)?: granted
        case .array(let items)?: !items.isEmpty
        case .string(let text)?: !text.isEmpty
        default: false
        }
    }

    private func strings(at key: String) -> [String] {
        dictionary[key]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

/// Where a bundle's entitlements were read from, as the inventory reports it.
///
/// Compare an optional of this type with `EntitlementsSource.none` spelled out:
/// a bare `.none` would mean `Optional.none`.
public enum EntitlementsSource: String, Sendable, Hashable, CaseIterable {
    /// The XML entitlements blob of the executable's code signature.
    case signature
    /// `archived-expanded-entitlements.xcent` beside the executable (an `.xcarchive`, or an older IPA).
    case xcent
    /// Neither: the bundle is unsigned, or its signature carries no entitlements.
    case none
}
