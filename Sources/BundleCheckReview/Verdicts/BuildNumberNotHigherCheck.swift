import BundleCheckInspection
import BundleCheckModel

/// `build-number-not-higher`: NEW's app has OLD's marketing version and a CFBundleVersion that
/// is not higher than OLD's. Equal is ITMS-90189 ("Redundant Binary Upload"); lower is App Store
/// Connect's "must contain a higher version than that of the previously uploaded version".
struct BuildNumberNotHigherCheck: ReleaseCheck {
    let name = ReleaseCheckName.buildNumberNotHigher

    func run(_ comparison: ReleaseComparison, as rule: RuleDefinition) -> [Finding] {
        comparison.appPairs.compactMap { old, new, _ in
            guard let oldVersion = ReleaseVersion(old.shortVersion), let newVersion = ReleaseVersion(new.shortVersion), oldVersion == newVersion,
                let oldBuild = ReleaseVersion(old.version), let newBuild = ReleaseVersion(new.version), newBuild <= oldBuild,
                let written = new.version, let was = old.version
            else { return nil }
            let version = new.shortVersion ?? ""
            if newBuild == oldBuild {
                return rule.finding(
                    "CFBundleVersion '\(written)' of \(new.name) was already uploaded for version \(version) (OLD is build '\(was)'): App Store Connect refuses a second upload of a build number (\(rule.appleCodesText)); raise it above \(was)",
                    at: ReleaseComparison.location(new, key: "CFBundleVersion"), appleCodes: rule.appleCodes
                )
            }
            return rule.finding(
                "CFBundleVersion '\(written)' of \(new.name) is lower than OLD's '\(was)' for version \(version): App Store Connect wants a higher build number than the one uploaded before; raise it above \(was)",
                at: ReleaseComparison.location(new, key: "CFBundleVersion"), appleCodes: []
            )
        }
    }
}
