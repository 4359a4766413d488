import BundleCheckFormats
import BundleCheckModel
import Foundation

/// The architectures App Store Connect asks of every executable of a watchOS upload
/// (`Rules/data/platforms.yml`): `watch-architecture` (ITMS-90733), an architecture required
/// from a date on (arm64 from April 2026), judged at `--now`; and `watch-arm64-32-missing`, one
/// required while the bundle's deployment target is below a version (arm64_32 below watchOS 27,
/// community evidence only, so a warning). Every Mach-O of the bundle is read: its executable,
/// loose libraries and frameworks' executables; Apple's WatchKit stub and simulator builds are
/// not judged, and a bundle with no readable executable says nothing.
struct WatchArchitectureCheck: DistributionCheck {
    var id: String { mode.rawValue }
    var distributions: Set<Distribution> { [.appStore] }
    var citesAppleCodes: Bool { mode == .dated }

    enum Mode: String {
        case dated = "watch-architecture"
        case belowDeploymentTarget = "watch-arm64-32-missing"
    }

    let mode: Mode

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            let platform = bundle.platform.platform
            guard let signing = bundle.signing, !bundle.runsAppleStub, !bundle.platform.simulator,
                !BinaryCheck.insideReportedSimulatorBuild(bundle, in: context)
            else { return [] }
            let required = required(of: bundle, platform: platform, on: context.settings.now)
            guard !required.isEmpty else { return [] }
            return signing.binaries.compactMap { binary -> Finding? in
                let built = Set(binary.file.slices.map(\.architecture))
                guard !built.isEmpty else { return nil }
                let missing = required.filter { !built.contains($0.architecture) }
                guard !missing.isEmpty else { return nil }
                let message = Self.message(
                    BinaryCheck.describe(binary, of: bundle), built: built.sorted(), missing: missing, mode: mode, platform: platform,
                    codes: rule.appleCodesText)
                return rule.finding(message, at: bundle.location(file: binary.path), identity: binary.isExecutable ? nil : binary.path)
            }
        }
    }

    /// An architecture the mode asks of the bundle, with the words of why, and for one required
    /// below a deployment target, the version from which it may be left out.
    struct Requirement {
        let architecture: String
        let why: String
        let until: MachOVersion?
    }

    /// What the mode asks of the bundle.
    private func required(of bundle: InspectedBundle, platform: ApplePlatform, on date: Date) -> [Requirement] {
        switch mode {
        case .dated:
            return platform.architecturesRequired(on: date).map { Requirement(architecture: $0.architecture, why: "since \($0.since)", until: nil) }
        case .belowDeploymentTarget:
            guard let minimumOS = bundle.deploymentTarget else { return [] }
            return platform.requiredArchitectures(minimumOS: minimumOS).map {
                Requirement(
                    architecture: $0.architecture, why: "while its \(platform.minimumOSKey) \(minimumOS) is below \(platform.name) \($0.until)", until: $0.until
                )
            }
        }
    }
}

extension WatchArchitectureCheck {
    static func message(
        _ what: String, built: [String], missing: [Requirement], mode: Mode, platform: ApplePlatform, codes: String
    ) -> String {
        let names = missing.map(\.architecture).joined(separator: " and ")
        let why = missing.map(\.why).first ?? ""
        switch mode {
        case .dated:
            return
                "\(what) is built for \(built.joined(separator: " and ")) without \(names), which App Store Connect requires of \(platform.name) apps \(why) (\(codes) \"Missing architecture\"): build with Xcode's default Standard Architectures (ARCHS_STANDARD), which includes \(names), and rebuild any prebuilt framework that lacks it"
        case .belowDeploymentTarget:
            return
                "\(what) is built for \(built.joined(separator: " and ")) without \(names), which the older watches run (Series 4 to 8, SE), \(why): App Store Connect is reported to refuse it, and those watches cannot run it; keep \(names) in the build (Standard Architectures)\(missing.first?.until.map { ", or raise the deployment target to \(platform.name) \($0)" } ?? "")"
        }
    }
}
