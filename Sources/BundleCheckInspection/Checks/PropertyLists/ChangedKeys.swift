import BundleCheckFormats
import BundleCheckModel

/// The facts of `Rules/data/changed-keys.yml`: Info.plist keys an SDK deprecated or stopped
/// honouring, by the rule that reports them.
struct ChangedKeys {
    /// A key whose meaning changed from an SDK on.
    struct Change: Equatable {
        /// The key and its device-suffixed forms, first found first.
        let keys: [String]
        let platforms: Set<String>
        /// From this SDK of the bundle's platform on, the key no longer does what it did.
        let fromSDK: MachOVersion
        /// Whether the key is deprecated from `fromSDK` (it still works) or no longer honoured.
        let ignored: Bool
        /// The value the key matters with (`true`).
        let whenValue: Bool
        /// What to do instead, in words.
        let instead: String
    }

    /// `UIRequiresFullScreenIgnoredStartingWithVersion` and the keys it depends on.
    struct IgnoredVersion: Equatable {
        let keys: [String]
        let platforms: Set<String>
        let dependsOn: [String]
    }

    /// By rule id.
    let changes: [String: Change]
    let ignoredVersion: IgnoredVersion

    static let table = "changed-keys"
    static let shipped = DataTables.read(table, ChangedKeys.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        var changes: [String: Change] = [:]
        var ignoredVersion: IgnoredVersion?
        for (rule, row) in try table.root.pairs() {
            let keys = try row("keys").items().map { key throws(YAMLLoadError) in try key.string() }
            let platforms = Set(try row("platforms").items().map { id throws(YAMLLoadError) in try id.platformID() })
            if let dependsOn = try row.optional("depends-on") {
                _ = try row.allowing(keys: ["keys", "platforms", "depends-on"])
                ignoredVersion = IgnoredVersion(
                    keys: keys, platforms: platforms, dependsOn: try dependsOn.items().map { key throws(YAMLLoadError) in try key.string() })
                continue
            }
            _ = try row.allowing(keys: ["keys", "platforms", "from-sdk", "change", "when-value", "instead"])
            changes[rule] = Change(
                keys: keys, platforms: platforms, fromSDK: try row("from-sdk").version(),
                ignored: try row("change").word(["deprecated", "ignored"]) == "ignored", whenValue: try row("when-value").bool(),
                instead: try row("instead").string())
        }
        guard let ignoredVersion else { throw table.root.error("no row has depends-on: the UIRequiresFullScreenIgnoredStartingWithVersion row is missing") }
        self.changes = changes
        self.ignoredVersion = ignoredVersion
    }

    /// The first of `keys` the bundle's Info.plist holds, with its value.
    static func first(of keys: [String], in bundle: InspectedBundle) -> (key: String, value: PlistValue)? {
        for key in keys {
            if let value = bundle.infoPlist?.value(at: JSONPointer(key)) { return (key, value) }
        }
        return nil
    }
}
