import BundleCheckFormats
import BundleCheckModel

/// `ipa-path-not-allowed` (ITMS-90048): an IPA's zip holds at its root an entry App Store
/// Connect does not allow beside `Payload/` (`Rules/data/ipa-layout.yml`): Xcode 16.3's
/// `._Symbols`, Finder's `__MACOSX` and `.DS_Store`, anything else. A top-level folder that
/// holds the app's Payload is `payload-layout`'s. One finding per entry.
struct IPAPathNotAllowedCheck: Check {
    static let ruleID = "ipa-path-not-allowed"
    /// Entries reported at most; the rest are counted in the last message.
    static let maximumFindings = 20
    let id = ruleID
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes([IPALayout.shipped.code], from: IPALayout.table)] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        guard context.inputKind == .ipa, context.storage == .zip else { return [] }
        let layout = IPALayout.shipped
        // The folders the apps' Payload sits in, which payload-layout reports.
        let wrappers = Set(
            context.bundles.filter { $0.parent == nil }.compactMap { app -> String? in
                let first = app.path.split(separator: "/").first.map(String.init)
                return first == "Payload" ? nil : first
            })
        let names = context.paths.topLevelNames().filter { !$0.isEmpty && !layout.allowed.contains($0) && !wrappers.contains($0) }
        return names.prefix(Self.maximumFindings).map { name in
            rule.finding(
                "the IPA holds \(name) beside Payload/; App Store Connect rejects an archive with paths it does not allow (\(layout.code) \"Your archive contains paths that are not allowed: [\(name)]\"): remove it, or export the IPA again without it",
                at: FindingLocation(bundle: nil, file: name), identity: name, appleCodes: [layout.code]
            )
        }
    }
}
