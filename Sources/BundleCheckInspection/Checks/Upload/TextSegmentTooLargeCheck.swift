import BundleCheckFormats
import BundleCheckModel

/// `text-segment-too-large`: a bundle's executable whose `__TEXT` sections exceed Apple's limit
/// for the bundle's platform and deployment target (`Rules/data/size-limits.yml`): every
/// slice's added up (500 MB from iOS 9, tvOS 9 and visionOS; 80 MB before iOS 7), or each
/// slice's alone (60 MB for iOS 7 and 8). Read from the load commands already parsed.
struct TextSegmentTooLargeCheck: Check {
    let id = "text-segment-too-large"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let limits = SizeLimits.shipped
        return context.bundles.compactMap { bundle -> Finding? in
            guard let executable = bundle.signing?.executable, let path = bundle.signing?.executablePath,
                let target = bundle.deploymentTarget,
                let limit = limits.executableLimit(platform: bundle.platform.platform.id, minimum: target)
            else { return nil }
            let slices = executable.slices.compactMap { slice in slice.textSectionsSize.map { (slice.architecture, $0) } }
            let over: String
            if limit.perSlice {
                let large = slices.filter { $0.1 > limit.bytes }
                guard !large.isEmpty else { return nil }
                over =
                    large.map { "\($0.0) \(ByteSizeText.decimalAndExact($0.1))" }.joined(separator: ", ")
                    + ", more than the \(limit.written) each slice may hold"
            } else {
                let total = executable.textSectionsSize
                guard total > limit.bytes else { return nil }
                over =
                    "\(ByteSizeText.decimalAndExact(total)) across \(slices.map(\.0).joined(separator: ", ")), more than the \(limit.written) a binary may hold"
            }
            return rule.finding(
                "\(PackagePath.name(path))'s __TEXT sections take \(over) when it deploys to \(bundle.platform.platform.name) \(target); App Store Connect refuses the upload: move code into frameworks or dynamic libraries, strip unused architectures, or raise the deployment target",
                at: bundle.location(file: path), identity: path
            )
        }
    }
}
