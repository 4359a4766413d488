import BundleCheckFormats
import BundleCheckModel

/// `minimum-os`: an extension whose deployment target (its platform's minimum-OS key,
/// `MinimumOSVersion` but on the Mac) is above its app's: on the systems in between, the app
/// installs but the extension never appears. Bundles of two platforms have no common versions.
struct MinimumOSCheck: Check {
    let id = "minimum-os"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            let key = bundle.platform.platform.minimumOSKey
            guard bundle.kind == .appex, let parent = context.parent(of: bundle), parent.kind != .framework,
                parent.platform.platform == bundle.platform.platform,
                let mine = bundle.infoString(key), let theirs = parent.infoString(key),
                let mineParts = Self.components(mine), let theirParts = Self.components(theirs)
            else { return nil }
            let width = max(mineParts.count, theirParts.count)
            guard Self.padded(theirParts, to: width).lexicographicallyPrecedes(Self.padded(mineParts, to: width)) else { return nil }
            return rule.finding(Self.above(bundle, mine, parent, theirs), at: bundle.infoPlistLocation(JSONPointer(key)))
        }
    }

    /// `16.4` as `[16, 4]`; nil for anything that is not dotted integers.
    static func components(_ version: String) -> [Int]? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    static func padded(_ parts: [Int], to count: Int) -> [Int] {
        parts + Array(repeating: 0, count: max(0, count - parts.count))
    }
}

extension MinimumOSCheck {
    static func above(_ bundle: InspectedBundle, _ mine: String, _ parent: InspectedBundle, _ theirs: String) -> String {
        let platform = bundle.platform.platform.name
        return
            "\(bundle.name) needs \(platform) \(mine), but \(parent.name) runs on \(platform) \(theirs); on the versions in between the extension is missing. Align the deployment targets"
    }
}
