import BundleCheckFormats
import BundleCheckModel

/// `version-mismatch` (ITMS-90473): an extension, watch app or app clip whose
/// versions differ from its containing app's.
///
/// Each bundle is compared with its direct container, so a watch app that is
/// off gives one finding rather than one per extension inside it.
struct VersionMismatchCheck: Check {
    let id = "version-mismatch"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        var findings: [Finding] = []
        for bundle in context.bundles where VersionKey.matchesContainer(bundle.kind) {
            guard let container = context.parent(of: bundle), VersionKey.matchesContainer(container.kind),
                let plist = bundle.infoPlist, let containerPlist = container.infoPlist
            else { continue }
            for key in VersionKey.allCases {
                guard let mine = Self.comparable(plist.value(at: key.pointer)),
                    let theirs = Self.comparable(containerPlist.value(at: key.pointer)),
                    mine != theirs
                else { continue }
                let message = Self.mismatch(key, bundle: bundle, value: mine, container: container, containerValue: theirs)
                findings.append(rule.finding(message, at: bundle.infoPlistLocation(key.pointer)))
            }
        }
        return findings
    }

    /// A value worth comparing: a non-empty string without build-setting references
    /// (those are reported by version-missing and unexpanded-variable instead).
    private static func comparable(_ value: PlistValue?) -> String? {
        guard case .string(let text)? = value, !text.allSatisfy(\.isWhitespace),
            !UnexpandedVariable.occurs(in: text)
        else { return nil }
        return text
    }
}

extension VersionMismatchCheck {
    static func mismatch(
        _ key: VersionKey,
        bundle: InspectedBundle,
        value: String,
        container: InspectedBundle,
        containerValue: String
    ) -> String {
        "\(key.rawValue) '\(value)' of \(bundle.kind.rawValue) \(bundle.name) does not match '\(containerValue)' of its containing \(container.kind.rawValue) \(container.name); set both to the same value"
    }
}
