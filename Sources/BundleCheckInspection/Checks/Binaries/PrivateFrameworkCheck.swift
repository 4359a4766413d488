import BundleCheckModel

/// `private-framework`: an executable linking a framework under /System/Library/PrivateFrameworks,
/// which App Review rejects as non-public API (ITMS-90338 names the selector form).
struct PrivateFrameworkCheck: Check {
    let id = "private-framework"

    static let prefix = "/System/Library/PrivateFrameworks/"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            // Apple's WatchKit stub links SockPuppetGizmo by design.
            guard let signing = bundle.signing, let executable = signing.executable, !bundle.runsAppleStub else { return [] }
            var seen = Set<String>()
            let paths = executable.slices.flatMap(\.linkedDylibs).map(\.path).filter { $0.hasPrefix(Self.prefix) && seen.insert($0).inserted }
            return paths.map { path in
                rule.finding(Self.linked(bundle, path), at: bundle.location(file: signing.executablePath), identity: path)
            }
        }
    }
}

extension PrivateFrameworkCheck {
    static func linked(_ bundle: InspectedBundle, _ path: String) -> String {
        "the executable of \(bundle.name) links \(path), a private framework; App Review rejects apps that use private API. Remove the dependency (often a third-party SDK)"
    }
}
