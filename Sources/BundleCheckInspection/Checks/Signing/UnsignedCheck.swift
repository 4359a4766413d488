import BundleCheckModel

/// `unsigned` (ITMS-90035): a Mach-O file of the app without a code signature in every slice:
/// executables of apps, extensions and frameworks, and loose libraries.
struct UnsignedCheck: Check {
    let id = "unsigned"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            (bundle.signing?.binaries ?? []).filter { !$0.isSigned }.map { binary in
                let unsigned = binary.file.slices.filter { $0.codeSignature == nil }.map(\.architecture)
                let what = BinaryCheck.describe(binary, of: bundle)
                return rule.finding(Self.unsigned(what, unsigned), at: bundle.location(file: binary.path), identity: binary.isExecutable ? nil : binary.path)
            }
        }
    }
}

extension UnsignedCheck {
    static func unsigned(_ what: String, _ architectures: [String]) -> String {
        "\(what) has no code signature (\(architectures.joined(separator: ", "))); archive and export it with Xcode, or sign it with codesign"
    }
}
