import BundleCheckFormats
import BundleCheckModel

/// `build-keys-missing`: an app whose Info.plist lacks keys Xcode writes into every bundle it
/// builds (`DTSDKName`, `DTXcode` ...): something else built or rewrote it, and the toolchain
/// rules cannot judge it.
struct BuildKeysMissingCheck: Check {
    let id = "build-keys-missing"

    /// What Xcode has written into every app's Info.plist since Xcode 6 at least (every real
    /// package of the corpus has them; a simulator build leaves DTPlatformBuild empty).
    static let keys = ["DTCompiler", "DTPlatformBuild", "DTPlatformName", "DTPlatformVersion", "DTSDKBuild", "DTSDKName", "DTXcode", "DTXcodeBuild"]

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, let plist = bundle.infoPlist else { return nil }
            let missing = Self.keys.filter { plist.value(at: JSONPointer($0))?.stringValue == nil }
            guard let first = missing.first else { return nil }
            return rule.finding(Self.missing(bundle, missing), at: bundle.infoPlistLocation(JSONPointer(first)))
        }
    }
}

extension BuildKeysMissingCheck {
    static func missing(_ bundle: InspectedBundle, _ keys: [String]) -> String {
        "\(bundle.name) has no \(keys.joined(separator: ", ")), which Xcode writes into every app it builds: it was built or rewritten by another tool, and its SDK and Xcode cannot be judged"
    }
}
