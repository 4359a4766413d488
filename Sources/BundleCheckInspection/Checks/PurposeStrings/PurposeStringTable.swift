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

    static let shipped: PurposeStringTable = {
        do {
            return try PurposeStringTable(DataTables.named("purpose-strings"))
        } catch {
            preconditionFailure("Rules/data/purpose-strings.yml cannot be read: \(error)")
        }
    }()

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
        let reader = Reader(file: table.file)
        let fields = try reader.mapping(table.entries, "entries", allowed: ["keys", "key-suffix", "purposes", "evidence", "versions-platform"])
        let versionsNode = try reader.required(fields, "versions-platform", in: table.entries)
        let versionsPlatform = try reader.scalar(versionsNode, "versions-platform")
        guard ApplePlatforms.shipped.platform(id: versionsPlatform) != nil else {
            throw reader.error(versionsNode, "versions-platform", "'\(versionsPlatform)' is not a platform of Rules/data/platforms.yml")
        }
        let keys = try reader.scalars(try reader.required(fields, "keys", in: table.entries), "keys")
        let keySuffix = try reader.scalar(try reader.required(fields, "key-suffix", in: table.entries), "key-suffix")
        let known = Set(keys)

        var purposes: [String: [PurposeNeed]] = [:]
        let purposesNode = try reader.required(fields, "purposes", in: table.entries)
        guard let purposePairs = purposesNode.mapping else { throw reader.error(purposesNode, "purposes", "expected a mapping of purposes") }
        for pair in purposePairs {
            let name = try reader.scalar(pair.key, "purposes")
            guard let items = pair.value.sequence, !items.isEmpty else {
                throw reader.error(pair.value, "purposes.\(name)", "a purpose lists what it needs")
            }
            purposes[name] = try items.map { item throws(YAMLLoadError) in try reader.need(item, "purposes.\(name)", known: known) }
        }

        var evidence: [PurposeEvidence] = []
        let evidenceNode = try reader.required(fields, "evidence", in: table.entries)
        guard let rows = evidenceNode.sequence else { throw reader.error(evidenceNode, "evidence", "expected a list of rows") }
        for row in rows {
            let rowFields = try reader.mapping(row, "evidence", allowed: ["class", "symbol", "selector", "entitlement", "background-mode", "purpose"])
            let purpose = try reader.scalar(try reader.required(rowFields, "purpose", in: row), "evidence.purpose")
            guard purposes[purpose] != nil else { throw reader.error(row, "evidence.purpose", "no purpose '\(purpose)' in purposes") }
            let value = { (field: String) throws(YAMLLoadError) -> String? in
                try rowFields[field].map { node throws(YAMLLoadError) in try reader.scalar(node, "evidence.\(field)") }
            }
            let imports = [try value("class").map { PurposeEvidence.classPrefix + $0 }, try value("symbol")].compactMap { $0 }
            let selectors = [try value("selector")].compactMap { $0 }
            let entitlement = try value("entitlement")
            let mode = try value("background-mode")
            let condition: PurposeEvidence.Condition
            switch (imports.isEmpty && selectors.isEmpty, entitlement, mode) {
            case (false, nil, nil): condition = .code(imports: imports, selectors: selectors)
            case (true, let key?, nil): condition = .entitlement(key)
            case (true, nil, let mode?): condition = .backgroundMode(mode)
            default: throw reader.error(row, "evidence", "a row names code (class, symbol, selector), an entitlement or a background mode: one of the three")
            }
            evidence.append(PurposeEvidence(condition: condition, purpose: purpose))
        }
        self.keys = keys
        self.keySuffix = keySuffix
        self.versionsPlatform = versionsPlatform
        self.purposes = purposes
        self.evidence = evidence
    }
}

extension PurposeStringTable {
    /// The few shapes the table uses, each refused with its line when it is not what it must be.
    private struct Reader {
        let file: String

        func error(_ node: YAMLNode, _ field: String, _ message: String) -> YAMLLoadError {
            YAMLLoadError(file: file, line: node.line, field: "entries.\(field)", message: message)
        }

        func scalar(_ node: YAMLNode, _ field: String) throws(YAMLLoadError) -> String {
            guard let text = node.scalar, !text.isEmpty else { throw error(node, field, "expected a word, found \(node.kindName)") }
            return text
        }

        func scalars(_ node: YAMLNode, _ field: String) throws(YAMLLoadError) -> [String] {
            guard let items = node.sequence, !items.isEmpty else { throw error(node, field, "expected a list of words") }
            return try items.map { item throws(YAMLLoadError) in try scalar(item, field) }
        }

        func mapping(_ node: YAMLNode, _ field: String, allowed: Set<String>) throws(YAMLLoadError) -> [String: YAMLNode] {
            guard let pairs = node.mapping else { throw error(node, field, "expected a mapping, found \(node.kindName)") }
            var fields: [String: YAMLNode] = [:]
            for pair in pairs {
                let key = try scalar(pair.key, field)
                guard allowed.contains(key) else {
                    throw error(pair.key, field, "unknown field '\(key)'; expected one of: \(allowed.sorted().joined(separator: ", "))")
                }
                fields[key] = pair.value
            }
            return fields
        }

        func required(_ fields: [String: YAMLNode], _ key: String, in parent: YAMLNode) throws(YAMLLoadError) -> YAMLNode {
            guard let node = fields[key] else { throw error(parent, key, "'\(key)' is missing") }
            return node
        }

        func version(_ node: YAMLNode?, _ field: String) throws(YAMLLoadError) -> MachOVersion? {
            guard let node else { return nil }
            let text = try scalar(node, field)
            guard let version = MachOVersion(text) else { throw error(node, field, "'\(text)' is not a version such as \"17.0\"") }
            return version
        }

        /// `[KEY, …]`, or `{keys: [KEY, …], below: V}`; a key is `KEY` or `{key: KEY, from: V, below: V}`.
        func need(_ node: YAMLNode, _ field: String, known: Set<String>) throws(YAMLLoadError) -> PurposeNeed {
            var list = node
            var below: MachOVersion?
            if node.mapping != nil {
                let fields = try mapping(node, field, allowed: ["keys", "below"])
                list = try required(fields, "keys", in: node)
                below = try version(fields["below"], field + ".below")
            }
            guard let items = list.sequence, !items.isEmpty else { throw error(list, field, "a need lists the keys that meet it") }
            let keys = try items.map { item throws(YAMLLoadError) -> PurposeNeed.Key in
                var nameNode = item
                var from: MachOVersion?
                var keyBelow: MachOVersion?
                if item.mapping != nil {
                    let fields = try mapping(item, field, allowed: ["key", "from", "below"])
                    nameNode = try required(fields, "key", in: item)
                    from = try version(fields["from"], field + ".from")
                    keyBelow = try version(fields["below"], field + ".below")
                }
                let name = try scalar(nameNode, field)
                guard known.contains(name) else { throw error(nameNode, field, "'\(name)' is not one of the table's keys") }
                return PurposeNeed.Key(name: name, from: from, below: keyBelow)
            }
            return PurposeNeed(keys: keys, below: below)
        }
    }
}
