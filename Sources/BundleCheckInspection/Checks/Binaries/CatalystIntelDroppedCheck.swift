import BundleCheckFormats
import BundleCheckModel

/// `catalyst-intel-dropped` (ITMS-90981): a Mac Catalyst app whose executable leaves out an
/// architecture its platform requires below its deployment target (x86_64 below macOS 13.0,
/// `architectures-required-below` in `Rules/data/platforms.yml`). Its rule's scope keeps it to
/// Mac Catalyst apps; an unknown or unreadable LSMinimumSystemVersion is not judged.
struct CatalystIntelDroppedCheck: Check {
    let id = "catalyst-intel-dropped"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            let platform = bundle.platform.platform
            guard bundle.kind == .app, let text = bundle.infoString(platform.minimumOSKey), let minimumOS = MachOVersion(text),
                let executable = bundle.signing?.binaries.first(where: \.isExecutable)
            else { return nil }
            let built = Set(executable.file.slices.map(\.architecture))
            let missing = platform.requiredArchitectures(minimumOS: minimumOS).filter { !built.contains($0.architecture) }
            guard let first = missing.first else { return nil }
            return rule.finding(
                Self.message(
                    bundle, built: built.sorted(), missing: missing.map(\.architecture), minimumOSKey: platform.minimumOSKey,
                    minimumOS: text, until: first.until, codes: rule.appleCodesText),
                at: bundle.location(file: executable.path)
            )
        }
    }
}

extension CatalystIntelDroppedCheck {
    static func message(
        _ bundle: InspectedBundle, built: [String], missing: [String], minimumOSKey: String, minimumOS: String, until: MachOVersion, codes: String
    ) -> String {
        "the executable of \(bundle.name) is built for \(built.joined(separator: " and ")) only, without \(missing.joined(separator: " and ")), while its \(minimumOSKey) \(minimumOS) is below \(until): App Store Connect refuses the build if the app's earlier builds ran on Intel Macs (\(codes)); keep x86_64 in the build, or raise the deployment target to macOS \(until)"
    }
}
