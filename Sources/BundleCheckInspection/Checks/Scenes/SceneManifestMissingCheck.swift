import BundleCheckFormats
import BundleCheckModel

/// `scene-manifest-missing`: an app built with a 27 SDK of a UIKit platform
/// (`Rules/data/scene-life-cycle.yml`) whose Info.plist has no `UIApplicationSceneManifest`
/// has not adopted the UIScene life cycle, and does not launch (TN3187). Quiet for apps built
/// with the 26 SDKs and older, where the app-delegate life cycle still runs.
struct SceneManifestMissingCheck: Check {
    let id = "scene-manifest-missing"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let facts = SceneLifeCycle.shipped
        return context.bundles.compactMap { bundle -> Finding? in
            guard let sdk = facts.requiringSDK(of: bundle), let plist = bundle.infoPlist,
                plist.value(at: JSONPointer(facts.manifestKey))?.dictionaryValue == nil
            else { return nil }
            let written = plist.value(at: JSONPointer(facts.manifestKey)).map { " (written as \($0.typeName), not a dictionary)" } ?? ""
            return rule.finding(
                "\(bundle.name) is built with the \(SceneLifeCycle.sdkName(sdk, of: bundle)) and its Info.plist has no \(facts.manifestKey)\(written): built with the \(facts.requiredFromSDK.major) SDKs an app that has not adopted the UIScene life cycle does not launch (\"UIScene life cycle is required for apps built with this SDK\", TN3187). A SwiftUI App gets the manifest from Xcode (Application Scene Manifest (Generation), INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES); a UIKit app adds \(facts.manifestKey) with a UIWindowSceneSessionRoleApplication configuration naming its scene delegate, and moves its window set-up there",
                at: bundle.infoPlistLocation(JSONPointer(facts.manifestKey)), identity: facts.manifestKey
            )
        }
    }
}
