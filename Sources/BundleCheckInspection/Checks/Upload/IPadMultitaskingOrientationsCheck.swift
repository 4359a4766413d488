import BundleCheckFormats
import BundleCheckModel

/// `ipad-multitasking-orientations` (ITMS-90474): an app that runs on iPad and does not opt out
/// of multitasking (`UIRequiresFullScreen`) must list all four orientations for iPad, in
/// `UISupportedInterfaceOrientations~ipad` or, without it, the unsuffixed key iPad falls back
/// to (`Rules/data/ipad-multitasking.yml`). An app with neither key is not judged: what App
/// Store Connect makes of that is not known here.
struct IPadMultitaskingOrientationsCheck: Check {
    static let ruleID = "ipad-multitasking-orientations"
    let id = ruleID
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes([IPadMultitasking.shipped.orientationCode], from: IPadMultitasking.table)] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let facts = IPadMultitasking.shipped
        return context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, facts.multitasks(bundle), let plist = bundle.infoPlist else { return nil }
            guard let key = facts.orientationKeys.first(where: { plist.value(at: JSONPointer($0)) != nil }) else { return nil }
            let listed = Set((plist.value(at: JSONPointer(key))?.arrayValue ?? []).compactMap(\.stringValue))
            let missing = facts.orientations.filter { !listed.contains($0) }
            guard !missing.isEmpty else { return nil }
            let fallback = key == facts.orientationKeys.first ? "" : " (it has no \(facts.orientationKeys[0]), so iPad takes this key)"
            return rule.finding(
                "\(bundle.name) runs on iPad and takes part in multitasking, but \(key)\(fallback) lacks \(missing.joined(separator: ", ")); App Store Connect rejects the upload (\(facts.orientationCode)): list all four orientations for iPad",
                at: bundle.infoPlistLocation(JSONPointer(key)), appleCodes: [facts.orientationCode]
            )
        }
    }
}
