import BundleCheckInspection
import BundleCheckModel

/// `version-not-higher` (ITMS-90062): OLD is the build App Review approved last (the default),
/// and NEW's app does not have a higher CFBundleShortVersionString: once a version is approved,
/// its train is closed to new builds. When OLD was only uploaded, a version may be uploaded
/// again with a new build number, so only a lower version is reported.
struct VersionNotHigherCheck: ReleaseCheck {
    let name = ReleaseCheckName.versionNotHigher

    func run(_ comparison: ReleaseComparison, as rule: RuleDefinition) -> [Finding] {
        comparison.appPairs.compactMap { old, new, _ in
            guard let oldVersion = ReleaseVersion(old.shortVersion), let newVersion = ReleaseVersion(new.shortVersion),
                let written = new.shortVersion, let was = old.shortVersion
            else { return nil }
            switch comparison.settings.oldBuild {
            case .approved where newVersion <= oldVersion:
                return rule.finding(
                    "CFBundleShortVersionString '\(written)' of \(new.name) is not higher than '\(was)', the version of OLD, which App Review approved: App Store Connect takes new builds only for a higher version (\(rule.appleCodesText)); raise it above \(was), or say that OLD was only uploaded (--old-build uploaded)",
                    at: ReleaseComparison.location(new, key: "CFBundleShortVersionString"), appleCodes: rule.appleCodes
                )
            case .uploaded where newVersion < oldVersion:
                return rule.finding(
                    "CFBundleShortVersionString '\(written)' of \(new.name) is lower than '\(was)', the version of OLD: a version below one already uploaded goes back in the version history; raise it to \(was) or above",
                    at: ReleaseComparison.location(new, key: "CFBundleShortVersionString"), appleCodes: []
                )
            default:
                return nil
            }
        }
    }
}
