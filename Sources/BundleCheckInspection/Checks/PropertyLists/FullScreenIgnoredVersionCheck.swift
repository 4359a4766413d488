import BundleCheckFormats
import BundleCheckModel

/// `full-screen-ignored-version` (a warning): `UIRequiresFullScreenIgnoredStartingWithVersion`
/// (iPadOS 26.2) that is not a version string, or that stands without `UIRequiresFullScreen`
/// true, the one case in which the system reads it (`Rules/data/changed-keys.yml`).
struct FullScreenIgnoredVersionCheck: Check {
    let id = "full-screen-ignored-version"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let row = ChangedKeys.shipped.ignoredVersion
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind != .framework, row.platforms.contains(bundle.platform.platform.id),
                let (key, value) = ChangedKeys.first(of: row.keys, in: bundle)
            else { return nil }
            let location = bundle.infoPlistLocation(JSONPointer(key))
            guard let text = value.stringValue, Self.isVersion(text) else {
                let written = value.stringValue.map { "'\($0)'" } ?? "not a string"
                return rule.finding(
                    "\(key) of \(bundle.name) is \(written), not a version such as 27.0: the system cannot tell from which iPadOS version to ignore \(row.dependsOn.last ?? "UIRequiresFullScreen")",
                    at: location, identity: key)
            }
            if ChangedKeys.first(of: row.dependsOn, in: bundle)?.value.boolValue == true { return nil }
            return rule.finding(
                "\(key) of \(bundle.name) names iPadOS \(text), but the Info.plist has no \(row.dependsOn.last ?? "UIRequiresFullScreen") set to true, the only case in which the system reads it: the key does nothing",
                at: location, identity: key)
        }
    }

    /// `27`, `27.0`, `26.4.1`: one to three whole numbers joined by dots.
    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
