import BundleCheckFormats
import BundleCheckModel

/// `application-identifier` (ITMS-90075): a signed app or extension carries
/// `application-identifier`, and it is `<TEAM>.<bundle id>`. A simulator build, signed ad hoc
/// without entitlements as Xcode signs one, is `simulator-build`'s one finding.
struct ApplicationIdentifierCheck: Check {
    let id = "application-identifier"

    static let key = JSONPointer("application-identifier")

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, let signing = bundle.signing, signing.isSigned,
                let bundleIdentifier = bundle.bundleIdentifier, !UnexpandedVariable.occurs(in: bundleIdentifier),
                !BinaryCheck.insideReportedSimulatorBuild(bundle, in: context)
            else { return nil }
            let location = bundle.location(file: signing.executablePath, keyPath: Self.key)
            guard let applicationIdentifier = signing.entitlements?.applicationIdentifier else {
                return rule.finding(Self.missing(bundle), at: location)
            }
            let team = signing.teamIdentifier ?? applicationIdentifier.split(separator: ".").first.map(String.init) ?? ""
            guard applicationIdentifier != "\(team).\(bundleIdentifier)" else { return nil }
            return rule.finding(
                Self.wrong(applicationIdentifier, "\(team).\(bundleIdentifier)", bundle), at: bundle.location(file: signing.entitlementsPath, keyPath: Self.key)
            )
        }
    }
}

extension ApplicationIdentifierCheck {
    static func missing(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) is signed without an application-identifier entitlement; sign it with a provisioning profile for its App ID"
    }

    static func wrong(_ value: String, _ expected: String, _ bundle: InspectedBundle) -> String {
        "application-identifier of \(bundle.name) is '\(value)'; it must be '\(expected)' (team id, '.', bundle identifier)"
    }
}
