import BundleCheckFormats
import BundleCheckModel

/// The debug-symbol facts of `Rules/data/debug-symbols.yml`: where an archive keeps its dSYMs
/// and an IPA its symbol files, which App Store Connect matches with the binaries by UUID.
struct DebugSymbols {
    let archiveFolder: String
    let bundleSuffix: String
    let dwarfFolder: String
    let ipaFolder: String
    let symbolFileSuffix: String
    let code: String
    /// Apple's words for the warning.
    let warning: String
    let unreadableLines: [Int]

    static let table = "debug-symbols"
    static let shipped = DebugSymbols(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var fields = DataTableFields(entries)
        archiveFolder = fields.string("archive-folder")
        bundleSuffix = fields.string("bundle-suffix")
        dwarfFolder = fields.string("dwarf-folder")
        ipaFolder = fields.string("ipa-folder")
        symbolFileSuffix = fields.string("symbol-file-suffix")
        code = fields.string("code")
        warning = fields.string("warning")
        unreadableLines = fields.unreadableLines
    }

    /// Whether `relative` (a path inside the archive's dSYMs folder) is a dSYM's DWARF file:
    /// `X.app.dSYM/Contents/Resources/DWARF/X`.
    func isDWARFFile(_ relative: Substring) -> Bool {
        guard let slash = relative.firstIndex(of: "/") else { return false }
        let bundle = relative[..<slash], rest = relative[relative.index(after: slash)...]
        let prefix = dwarfFolder + "/"
        guard bundle.count > bundleSuffix.count, bundle.hasSuffix(bundleSuffix), rest.hasPrefix(prefix) else { return false }
        let name = rest.dropFirst(prefix.count)
        return !name.isEmpty && !name.contains("/") && !name.hasPrefix(".")
    }

    /// `; App Store Connect warns ITMS-90381 "Too many symbol files …"`, ending each finding.
    var appleWarning: String {
        "; App Store Connect warns \(code) \"\(warning)\""
    }

    /// The UUID a symbol file's name gives (`<UUID>.symbols`), nil for any other name.
    func uuid(ofSymbolFile name: Substring) -> MachOUUID? {
        guard name.hasSuffix(symbolFileSuffix) else { return nil }
        return MachOUUID(name.dropLast(symbolFileSuffix.count))
    }
}
