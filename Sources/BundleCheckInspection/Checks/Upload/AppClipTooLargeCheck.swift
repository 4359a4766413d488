import BundleCheckFormats
import BundleCheckModel

/// `app-clip-too-large` (ITMS-90865, a warning): an App Clip whose bundle, uncompressed as the
/// listing declares it, exceeds the limit for its deployment target (`Rules/data/size-limits.yml`:
/// 10 MB, 15 MB from iOS 16, 100 MB from iOS 17 for a clip the configuration says is invoked
/// only digitally). Apple measures each variant after thinning, which cannot be done offline:
/// this is the universal size, never smaller than any variant's, so it can warn too early.
struct AppClipTooLargeCheck: Check {
    let id = "app-clip-too-large"
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes([SizeLimits.shipped.appClipCode], from: SizeLimits.table)] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let limits = SizeLimits.shipped
        return context.bundles.filter { $0.kind == .appClip }.compactMap { clip -> Finding? in
            guard let total = clip.sizes?.total, let target = clip.deploymentTarget,
                let limit = limits.appClipLimit(minimum: target, digitalOnly: context.settings.appClipDigitalOnly),
                total.uncompressed > limit.bytes
            else { return nil }
            return rule.finding(
                "the App Clip \(clip.name) takes \(ByteSizeText.decimal(total.uncompressed)) uncompressed (\(ByteSizeText.exact(total.uncompressed)), every architecture and asset variant together), more than the \(limit.written) App Store Connect allows a clip deploying to iOS \(target) after thinning (\(limits.appClipCode) Thinned App Clip size is too large); measure the thinned variants with Xcode's App Thinning Size Report, and move content out of the clip",
                at: FindingLocation(bundle: clip.path, file: nil), identity: clip.path, appleCodes: [limits.appClipCode]
            )
        }
    }
}
