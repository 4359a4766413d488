import BundleCheckModel

/// `unsigned`: an app or extension executable without a code signature in every slice.
struct UnsignedCheck: Check {
    let id = "unsigned"
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, let signing = bundle.signing, let executable = signing.executable,
                  !signing.isSigned
            else { return nil }
            let unsigned = executable.slices.filter { $0.codeSignature == nil }.map(\.architecture)
            let location = bundle.location(file: signing.executablePath)
            return rule.finding(Self.unsigned(bundle, unsigned), at: location)
        }
    }
}

extension UnsignedCheck {
    static func unsigned(_ bundle: InspectedBundle, _ architectures: [String]) -> String {
        "the executable of \(bundle.name) has no code signature (\(architectures.joined(separator: ", "))); archive and export it with Xcode, or sign it with codesign"
    }
}
