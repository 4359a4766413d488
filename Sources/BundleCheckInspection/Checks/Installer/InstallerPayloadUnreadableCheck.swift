import BundleCheckFormats
import BundleCheckModel

/// `installer-payload-unreadable`: a component's payload, or its `PackageInfo` or `Bom`, could
/// not be read to its end (damaged or cut-short compression, a cpio header that makes no sense,
/// a format bundlecheck does not read). What was read before the damage is checked; what came
/// after is not, and the installer would fail at the same place.
struct InstallerPayloadUnreadableCheck: Check {
    let id = "installer-payload-unreadable"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        guard let package = context.installerPackage else { return [] }
        var findings = package.components.compactMap { component -> Finding? in
            guard let problem = component.payloadProblem else { return nil }
            let location = FindingLocation(bundle: nil, file: component.payloadPath)
            return rule.finding(Self.payload(component, problem), at: location, identity: component.payloadPath)
        }
        for (member, problem) in package.memberProblems.sorted(by: { $0.key < $1.key }) {
            findings.append(rule.finding(Self.member(member, problem), at: FindingLocation(bundle: nil, file: member), identity: member))
        }
        return findings
    }
}

extension InstallerPayloadUnreadableCheck {
    static func payload(_ component: InstallerPackageContents.Component, _ problem: String) -> String {
        "\(component.payloadPath) cannot be read to its end (\(component.entryCount) entries read): \(problem); what came after was not checked"
    }

    static func member(_ member: String, _ problem: String) -> String {
        "\(member) cannot be read: \(problem)"
    }
}
