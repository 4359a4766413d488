import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

/// The tables behind the upload-requirement rules read completely, and say what their sources say.
@Suite struct UploadTablesTests {
    @Test func everyUploadTableIsRead() {
        #expect(IPadMultitasking.shipped.unreadableLines.isEmpty && DocumentTypes.shipped.unreadableLines.isEmpty)
        #expect(DebugBuilds.shipped.unreadableLines.isEmpty)
        #expect(IPadMultitasking.shipped.iPadDeviceFamily == 2 && IPadMultitasking.shipped.orientations.count == 4)
        #expect(IPadMultitasking.shipped.orientationCode == "ITMS-90474" && IPadMultitasking.shipped.launchScreenCode == "ITMS-90475")
        #expect(DocumentTypes.shipped.ranks == ["Owner", "Default", "Alternate", "None"])
        #expect(DocumentTypes.shipped.nameKey == "CFBundleTypeName" && DocumentTypes.shipped.roleKey == "CFBundleTypeRole")
        #expect(DocumentTypes.shipped.rankCode == "ITMS-90788" && DocumentTypes.shipped.openingCode == "ITMS-90737")
        #expect(IPALayout.shipped.allowed.isSuperset(of: ["Payload", "SwiftSupport", "Symbols"]) && !IPALayout.shipped.allowed.contains("._Symbols"))
        #expect(DebugBuilds.shipped.executableSuffix == ".debug.dylib" && DebugBuilds.shipped.names == ["__preview.dylib"])
        let symbols = DebugSymbols.shipped
        #expect(symbols.unreadableLines.isEmpty && symbols.code == "ITMS-90381" && symbols.warning.hasPrefix("Too many symbol files"))
        #expect(symbols.isDWARFFile("Kit.framework.dSYM/Contents/Resources/DWARF/Kit") && !symbols.isDWARFFile("Kit.framework.dSYM/Contents/Info.plist"))
        #expect(!symbols.isDWARFFile("Kit.framework.dSYM/Contents/Resources/DWARF/._Kit") && !symbols.isDWARFFile(".dSYM/Contents/Resources/DWARF/Kit"))
        #expect(symbols.uuid(ofSymbolFile: "BC970605-0A53-3457-8736-D7A870AB6E71.symbols")?.description == "BC970605-0A53-3457-8736-D7A870AB6E71")
        #expect(symbols.uuid(ofSymbolFile: "BC970605-0A53-3457-8736-D7A870AB6E71.txt") == nil)
    }

    @Test func aTableMissingAFieldSaysSo() throws {
        let entries = try #require(try YAMLParser.parse(Array("orientation-keys: [UISupportedInterfaceOrientations]\n".utf8), file: "test.yml"))
        #expect(!IPadMultitasking(entries: entries).unreadableLines.isEmpty)
        #expect(!DocumentTypes(entries: entries).unreadableLines.isEmpty)
        #expect(!DebugBuilds(entries: entries).unreadableLines.isEmpty)
        #expect(!DebugSymbols(entries: entries).unreadableLines.isEmpty)
    }
}
