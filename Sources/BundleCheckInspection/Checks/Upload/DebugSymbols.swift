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

    static let table = "debug-symbols"
    static let shipped = DataTables.read(table, DebugSymbols.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        archiveFolder = try entries("archive-folder").string()
        bundleSuffix = try entries("bundle-suffix").string()
        dwarfFolder = try entries("dwarf-folder").string()
        ipaFolder = try entries("ipa-folder").string()
        symbolFileSuffix = try entries("symbol-file-suffix").string()
        code = try entries("code").string()
        warning = try entries("warning").string()
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
