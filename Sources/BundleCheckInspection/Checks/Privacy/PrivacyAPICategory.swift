import BundleCheckFormats
import BundleCheckModel

/// One required-reason API category: its approved reasons (`Rules/data/privacy-api-reasons.yml`)
/// and the names by which a binary shows it uses the category (`Rules/data/privacy-api-symbols.yml`).
package struct PrivacyAPICategory: Sendable {
    /// One approved reason: `CA92.1`, what it allows, and whether only third-party SDKs may declare it.
    package struct Reason: Sendable {
        package let code: String
        package let meaning: String
        let sdksOnly: Bool
    }

    static let prefix = "NSPrivacyAccessedAPICategory"

    /// The full name a manifest writes, `NSPrivacyAccessedAPICategoryUserDefaults`.
    let name: String
    package let reasons: [Reason]
    /// Imported symbols as stored, `_stat`, `_OBJC_CLASS_$_NSUserDefaults`.
    let imports: Set<String>
    let selectors: Set<String>

    /// `UserDefaults`, for messages.
    var shortName: String { name.hasPrefix(Self.prefix) ? String(name.dropFirst(Self.prefix.count)) : name }

    func hasReason(_ code: String) -> Bool {
        reasons.contains { $0.code == code }
    }

    /// Whether `evidence` (an import or selector of a binary) is a use of this category: exact names only.
    func isUsed(by evidence: BinaryEvidence) -> Bool {
        switch evidence.kind {
        case .symbol: imports.contains(evidence.value)
        case .selector: selectors.contains(evidence.value)
        case .class, .string: false
        }
    }

    /// A category a binary uses, with the names that show it: in the order the binary holds
    /// them, each once.
    struct Use {
        let category: PrivacyAPICategory
        let names: [String]
    }

    /// The categories `binary` uses, in the order of `shipped`: what `required-reason-api`
    /// judges and the report's `requiredReasonAPIs` lists.
    static func uses(in binary: BundleBinary) -> [Use] {
        let evidence = binary.file.slices.flatMap(\.evidence)
        return shipped.compactMap { category in
            var names: [String] = []
            for item in evidence where category.isUsed(by: item) && !names.contains(item.value) {
                names.append(item.value)
            }
            return names.isEmpty ? nil : Use(category: category, names: names)
        }
    }

    /// For each category the binaries of `signing` use, sorted by name, the file names of
    /// those binaries.
    static func uses(of signing: BundleSigning) -> [RequiredReasonAPIUse] {
        var binaries: [String: Set<String>] = [:]
        for binary in signing.binaries {
            for use in uses(in: binary) {
                binaries[use.category.name, default: []].insert(PackagePath.name(binary.path))
            }
        }
        return binaries.keys.sorted().map { RequiredReasonAPIUse(category: $0, binaries: (binaries[$0] ?? []).sorted()) }
    }

    static let reasonsTable = "privacy-api-reasons"
    static let symbolsTable = "privacy-api-symbols"
    /// Every category, in the order of the reasons table.
    static let shipped = DataTables.read(reasonsTable) { reasons throws(YAMLLoadError) in
        try read(reasons: reasons, symbols: DataTables.named(symbolsTable))
    }

    package static func named(_ name: String) -> PrivacyAPICategory? {
        shipped.first { $0.name == name }
    }

    /// The category `code` is a reason of, if any.
    static func owning(reason code: String) -> PrivacyAPICategory? {
        shipped.first { $0.hasReason(code) }
    }

    /// What a run must keep of every binary: the listed imports and selectors, compared by
    /// exact name through one set each (the filter sees every string of every executable).
    static let evidenceNeeds: [BinaryMatcher] = [
        BinaryMatcher(kind: .symbol, condition: .equalsAny(shipped.reduce(into: Set<String>()) { $0.formUnion($1.imports) })),
        BinaryMatcher(kind: .selector, condition: .equalsAny(shipped.reduce(into: Set<String>()) { $0.formUnion($1.selectors) })),
    ]

    /// The categories of the reasons table with their symbols; the symbol table names only
    /// categories of the reasons table, since a manifest could give no reason for another.
    static func read(reasons: DataTable, symbols: DataTable) throws(YAMLLoadError) -> [PrivacyAPICategory] {
        var categories: [(name: String, reasons: [Reason])] = []
        for (name, category) in try reasons.root.pairs() {
            let rows = try category.allowing(keys: ["reasons"]).optional("reasons")?.items() ?? []
            let reasons = try rows.map { row throws(YAMLLoadError) in
                let row = try row.allowing(keys: ["code", "meaning", "sdks-only"])
                return Reason(
                    code: try row("code").string(), meaning: try row.optional("meaning")?.string() ?? "",
                    sdksOnly: try row.optional("sdks-only")?.bool() ?? false)
            }
            categories.append((name, reasons))
        }
        var evidence: [String: (imports: Set<String>, selectors: Set<String>)] = [:]
        for (name, names) in try symbols.root.allowing(keys: categories.map(\.name)).pairs() {
            let names = try names.allowing(keys: ["imports", "selectors"])
            evidence[name] = (Set(try names.optional("imports")?.strings() ?? []), Set(try names.optional("selectors")?.strings() ?? []))
        }
        return categories.map { name, reasons in
            PrivacyAPICategory(name: name, reasons: reasons, imports: evidence[name]?.imports ?? [], selectors: evidence[name]?.selectors ?? [])
        }
    }
}
