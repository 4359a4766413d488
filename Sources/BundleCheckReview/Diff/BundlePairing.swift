/// Which bundle of OLD is which bundle of NEW: by bundle identifier first (an extension moved
/// or renamed is the same extension), then by path (a bundle without an identifier, or one
/// whose identifier changed: ITMS-90054 for the app). What is left is added or removed.
public struct BundlePair: Sendable {
    /// How the two were matched; nil for a bundle on one side only.
    public enum Match: String, Sendable {
        case bundleIdentifier = "bundle-identifier"
        case path
        /// The one top-level app of each side, whatever its identifier and path.
        case onlyApp = "only-app"
    }

    public let old: BundleRecord?
    public let new: BundleRecord?
    public let match: Match?

    /// The bundle as a reviewer names it: NEW's path, else OLD's.
    public var path: String { new?.path ?? old?.path ?? "" }

    /// OLD's path of a paired bundle that moved (an archive's app in an IPA, an app renamed).
    public var movedFrom: String? {
        guard let old, let new, old.path != new.path else { return nil }
        return old.path
    }
}

enum BundlePairing {
    static func pairs(old: [BundleRecord], new: [BundleRecord]) -> [BundlePair] {
        var unpaired = Array(old.indices)
        var matched: [Int: (old: Int, match: BundlePair.Match)] = [:]
        func take(_ index: Int) { unpaired.removeAll { $0 == index } }

        for (newIndex, bundle) in new.enumerated() {
            guard let identifier = bundle.bundleIdentifier else { continue }
            let candidates = unpaired.filter { old[$0].bundleIdentifier == identifier }
            // Of several with the identifier (a copied framework), the one at the same path.
            guard let chosen = candidates.first(where: { old[$0].path == bundle.path }) ?? candidates.first else { continue }
            matched[newIndex] = (chosen, .bundleIdentifier)
            take(chosen)
        }
        for (newIndex, bundle) in new.enumerated() where matched[newIndex] == nil {
            guard let chosen = unpaired.first(where: { old[$0].path == bundle.path }) else { continue }
            matched[newIndex] = (chosen, .path)
            take(chosen)
        }
        // An IPA holds one app: whatever it is called, it is the app that was uploaded before.
        let newApps = new.indices.filter { new[$0].parent == nil && new[$0].kind == "app" }
        let oldApps = old.indices.filter { old[$0].parent == nil && old[$0].kind == "app" }
        if newApps.count == 1, oldApps.count == 1, matched[newApps[0]] == nil, unpaired.contains(oldApps[0]) {
            matched[newApps[0]] = (oldApps[0], .onlyApp)
            take(oldApps[0])
        }

        var pairs = new.indices.map { index in
            BundlePair(old: matched[index].map { old[$0.old] }, new: new[index], match: matched[index]?.match)
        }
        pairs += unpaired.map { BundlePair(old: old[$0], new: nil, match: nil) }
        return pairs
    }
}
