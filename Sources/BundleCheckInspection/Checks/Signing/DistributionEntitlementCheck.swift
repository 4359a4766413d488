import BundleCheckFormats
import BundleCheckModel

/// `get-task-allow` (ITMS-90164) and `aps-environment` (ITMS-90046): entitlements that must fit
/// the distribution (`--distribution`, else the configuration's, else app-store).
struct DistributionEntitlementCheck: Check {
    var id: String { mode.rawValue }
    var evidenceNeeds: [BinaryMatcher] { [] }

    enum Mode: String {
        case getTaskAllow = "get-task-allow"
        case apsEnvironment = "aps-environment"
    }

    let mode: Mode

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let distribution = context.settings.checkedDistribution
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, let signing = bundle.signing, let entitlements = signing.entitlements else { return nil }
            switch mode {
            case .getTaskAllow:
                guard [.appStore, .adHoc].contains(distribution), entitlements.getTaskAllow else { return nil }
                let location = bundle.location(file: signing.entitlementsPath, keyPath: JSONPointer("get-task-allow"))
                return rule.finding(Self.getTaskAllow(bundle, distribution), at: location)
            case .apsEnvironment:
                guard distribution != .development, let value = entitlements.apsEnvironment, value != "production" else { return nil }
                let key = entitlements.dictionary["aps-environment"] != nil ? "aps-environment" : "com.apple.developer.aps-environment"
                let location = bundle.location(file: signing.entitlementsPath, keyPath: JSONPointer(key))
                return rule.finding(Self.apsEnvironment(bundle, value, distribution), at: location)
            }
        }
    }
}

extension DistributionEntitlementCheck {
    static func getTaskAllow(_ bundle: InspectedBundle, _ distribution: Distribution) -> String {
        "\(bundle.name) is signed with get-task-allow true, a development entitlement that \(distribution.rawValue) distribution refuses; export with a distribution profile"
    }

    static func apsEnvironment(_ bundle: InspectedBundle, _ value: String, _ distribution: Distribution) -> String {
        "aps-environment of \(bundle.name) is '\(value)'; \(distribution.rawValue) distribution needs exactly 'production'"
    }
}
