import BundleCheckFormats
import BundleCheckModel

/// `Rules/data/purpose-strings.yml` read into the purpose-string checks' types: every
/// usage-description key, what each purpose asks of an Info.plist, and the evidence that asks
/// for a purpose. Read strictly: a row the checks could not use is an error naming its line.
struct PurposeStringTable: Sendable {
    /// Every usage-description key, in the table's order.
    let keys: [String]
    /// The end of every purpose-string key's name, `UsageDescription`.
    let keySuffix: String
    let purposes: [String: [PurposeNeed]]
    let evidence: [PurposeEvidence]
    /// The platform whose versions the table's `below`/`from` limits are (`ios`); a bundle of
    /// another platform is judged with no deployment target known.
    let versionsPlatform: String

    static let table = "purpose-strings"
    static let shipped = DataTables.read(table, PurposeStringTable.init)

    /// What the inspector keeps while reading executables: the imports and selectors the code
    /// rows name, each as one exact-name set (the filter runs for every string of every binary).
    var evidenceNeeds: [BinaryMatcher] {
        var imports = Set<String>()
        var selectors = Set<String>()
        for row in evidence {
            guard case .code(let rowImports, let rowSelectors) = row.condition else { continue }
            imports.formUnion(rowImports)
            selectors.formUnion(rowSelectors)
        }
        return [
            BinaryMatcher(kind: .symbol, condition: .equalsAny(imports)),
            BinaryMatcher(kind: .selector, condition: .equalsAny(selectors)),
        ]
    }

    /// Whether the top-level Info.plist key `key` is a purpose string: named as Apple names
    /// them, or one of the table's keys.
    func isPurposeStringKey(_ key: String) -> Bool {
        key.hasSuffix(keySuffix) || keys.contains(key)
    }

    /// The purpose strings of `bundle`'s Info.plist, sorted by key, each key once with the value
    /// the system reads (the last, should it repeat); nil when it has no readable Info.plist.
    func purposeStrings(of bundle: InspectedBundle) -> [PurposeString]? {
        guard let root = bundle.infoPlist?.root.dictionaryValue else { return nil }
        return root.keys.filter(isPurposeStringKey).sorted().map { PurposeString(key: $0, text: root[$0]?.stringValue) }
    }

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = try table.root.allowing(keys: ["keys", "key-suffix", "purposes", "evidence", "versions-platform"])
        let versionsField = try entries("versions-platform")
        let versionsPlatform = try versionsField.string()
        guard ApplePlatforms.shipped.platform(id: versionsPlatform) != nil else {
            throw versionsField.error("'\(versionsPlatform)' is not a platform of Rules/data/platforms.yml")
        }
        let keys = try entries("keys").items().map { item throws(YAMLLoadError) in try item.string() }
        let keySuffix = try entries("key-suffix").string()
        let known = Set(keys)

        var purposes: [String: [PurposeNeed]] = [:]
        for (name, needs) in try entries("purposes").pairs() {
            purposes[name] = try needs.items().map { item throws(YAMLLoadError) in try Self.need(item, known: known) }
        }

        var evidence: [PurposeEvidence] = []
        for row in try entries("evidence").items() {
            let row = try row.allowing(keys: ["class", "symbol", "selector", "entitlement", "background-mode", "purpose"])
            let purposeField = try row("purpose")
            let purpose = try purposeField.string()
            guard purposes[purpose] != nil else { throw purposeField.error("no purpose '\(purpose)' in purposes") }
            func value(_ key: String) throws(YAMLLoadError) -> String? {
                try row.optional(key)?.string()
            }
            let imports = [try value("class").map { PurposeEvidence.classPrefix + $0 }, try value("symbol")].compactMap { $0 }
            let selectors = [try value("selector")].compactMap { $0 }
            let condition: PurposeEvidence.Condition
            switch (imports.isEmpty && selectors.isEmpty, try value("entitlement"), try value("background-mode")) {
            case (false, nil, nil): condition = .code(imports: imports, selectors: selectors)
            case (true, let key?, nil): condition = .entitlement(key)
            case (true, nil, let mode?): condition = .backgroundMode(mode)
            default: throw row.error("a row names code (class, symbol, selector), an entitlement or a background mode: one of the three")
            }
            evidence.append(PurposeEvidence(condition: condition, purpose: purpose))
        }
        self.keys = keys
        self.keySuffix = keySuffix
        self.versionsPlatform = versionsPlatform
        self.purposes = purposes
        self.evidence = evidence
    }

    /// `[KEY, …]`, or `{keys: [KEY, …], below: V}`; a key is `KEY` or `{key: KEY, from: V, below: V}`,
    /// one of the table's `keys`.
    private static func need(_ field: YAMLField, known: Set<String>) throws(YAMLLoadError) -> PurposeNeed {
        var list = field
        var below: MachOVersion?
        if field.node.mapping != nil {
            let need = try field.allowing(keys: ["keys", "below"])
            list = try need("keys")
            below = try need.optional("below")?.version()
        }
        let keys = try list.items().map { item throws(YAMLLoadError) -> PurposeNeed.Key in
            var nameField = item
            var from: MachOVersion?
            var keyBelow: MachOVersion?
            if item.node.mapping != nil {
                let key = try item.allowing(keys: ["key", "from", "below"])
                nameField = try key("key")
                from = try key.optional("from")?.version()
                keyBelow = try key.optional("below")?.version()
            }
            let name = try nameField.string()
            guard known.contains(name) else { throw nameField.error("'\(name)' is not one of the table's keys") }
            return PurposeNeed.Key(name: name, from: from, below: keyBelow)
        }
        return PurposeNeed(keys: keys, below: below)
    }
}
