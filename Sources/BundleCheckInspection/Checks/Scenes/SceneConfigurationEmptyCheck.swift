import BundleCheckFormats
import BundleCheckModel

/// `scene-configuration-empty`: an app built with a 27 SDK of a UIKit platform whose
/// `UIApplicationSceneManifest` lists no scene configuration (`UISceneConfigurations` absent,
/// empty, or each role's list empty), and whose code supplies none either: it is no SwiftUI App
/// and its delegate does not answer `application(_:configurationForConnecting:options:)`
/// (`Rules/data/scene-life-cycle.yml`). Xcode writes an empty `UISceneConfigurations` for every
/// SwiftUI App, so the code is read before anything is said; an executable that could not be
/// read says nothing.
struct SceneConfigurationEmptyCheck: Check {
    let id = "scene-configuration-empty"
    var reads: CheckReads { CheckReads(evidence: SceneLifeCycle.shipped.suppliedInCode) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let facts = SceneLifeCycle.shipped
        return context.bundles.compactMap { bundle -> Finding? in
            guard let sdk = facts.requiringSDK(of: bundle), bundle.signing?.executable != nil,
                let manifest = bundle.infoPlist?.value(at: JSONPointer(facts.manifestKey))?.dictionaryValue,
                Self.listsNoConfiguration(manifest[facts.configurationsKey]), !facts.suppliesConfigurationInCode(bundle)
            else { return nil }
            let pointer = JSONPointer(facts.manifestKey, facts.configurationsKey)
            let at = manifest[facts.configurationsKey] == nil ? JSONPointer(facts.manifestKey) : pointer
            return rule.finding(
                "\(facts.manifestKey) of \(bundle.name) lists no scene configuration in \(facts.configurationsKey), and its code supplies none (it is no SwiftUI App, and no delegate answers application(_:configurationForConnecting:options:)); built with the \(SceneLifeCycle.sdkName(sdk, of: bundle)), where the UIScene life cycle is required, the app may start without a window: add a UIWindowSceneSessionRoleApplication configuration naming its scene delegate class (UISceneDelegateClassName), or return one from the application delegate",
                at: bundle.infoPlistLocation(at), identity: facts.configurationsKey
            )
        }
    }

    /// Absent, not a dictionary of roles, or roles that each list nothing.
    static func listsNoConfiguration(_ value: PlistValue?) -> Bool {
        guard let roles = value?.dictionaryValue else { return true }
        return roles.entries.allSatisfy { ($0.value.arrayValue ?? []).isEmpty }
    }
}
