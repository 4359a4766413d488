import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The tables behind the upload-requirement rules read completely, and say what their sources say.
@Suite struct UploadTablesTests {
    @Test func everyUploadTableReadsAsItsSourcesSay() {
        #expect(IPadMultitasking.shipped.iPadDeviceFamily == 2 && IPadMultitasking.shipped.orientations.count == 4)
        #expect(IPadMultitasking.shipped.orientationCode == "ITMS-90474" && IPadMultitasking.shipped.launchScreenCode == "ITMS-90475")
        #expect(DocumentTypes.shipped.ranks == ["Owner", "Default", "Alternate", "None"])
        #expect(DocumentTypes.shipped.nameKey == "CFBundleTypeName" && DocumentTypes.shipped.roleKey == "CFBundleTypeRole")
        #expect(DocumentTypes.shipped.rankCode == "ITMS-90788" && DocumentTypes.shipped.openingCode == "ITMS-90737")
        #expect(DocumentTypes.shipped.umbrellaTypes.contains("public.item") && DocumentTypes.shipped.notDocuments.contains("public.file-url"))
        #expect(IPALayout.shipped.allowed.isSuperset(of: ["Payload", "SwiftSupport", "Symbols"]) && !IPALayout.shipped.allowed.contains("._Symbols"))
        #expect(DebugBuilds.shipped.executableSuffix == ".debug.dylib" && DebugBuilds.shipped.names == ["__preview.dylib"])
        let symbols = DebugSymbols.shipped
        #expect(symbols.code == "ITMS-90381" && symbols.warning.hasPrefix("Too many symbol files"))
        #expect(symbols.isDWARFFile("Kit.framework.dSYM/Contents/Resources/DWARF/Kit") && !symbols.isDWARFFile("Kit.framework.dSYM/Contents/Info.plist"))
        #expect(!symbols.isDWARFFile("Kit.framework.dSYM/Contents/Resources/DWARF/._Kit") && !symbols.isDWARFFile(".dSYM/Contents/Resources/DWARF/Kit"))
        #expect(symbols.uuid(ofSymbolFile: "BC970605-0A53-3457-8736-D7A870AB6E71.symbols")?.description == "BC970605-0A53-3457-8736-D7A870AB6E71")
        #expect(symbols.uuid(ofSymbolFile: "BC970605-0A53-3457-8736-D7A870AB6E71.txt") == nil)
    }

    /// The error a table type gives for a row of `Rules/data/<name>.yml` it cannot use.
    static func refused(_ name: String, line: Int, _ field: String, _ message: String) -> YAMLLoadError {
        YAMLLoadError(file: "Rules/data/\(name).yml", line: line, field: field, message: message)
    }

    /// Each table fed another's field: the first field its reader needs is missing.
    @Test func aTableMissingAFieldNamesIt() throws {
        func table(_ name: String) throws -> DataTable {
            try DataTableText.table(name, entries: "orientation-keys: [UISupportedInterfaceOrientations]")
        }
        #expect(throws: Self.refused("ipad-multitasking", line: 6, "entries.ipad-device-family", "missing required key")) {
            try IPadMultitasking(table("ipad-multitasking"))
        }
        #expect(throws: Self.refused("document-types", line: 6, "entries.document-types-key", "missing required key")) {
            try DocumentTypes(table("document-types"))
        }
        #expect(throws: Self.refused("ipa-layout", line: 6, "entries.allowed", "missing required key")) { try IPALayout(table("ipa-layout")) }
        #expect(throws: Self.refused("debug-builds", line: 6, "entries.executable-suffix", "missing required key")) { try DebugBuilds(table("debug-builds")) }
        #expect(throws: Self.refused("debug-symbols", line: 6, "entries.archive-folder", "missing required key")) { try DebugSymbols(table("debug-symbols")) }
    }

    @Test func aFieldOfTheWrongShapeIsRefused() throws {
        let family = try DataTableText.table("ipad-multitasking", entries: "ipad-device-family: iPad")
        #expect(throws: Self.refused("ipad-multitasking", line: 6, "entries.ipad-device-family", "'iPad' is not a non-negative whole number")) {
            try IPadMultitasking(family)
        }
        let emptyName = try DataTableText.table("document-types", entries: "document-types-key: CFBundleDocumentTypes\nname-key: \"\"")
        #expect(throws: Self.refused("document-types", line: 7, "entries.name-key", "must not be empty")) { try DocumentTypes(emptyName) }
        let noNames = try DataTableText.table("debug-builds", entries: "executable-suffix: .debug.dylib\nnames: []")
        #expect(throws: Self.refused("debug-builds", line: 7, "entries.names", "expected at least one item")) { try DebugBuilds(noNames) }
        let listedSuffix = try DataTableText.table("debug-symbols", entries: "archive-folder: dSYMs\nbundle-suffix: [.dSYM]")
        #expect(throws: Self.refused("debug-symbols", line: 7, "entries.bundle-suffix", "expected a string, found a list")) { try DebugSymbols(listedSuffix) }
        let emptyAllowed = try DataTableText.table("ipa-layout", entries: "allowed: [Payload, \"\"]\ncode: ITMS-90000")
        #expect(throws: Self.refused("ipa-layout", line: 6, "entries.allowed", "an item is empty")) { try IPALayout(emptyAllowed) }
    }
}
