import BundleCheckFormats
import BundleCheckModel

/// `debug-build` (ITMS-90171): a bundle built with Xcode's Debug configuration, its code in
/// `<executable>.debug.dylib` beside a stub executable, and `__preview.dylib`
/// (`Rules/data/debug-builds.yml`). One finding per bundle naming them; `stray-binary` leaves
/// those files to this rule when it runs.
struct DebugBuildCheck: Check {
    static let ruleID = "debug-build"
    let id = ruleID
    var citesAppleCodes: Bool { true }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            let dylibs = DebugBuilds.shipped.dylibs(of: bundle, paths: context.paths)
            guard let first = dylibs.first else { return nil }
            let names = dylibs.map(PackagePath.name).joined(separator: " and ")
            return rule.finding(
                "\(bundle.name) is a Debug build: it holds \(names), which Xcode's Debug configuration writes (ENABLE_DEBUG_DYLIB) and App Store Connect refuses as standalone libraries (\(rule.appleCodesText)); archive with the Release configuration",
                at: bundle.location(file: first)
            )
        }
    }
}
