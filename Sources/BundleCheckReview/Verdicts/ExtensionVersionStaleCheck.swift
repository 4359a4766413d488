import BundleCheckInspection
import BundleCheckModel

/// `extension-version-stale`: an extension, watch app or App Clip kept OLD's version while
/// the app that contains it moved on: its target's MARKETING_VERSION or CURRENT_PROJECT_VERSION
/// is not tied to the app's (ITMS-90473 follows on upload, which `version-mismatch` reports too).
struct ExtensionVersionStaleCheck: ReleaseCheck {
    let name = ReleaseCheckName.extensionVersionStale
    static let kinds = Set([BundleKind.appex, .watchApp, .appClip].map(\.rawValue))

    func run(_ comparison: ReleaseComparison, as rule: RuleDefinition) -> [Finding] {
        comparison.bundles.flatMap { diff -> [Finding] in
            guard let old = diff.pair.old, let new = diff.pair.new, Self.kinds.contains(new.kind),
                let parent = new.parent, let app = comparison.pair(ofNew: parent), let appOld = app.old, let appNew = app.new
            else { return [] }
            let keys: [(key: String, value: (BundleRecord) -> String?)] = [("CFBundleShortVersionString", \.shortVersion), ("CFBundleVersion", \.version)]
            return keys.compactMap { key, value in
                guard let kept = value(new), value(old) == kept, let appWas = value(appOld), let appNow = value(appNew), appWas != appNow, kept != appNow else {
                    return nil
                }
                return rule.finding(
                    "\(key) of \(new.name) stayed '\(kept)' while \(appNew.name) moved from '\(appWas)' to '\(appNow)': the extension's target does not take the app's version; set it to '\(appNow)'",
                    at: ReleaseComparison.location(new, key: key)
                )
            }
        }
    }
}
