import BundleCheckFormats
import BundleCheckModel

/// `get-task-allow` (ITMS-90164) and `aps-environment` (ITMS-90046): entitlements that must fit
/// the distribution the input is judged by (`CheckContext.distribution`).
struct DistributionEntitlementCheck: DistributionCheck {
    var id: String { mode.rawValue }

    enum Mode: String {
        case getTaskAllow = "get-task-allow"
        case apsEnvironment = "aps-environment"
    }

    let mode: Mode

    var distributions: Set<Distribution> {
        switch mode {
        // Notarization refuses it as the App Stores do ("The executable requests the
        // com.apple.security.get-task-allow entitlement").
        case .getTaskAllow: [.appStore, .adHoc, .macAppStore, .developerID]
        case .apsEnvironment: Set.all.subtracting([.development])
        }
    }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        let archive = context.inputKind == .xcarchive
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, let signing = bundle.signing, let entitlements = signing.entitlements else { return nil }
            switch mode {
            case .getTaskAllow:
                guard let key = entitlements.getTaskAllowKey else { return nil }
                let location = bundle.location(file: signing.entitlementsPath, keyPath: JSONPointer(key))
                return rule.finding(Self.getTaskAllow(bundle, distribution, archive: archive), at: location)
            case .apsEnvironment:
                guard let value = entitlements.apsEnvironment, value != "production" else { return nil }
                let key = entitlements.dictionary["aps-environment"] != nil ? "aps-environment" : "com.apple.developer.aps-environment"
                let location = bundle.location(file: signing.entitlementsPath, keyPath: JSONPointer(key))
                return rule.finding(Self.apsEnvironment(bundle, value, distribution, archive: archive), at: location)
            }
        }
    }
}

extension DistributionEntitlementCheck {
    static func getTaskAllow(_ bundle: InspectedBundle, _ distribution: Distribution, archive: Bool) -> String {
        let fact = "\(bundle.name) is signed with get-task-allow true, a development entitlement that \(distribution.rawValue) distribution refuses"
        return archive
            ? "\(fact); exporting the archive for \(distribution.rawValue) re-signs it without, so check the exported package"
            : "\(fact); export with a distribution profile"
    }

    static func apsEnvironment(_ bundle: InspectedBundle, _ value: String, _ distribution: Distribution, archive: Bool) -> String {
        let fact = "aps-environment of \(bundle.name) is '\(value)'; \(distribution.rawValue) distribution needs exactly 'production'"
        return archive
            ? "\(fact); exporting the archive for \(distribution.rawValue) sets it from the distribution profile, so check the exported package"
            : fact
    }
}
