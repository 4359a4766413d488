import BundleCheckFormats
import BundleCheckModel

/// `hardened-runtime-missing`: notarization, which a Developer ID app needs to open without a
/// warning, refuses every executable signed without the hardened runtime ("The executable
/// does not have the hardened runtime enabled"): the app, its extensions, XPC services, login
/// items, helper apps, system extensions and helper tools, each in every slice. Libraries and
/// frameworks are loaded into a hardened process and are not asked. Judged for Developer ID
/// only: the Mac App Store does not require it.
/// Its rule's scope (`platforms: [macos, maccatalyst]`) keeps it to Mac bundles: the check does not ask again.
struct HardenedRuntimeCheck: DistributionCheck {
    let id = "hardened-runtime-missing"

    var distributions: Set<Distribution> { [.developerID] }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard let signing = bundle.signing else { return [] }
            // Unsigned code is unsigned's finding; a framework's own executable is a library, its tools are programs.
            let programs = signing.binaries.filter { $0.role == .tool || ($0.role == .executable && bundle.kind != .framework) }
            return programs.filter { $0.isSigned && !Self.isHardened($0) }.map { binary in
                rule.finding(
                    Self.missing(BinaryCheck.describe(binary, of: bundle)), at: bundle.location(file: binary.path),
                    identity: binary.isExecutable ? nil : binary.path
                )
            }
        }
    }

    static func isHardened(_ binary: BundleBinary) -> Bool {
        binary.file.slices.allSatisfy { $0.codeSignature?.hasHardenedRuntime ?? false }
    }
}

extension HardenedRuntimeCheck {
    static func missing(_ what: String) -> String {
        "\(what) is signed without the hardened runtime; notarization refuses it ('The executable does not have the hardened runtime enabled'), so a Developer ID build cannot be notarized: turn on Hardened Runtime (ENABLE_HARDENED_RUNTIME) or sign with codesign --options runtime"
    }
}
