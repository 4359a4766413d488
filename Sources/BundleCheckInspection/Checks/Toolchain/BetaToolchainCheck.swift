import BundleCheckFormats
import BundleCheckModel

/// `beta-toolchain` (ITMS-90534): an app, extension, watch app or app clip built with a beta
/// Xcode (`DTXcodeBuild`) or with an SDK build only betas shipped (`DTSDKBuild`), by the table
/// `Rules/data/xcode-builds.yml`. Release candidates are accepted; a build the table does not
/// list is unknown and says nothing. One finding per bundle.
struct BetaToolchainCheck: Check {
    let id = "beta-toolchain"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let builds = XcodeBuilds.shipped
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind != .framework, let toolchain = bundle.toolchain else { return nil }
            var problems: [String] = []
            var pointer: JSONPointer?
            if let build = toolchain.xcodeBuild, let xcode = builds.xcode(build), xcode.kind == .seed {
                problems.append(xcode.description)
                pointer = JSONPointer("DTXcodeBuild")
            }
            // The SDK's own platform (a simulator's SDK builds are its device's: the table lists
            // them by the device's name), else the bundle's.
            if let build = toolchain.sdkBuild, let platform = toolchain.sdkPlatform,
                let sdk = builds.sdk(build, platform: Self.devicePlatformName(of: platform) ?? bundle.platform.platform.device.platformName),
                sdk.kind == .seed,
                // A beta Xcode's own beta SDK goes without saying.
                !sdk.shippedWith.contains(where: { $0.build == toolchain.xcodeBuild }) || pointer == nil
            {
                let seeds = sdk.shippedWith.map(\.description).joined(separator: ", ")
                problems.append("the SDK build \(build) (\(toolchain.sdkName ?? platform)), which only betas shipped: \(seeds)")
                pointer = pointer ?? JSONPointer("DTSDKBuild")
            }
            guard let pointer else { return nil }
            return rule.finding(Self.beta(bundle, problems), at: bundle.infoPlistLocation(pointer))
        }
    }
}

extension BetaToolchainCheck {
    /// `iphoneos` for `iphonesimulator`: the device build of the platform a name belongs to.
    static func devicePlatformName(of platformName: String) -> String? {
        ApplePlatforms.shipped.platforms(platformName: platformName).first?.platform.device.platformName
    }

    static func beta(_ bundle: InspectedBundle, _ problems: [String]) -> String {
        "\(bundle.name) was built with \(problems.joined(separator: " and ")); App Store Connect refuses builds from beta Xcode and SDKs (a release candidate is accepted). Rebuild with a released Xcode"
    }
}
