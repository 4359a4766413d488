import BundleCheckFormats
import BundleCheckModel

/// `bundle-id-duplicate` (ITMS-90685): two bundles under one app with the same identifier.
///
/// Two separate apps in one IPA are two submissions, so the check stays within each app.
struct BundleIdentifierDuplicateCheck: Check {
    let id = "bundle-id-duplicate"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        var firstByApp: [String: [String: InspectedBundle]] = [:]
        var findings: [Finding] = []
        for bundle in context.bundles {
            guard let identifier = bundle.bundleIdentifier, !identifier.isEmpty, !UnexpandedVariable.occurs(in: identifier) else { continue }
            let app = context.app(of: bundle).path
            if let first = firstByApp[app]?[identifier] {
                findings.append(rule.finding(Self.duplicate(identifier, bundle, first), at: bundle.infoPlistLocation(JSONPointer("CFBundleIdentifier"))))
            } else {
                firstByApp[app, default: [:]][identifier] = bundle
            }
        }
        return findings
    }
}

extension BundleIdentifierDuplicateCheck {
    static func duplicate(_ identifier: String, _ bundle: InspectedBundle, _ first: InspectedBundle) -> String {
        "\(bundle.name) has the identifier '\(identifier)', like \(first.name); every bundle under an app needs its own"
    }
}
