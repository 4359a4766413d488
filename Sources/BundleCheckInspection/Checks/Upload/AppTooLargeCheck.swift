import BundleCheckFormats
import BundleCheckModel

/// `app-too-large`: an app (a top-level app, or a watch app inside one) whose files add up,
/// uncompressed as the listing declares them, to more than App Store Connect accepts for its
/// platform (`Rules/data/size-limits.yml`: 4 GB, 200 GB on the Mac, 75 MB for a watch app).
struct AppTooLargeCheck: Check {
    let id = "app-too-large"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let limits = SizeLimits.shipped
        return context.bundles.filter { $0.parent == nil || $0.kind == .watchApp }.compactMap { app -> Finding? in
            guard let total = app.sizes?.total, let limit = limits.app[app.platform.platform.id], total.uncompressed > limit.bytes else { return nil }
            return rule.finding(
                "\(app.name) takes \(ByteSizeText.decimal(total.uncompressed)) uncompressed (\(ByteSizeText.exact(total.uncompressed)) in \(total.files) files), more than the \(limit.written) App Store Connect accepts for \(app.platform.platform.name) apps; move large content out of the bundle (Background Assets, or on-demand resources)",
                at: FindingLocation(bundle: app.path, file: nil), identity: app.path
            )
        }
    }
}
