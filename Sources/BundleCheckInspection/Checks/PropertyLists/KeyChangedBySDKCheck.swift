import BundleCheckFormats
import BundleCheckModel

/// A key an SDK deprecated or stopped honouring (`Rules/data/changed-keys.yml`, the row of the
/// rule's id): `full-screen-deprecated` (UIRequiresFullScreen, iPadOS 26, a note) and
/// `design-compatibility-ignored` (UIDesignRequiresCompatibility, iOS 27, a warning). Judged on
/// an app or extension of the row's platforms whose Info.plist holds the key at the row's value
/// and whose SDK (`DTSDKName`) is the row's or later; one finding per bundle, at the key.
struct KeyChangedBySDKCheck: Check {
    let id: String

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        guard let change = ChangedKeys.shipped.changes[id] else { return [] }
        return context.bundles.compactMap { bundle -> Finding? in
            let platform = bundle.platform.platform
            guard bundle.kind != .framework, change.platforms.contains(platform.id),
                let sdk = bundle.toolchain?.sdkVersion(for: platform), sdk >= change.fromSDK,
                let (key, value) = ChangedKeys.first(of: change.keys, in: bundle), value.boolValue == change.whenValue
            else { return nil }
            let sdkName = platform.uploadSDK ?? platform.name
            return rule.finding(
                "\(key) of \(bundle.name) is \(change.whenValue), and \(bundle.name) is built with the \(sdkName) \(sdk) SDK; from the \(change.fromSDK) SDK the key is \(change.ignored ? "no longer honoured" : "deprecated"): \(change.instead)",
                at: bundle.infoPlistLocation(JSONPointer(key)), identity: key
            )
        }
    }
}
