import BundleCheckFormats
import BundleCheckModel

/// `required-keys` (ITMS-90360): the keys Apple requires in apps and extensions, present and
/// non-empty (the deployment target as the bundle's platform names it: `MinimumOSVersion`, on
/// the Mac `LSMinimumSystemVersion`), and the executable that CFBundleExecutable names present
/// in the bundle.
struct RequiredKeysCheck: Check {
    let id = "required-keys"

    static let identityKeys = ["CFBundleExecutable", "CFBundleIdentifier"]

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        var findings: [Finding] = []
        for bundle in context.bundles where bundle.kind != .framework {
            guard let plist = bundle.infoPlist else { continue }
            for key in Self.identityKeys + [bundle.platform.platform.minimumOSKey] where !Self.isSet(plist.value(at: JSONPointer(key))) {
                findings.append(rule.finding(Self.missing(key, bundle), at: bundle.infoPlistLocation(JSONPointer(key))))
            }
            if !Self.isSet(plist.value(at: JSONPointer("CFBundleName"))) && !Self.isSet(plist.value(at: JSONPointer("CFBundleDisplayName"))) {
                findings.append(rule.finding(Self.missingName(bundle), at: bundle.infoPlistLocation(JSONPointer("CFBundleName"))))
            }
            if let executable = bundle.executable, !executable.isEmpty, !UnexpandedVariable.occurs(in: executable),
                !context.paths.isFile(bundle.layout.executablePath(named: executable))
            {
                findings.append(
                    rule.finding(
                        Self.missingExecutable(executable, bundle), at: bundle.infoPlistLocation(JSONPointer("CFBundleExecutable")), identity: "executable"))
            }
        }
        return findings
    }

    /// Present, and not an empty string (Apple counts an empty string as missing).
    static func isSet(_ value: PlistValue?) -> Bool {
        guard let value else { return false }
        if case .string(let text) = value { return !text.allSatisfy(\.isWhitespace) }
        return true
    }
}

extension RequiredKeysCheck {
    static func missing(_ key: String, _ bundle: InspectedBundle) -> String {
        "\(bundle.name) has no \(key) (or an empty one); Apple requires it in every app and extension"
    }

    static func missingName(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) has neither CFBundleName nor CFBundleDisplayName; Apple requires a name"
    }

    static func missingExecutable(_ executable: String, _ bundle: InspectedBundle) -> String {
        "CFBundleExecutable of \(bundle.name) names '\(executable)', but the bundle holds no such file"
    }
}
