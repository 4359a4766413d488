import BundleCheckFormats
import BundleCheckModel

/// `simulator-build`: an app, extension, watch app or app clip whose Info.plist says it was
/// built for a simulator (`CFBundleSupportedPlatforms` or `DTPlatformName`, as the platform
/// table `Rules/data/platforms.yml` names them; `BundlePlatform` decides it). One finding per
/// simulator build: on the outermost bundle built for the simulator, counting the bundles in it
/// that are too; `unsupported-architecture` and `encryption-info` then leave their code to it.
struct SimulatorBuildCheck: Check {
    static let ruleID = "simulator-build"
    var id: String { Self.ruleID }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard let (key, pointer, value) = Self.evidence(in: bundle), !Self.hasSimulatorAncestor(bundle, in: context) else { return nil }
            let nested = context.bundles.filter { $0.path.hasPrefix(bundle.path + "/") && Self.evidence(in: $0) != nil }.count
            return rule.finding(Self.simulator(bundle, key, value, nested: nested), at: bundle.infoPlistLocation(pointer))
        }
    }

    /// Whether a bundle `bundle` sits in is a simulator build, whose finding stands for it.
    static func hasSimulatorAncestor(_ bundle: InspectedBundle, in context: CheckContext) -> Bool {
        context.containers(of: bundle).contains { evidence(in: $0) != nil }
    }

    /// Whether this rule reports `bundle` (or the simulator build it is part of) in this run,
    /// so that other rules need not repeat it.
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
    static func simulator(_ bundle: InspectedBundle, _ key: String, _ value: String, nested: Int) -> String {
        let others = nested == 0 ? "" : nested == 1 ? ", and so was 1 bundle inside it" : ", and so were \(nested) bundles inside it"
        return
            "\(bundle.name) was built for the \(bundle.platform) (\(key) says \(value))\(others); a simulator build cannot be uploaded. Archive for a device destination (\(bundle.platform.platform.device.name)) instead"
    }
}
