import BundleCheckFormats
import BundleCheckModel

/// `app-group-none-shared`: a share or action extension that shares no app group with its app,
/// so the hand-over of seed 000 (files saved to the group container, then the app opened) cannot work.
struct AppGroupNoneSharedCheck: Check {
    let id = "app-group-none-shared"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.filter(\.isShareOrActionExtension).compactMap { bundle -> Finding? in
            guard let container = context.parent(of: bundle),
                bundle.signing?.entitlements != nil, container.signing?.entitlements != nil
            else { return nil }
            let shared = Set(bundle.signedAppGroups.map(\.group)).intersection(container.signedAppGroups.map(\.group))
            guard shared.isEmpty else { return nil }
            let location = bundle.location(file: bundle.signing?.entitlementsPath, keyPath: JSONPointer(Entitlements.appGroupsKey))
            return rule.finding(Self.noneShared(bundle, container), at: location)
        }
    }
}

extension AppGroupNoneSharedCheck {
    static func noneShared(_ bundle: InspectedBundle, _ container: InspectedBundle) -> String {
        "\(bundle.name) shares no app group with \(container.name), so it cannot hand files or settings to the app; add the same 'group.' identifier to both targets' App Groups"
    }
}
