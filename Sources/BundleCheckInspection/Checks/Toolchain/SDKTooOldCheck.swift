import BundleCheckFormats
import BundleCheckModel

/// `sdk-too-old` (ITMS-90725): an app, extension, watch app or app clip built with an SDK or
/// Xcode older than App Store Connect accepts on the run's date (`--now`), by the dated table
/// `Rules/data/upload-minimums.yml`, for the bundle's platform (the SDK's name is the platform
/// table's `upload-sdk`). Frameworks keep their vendor's SDK and are not judged.
struct SDKTooOldCheck: Check {
    let id = "sdk-too-old"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let minimums = UploadMinimums.shipped
        guard let requirement = minimums.requirement(at: context.settings.now) else { return [] }
        return context.bundles.compactMap { bundle -> Finding? in
            // Only a bundle whose DT* keys name its platform's device SDK is judged: simulator
            // builds are simulator-build's, a bundle naming no SDK is build-keys-missing's, and
            // platforms whose SDK Apple's requirements do not name (the Mac) have no upload SDK.
            let platform = bundle.platform.platform
            guard bundle.kind != .framework, let toolchain = bundle.toolchain, toolchain.sdkPlatform == platform.device.platformName,
                let platformName = platform.uploadSDK
            else { return nil }
            var problems: [String] = []
            var pointer: JSONPointer?
            if let sdk = toolchain.sdkVersion(for: platform), let minimum = requirement.sdks[platform.id], sdk < minimum {
                problems.append("the \(platformName) \(sdk) SDK")
                pointer = JSONPointer(toolchain.sdkName != nil ? "DTSDKName" : "DTPlatformVersion")
            }
            if let xcode = toolchain.xcodeVersion, xcode < requirement.xcode {
                problems.append("Xcode \(xcode)")
                pointer = pointer ?? JSONPointer("DTXcode")
            }
            guard let pointer else { return nil }
            let needed =
                (requirement.sdks[platform.id].map { "the \(platformName) \(Self.short($0)) SDK" } ?? "a newer SDK")
                + " and Xcode \(Self.short(requirement.xcode))"
            return rule.finding(Self.tooOld(bundle, problems, needed, requirement.fromText), at: bundle.infoPlistLocation(pointer))
        }
    }

    /// `26` for 26.0, as Apple words its requirements; `15.4` otherwise.
    static func short(_ version: MachOVersion) -> String {
        version.minor == 0 && version.patch == 0 ? "\(version.major)" : version.description
    }
}

extension SDKTooOldCheck {
    static func tooOld(_ bundle: InspectedBundle, _ problems: [String], _ needed: String, _ from: String) -> String {
        "\(bundle.name) was built with \(problems.joined(separator: " and ")); uploads from \(from) need \(needed) or later. Rebuild with a current Xcode"
    }
}
