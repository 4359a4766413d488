import BundleCheckFormats
import BundleCheckModel

/// `version-format`: a version that is not one to three period-separated non-negative integers.
struct VersionFormatCheck: Check {
    let id = "version-format"
    var appleCodeKeys: [AppleCodeKey] { VersionKey.appleCodeKeys }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.versionValues().compactMap { bundle, key, value in
            guard let value else { return nil }
            let problem: String
            switch value {
            case .string(let text):
                // Empty values belong to version-missing, `$(…)` to unexpanded-variable.
                if text.allSatisfy(\.isWhitespace) || UnexpandedVariable.occurs(in: text) { return nil }
                guard let found = VersionNumber.problem(in: text) else { return nil }
                problem = Self.malformed(key, text, found, in: bundle)
            default:
                problem = Self.notAString(key, value, in: bundle)
            }
            return rule.finding(problem, at: bundle.infoPlistLocation(key.pointer), appleCodes: rule.appleCodes(for: key.appleCodeKey))
        }
    }
}

extension VersionFormatCheck {
    static func malformed(_ key: VersionKey, _ value: String, _ problem: String, in bundle: InspectedBundle) -> String {
        "\(key.rawValue) '\(value)' of \(bundle.name) \(problem); use one to three period-separated non-negative integers such as 1.4.2"
    }

    static func notAString(_ key: VersionKey, _ value: PlistValue, in bundle: InspectedBundle) -> String {
        "\(key.rawValue) of \(bundle.name) is of type \(value.typeName); it must be a string such as \"1.0\""
    }
}
