import BundleCheckFormats
import BundleCheckModel

/// `catalyst-intel-dropped` (ITMS-90981): a Mac Catalyst app whose executable leaves out an
/// architecture its platform requires below its deployment target (x86_64 below macOS 13.0,
/// `architectures-required-below` in `Rules/data/platforms.yml`). The deployment target is the
/// Info.plist's LSMinimumSystemVersion, else the executable's own minimum in macOS numbers.
/// App Store Connect is the one that asks, so the check runs for the Mac App Store only; its
/// rule's scope keeps it to Mac Catalyst apps.
struct CatalystIntelDroppedCheck: DistributionCheck {
    let id = "catalyst-intel-dropped"
    var citesAppleCodes: Bool { true }
    var distributions: Set<Distribution> { [.macAppStore] }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            let platform = bundle.platform.platform
            guard bundle.kind == .app, let executable = bundle.signing?.binaries.first(where: \.isExecutable) else { return nil }
            let slices = executable.file.slices
            let stated = bundle.infoString(platform.minimumOSKey)
            // Without the key, the oldest slice's minimum, in the Info.plist's numbers.
            guard let minimumOS = stated.flatMap(MachOVersion.init) ?? slices.compactMap(\.minimumOS).min().flatMap(platform.declaredVersion(ofMachO:))
            else { return nil }
            let built = Set(slices.map(\.architecture))
            let missing = platform.requiredArchitectures(minimumOS: minimumOS).filter { !built.contains($0.architecture) }
            guard let first = missing.first else { return nil }
            let target = stated.map { "its \(platform.minimumOSKey) \($0)" } ?? "its executable's minimum, macOS \(minimumOS)"
            return rule.finding(
                Self.message(
                    bundle, built: built.sorted(), missing: missing.map(\.architecture), target: target, until: first.until, codes: rule.appleCodesText),
                at: bundle.location(file: executable.path)
            )
        }
    }
}

extension CatalystIntelDroppedCheck {
    /// `target`: what says the deployment target, with its value (`its LSMinimumSystemVersion 12.0`).
    static func message(_ bundle: InspectedBundle, built: [String], missing: [String], target: String, until: MachOVersion, codes: String) -> String {
        "the executable of \(bundle.name) is built for \(built.joined(separator: " and ")) only, without \(missing.joined(separator: " and ")), while \(target) is below \(until): App Store Connect refuses the build if the app's earlier builds ran on Intel Macs (\(codes)); keep x86_64 in the build, or raise the deployment target to macOS \(until)"
    }
}
