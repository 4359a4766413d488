import BundleCheckFormats
import BundleCheckModel

/// `simulator-build`: an app, extension, watch app or app clip whose Info.plist says it was
/// built for a simulator (`CFBundleSupportedPlatforms` or `DTPlatformName`, by the table
/// `Rules/data/simulator-platforms.yml`). One finding per bundle; `unsupported-architecture`
/// then leaves that bundle's executable to this rule.
struct SimulatorBuildCheck: Check {
    static let ruleID = "simulator-build"
    var id: String { Self.ruleID }
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind != .framework, let evidence = SimulatorPlatforms.shipped.evidence(in: bundle) else { return nil }
            return rule.finding(Self.simulator(bundle, evidence.platform, evidence.key), at: bundle.infoPlistLocation(evidence.pointer))
        }
    }

    /// Whether this rule reports `bundle` in this run, so that other rules need not repeat it.
    static func reports(_ bundle: InspectedBundle, in context: CheckContext) -> Bool {
        context.runs(ruleID) && bundle.kind != .framework && SimulatorPlatforms.shipped.evidence(in: bundle) != nil
    }
}

extension SimulatorBuildCheck {
    static func simulator(_ bundle: InspectedBundle, _ platform: SimulatorPlatforms.Platform, _ key: String) -> String {
        "\(bundle.name) was built for the \(platform.name) (\(key) says \(key == "DTPlatformName" ? platform.platformName : platform.supportedPlatform)); a simulator build cannot be uploaded. Archive for a device destination (Any iOS Device) instead"
    }
}
