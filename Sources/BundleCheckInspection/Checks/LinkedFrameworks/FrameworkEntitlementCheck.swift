import BundleCheckFormats
import BundleCheckModel

/// A framework of `framework-requirements.yml` linked (not weakly) by a bundle whose signed
/// entitlements lack the one the framework needs: `declared-age-range-entitlement` for
/// DeclaredAgeRange. One check per rule, each reporting the rows that name it; one finding per
/// bundle and entitlement, naming the files that link the framework. Judged where the bundle is
/// signed with entitlements (a simulator build, signed ad hoc without them, is `simulator-build`'s).
struct FrameworkEntitlementCheck: Check {
    let id: String

    /// What one bundle lacks.
    struct Gap {
        let bundle: InspectedBundle
        let entitlement: String
        let framework: String
        let capability: String
        var binaries: [String]
    }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        var gaps: [Gap] = []
        let reported = FrameworkRequirements.shipped.links(in: context) { requirement in
            if case .entitlement(_, id, _) = requirement.need { return true }
            return false
        }
        for link in reported {
            guard case .entitlement(let key, _, let capability) = link.requirement.need else { continue }
            if let index = gaps.firstIndex(where: { $0.bundle.path == link.bundle.path && $0.entitlement == key }) {
                gaps[index].binaries.append(link.binary)
            } else {
                gaps.append(Gap(bundle: link.bundle, entitlement: key, framework: link.requirement.framework, capability: capability, binaries: [link.binary]))
            }
        }
        return gaps.compactMap { gap -> Finding? in
            guard let signing = gap.bundle.signing, signing.isSigned, let entitlements = signing.entitlements,
                !BinaryCheck.insideReportedSimulatorBuild(gap.bundle, in: context), !entitlements.grants(gap.entitlement)
            else { return nil }
            let location = gap.bundle.location(file: signing.entitlementsPath ?? signing.executablePath, keyPath: JSONPointer(gap.entitlement))
            return rule.finding(Self.message(gap), at: location, identity: gap.entitlement)
        }
    }
}

extension FrameworkEntitlementCheck {
    static func message(_ gap: Gap) -> String {
        let linked = gap.binaries.count == 1 ? gap.binaries[0] : "\(gap.binaries[0]) and \(gap.binaries.count - 1) more"
        return
            "\(gap.bundle.name) links \(gap.framework) (in \(linked)) but its signature does not grant the \(gap.entitlement) entitlement, which Apple requires to use \(gap.framework). Turn on the target's \(gap.capability) capability in Xcode, which adds the entitlement, and sign with a profile that allows it"
    }
}
