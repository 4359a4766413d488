import BundleCheckFormats
import BundleCheckModel

/// `simulator-build`: an app, extension, watch app or app clip whose Info.plist says it was
/// built for a simulator (`CFBundleSupportedPlatforms` or `DTPlatformName`, as the platform
/// table `Rules/data/platforms.yml` names them; `BundlePlatform` decides it). One finding per
/// bundle; `unsupported-architecture` then leaves that bundle's binaries to this rule.
struct SimulatorBuildCheck: Check {
    static let ruleID = "simulator-build"
    var id: String { Self.ruleID }
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard let (key, pointer, value) = Self.evidence(in: bundle) else { return nil }
            return rule.finding(Self.simulator(bundle, key, value), at: bundle.infoPlistLocation(pointer))
        }
    }

    /// Whether this rule reports `bundle` in this run, so that other rules need not repeat it.
    static func reports(_ bundle: InspectedBundle, in context: CheckContext) -> Bool {
        context.runs(ruleID) && evidence(in: bundle) != nil
    }

    /// The Info.plist key, place and value that say `bundle` is a simulator build; nil for
    /// device builds, frameworks (their vendor's) and bundles only their executable calls one.
    static func evidence(in bundle: InspectedBundle) -> (key: String, pointer: JSONPointer, value: String)? {
        guard bundle.kind != .framework, bundle.platform.simulator, let pointer = bundle.platform.pointer,
              let value = bundle.infoPlist?.value(at: pointer)?.stringValue
        else { return nil }
        switch bundle.platform.evidence {
        case .supportedPlatforms: return ("CFBundleSupportedPlatforms", pointer, value)
        case .platformName(let key): return (key, pointer, value)
        default: return nil
        }
    }
}

extension SimulatorBuildCheck {
    static func simulator(_ bundle: InspectedBundle, _ key: String, _ value: String) -> String {
        "\(bundle.name) was built for the \(bundle.platform) (\(key) says \(value)); a simulator build cannot be uploaded. Archive for a device destination (\(bundle.platform.platform.device.name)) instead"
    }
}
