import BundleCheckModel

/// `app-group-mismatch`: an extension, app clip or watch app entitled to an app group its
/// containing app lacks, so the shared container is not shared.
struct AppGroupMismatchCheck: Check {
    let id = "app-group-mismatch"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind != .framework, bundle.kind != .app || bundle.parent != nil,
                let container = context.parent(of: bundle), container.signing?.entitlements != nil,
                bundle.signing?.entitlements != nil
            else { return nil }
            let mine = bundle.signedAppGroups.map(\.group)
            let theirs = Set(container.signedAppGroups.map(\.group))
            let missing = mine.filter { !theirs.contains($0) }
            guard let first = missing.first, let location = bundle.signedAppGroups.first(where: { $0.group == first })?.location else { return nil }
            return rule.finding(Self.mismatch(bundle, mine, container, theirs.sorted(), missing), at: location)
        }
    }
}

extension AppGroupMismatchCheck {
    static func mismatch(_ bundle: InspectedBundle, _ mine: [String], _ container: InspectedBundle, _ theirs: [String], _ missing: [String]) -> String {
        let list = { (groups: [String]) in groups.isEmpty ? "none" : groups.joined(separator: ", ") }
        return
            "\(bundle.name) is entitled to \(list(missing)), which \(container.name) lacks (\(bundle.name): \(list(mine)); \(container.name): \(list(theirs))); give both targets the same App Groups capability"
    }
}
