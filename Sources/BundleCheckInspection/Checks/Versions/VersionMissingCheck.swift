import BundleCheckModel

/// `version-missing`: CFBundleVersion or CFBundleShortVersionString absent or empty.
struct VersionMissingCheck: Check {
    let id = "version-missing"
    var appleCodeKeys: [AppleCodeKey] { VersionKey.appleCodeKeys }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.versionValues().compactMap { bundle, key, value in
            let isMissing: Bool
            switch value {
            case nil: isMissing = true
            case .string(let text)?: isMissing = text.allSatisfy(\.isWhitespace)
            default: isMissing = false
            }
            guard isMissing else { return nil }
            let message = value == nil ? Self.absent(key, in: bundle) : Self.empty(key, in: bundle)
            return rule.finding(message, at: bundle.infoPlistLocation(key.pointer), appleCodes: rule.appleCodes(for: key.appleCodeKey))
        }
    }
}

extension VersionMissingCheck {
    static func absent(_ key: VersionKey, in bundle: InspectedBundle) -> String {
        "\(bundle.name) has no \(key.rawValue); every \(bundle.kind.rawValue) bundle must set it"
    }

    static func empty(_ key: VersionKey, in bundle: InspectedBundle) -> String {
        "\(key.rawValue) of \(bundle.name) is empty; an empty value counts as missing"
    }
}
