import BundleCheckFormats
import BundleCheckModel

/// One required-reason API category: its approved reasons (`Rules/data/privacy-api-reasons.yml`)
/// and the names by which a binary shows it uses the category (`Rules/data/privacy-api-symbols.yml`).
struct PrivacyAPICategory: Sendable {
    /// One approved reason: `CA92.1`, what it allows, and whether only third-party SDKs may declare it.
    struct Reason: Sendable {
        let code: String
        let meaning: String
        let sdksOnly: Bool
    }

    static let prefix = "NSPrivacyAccessedAPICategory"

    /// The full name a manifest writes, `NSPrivacyAccessedAPICategoryUserDefaults`.
    let name: String
    let reasons: [Reason]
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

    /// Every category, in the order of the reasons table, then any only the symbol table names
    /// (a test keeps that list empty).
    static let shipped: [PrivacyAPICategory] = read(
        reasons: DataTables.named("privacy-api-reasons"),
        symbols: DataTables.named("privacy-api-symbols")
    )

    static func named(_ name: String) -> PrivacyAPICategory? {
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

    static func read(reasons: DataTable, symbols: DataTable) -> [PrivacyAPICategory] {
        var order: [String] = []
        var reasonsByName: [String: [Reason]] = [:]
        for pair in reasons.entries.mapping ?? [] {
            guard let name = pair.key.scalar else { continue }
            order.append(name)
            reasonsByName[name] = (pair.value["reasons"]?.sequence ?? []).compactMap { item in
                guard let code = item["code"]?.scalar else { return nil }
                return Reason(code: code, meaning: item["meaning"]?.scalar ?? "", sdksOnly: item["sdks-only"]?.scalar == "true")
            }
        }
        var importsByName: [String: Set<String>] = [:]
        var selectorsByName: [String: Set<String>] = [:]
        for pair in symbols.entries.mapping ?? [] {
            guard let name = pair.key.scalar else { continue }
            if reasonsByName[name] == nil, !order.contains(name) { order.append(name) }
            importsByName[name] = Set((pair.value["imports"]?.sequence ?? []).compactMap(\.scalar))
            selectorsByName[name] = Set((pair.value["selectors"]?.sequence ?? []).compactMap(\.scalar))
        }
        return order.map { name in
            PrivacyAPICategory(
                name: name, reasons: reasonsByName[name] ?? [],
                imports: importsByName[name] ?? [], selectors: selectorsByName[name] ?? []
            )
        }
    }
}
