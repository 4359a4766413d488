import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// `unmatched-symbols`: UUIDs read from LC_UUID as the linker writes them, dSYMs and IPA symbol
/// files compared slice by slice, and nothing judged where a binary's UUIDs are unknown.
@Suite struct UnmatchedSymbolsTests {
    static let app = "6F1A2B3C-4D5E-3F60-8172-93A4B5C6D7E8"
    static let kit = "0A1B2C3D-4E5F-3061-8293-A4B5C6D7E8F9"
    static let armv7 = "3B7E09D2-56A1-3C4F-9E80-1D2C3B4A5968"

    static func inspect(_ yaml: String, as name: String) throws -> InputReport {
        let directory = try TemporaryDirectory()
        let path = directory.path(name)
        try FixtureDescriptionSupport.describe(yaml).write(to: path)
        return PackageInspector().inspect(path: path)
    }

    @Test func aUUIDReadsAndPrintsAsDwarfdumpPrintsIt() throws {
        let uuid = try #require(MachOUUID("925d9b90-4551-39b4-b8df-236a2e4068b5"))
        #expect(uuid.description == "925D9B90-4551-39B4-B8DF-236A2E4068B5")
        #expect(uuid.bytes.first == 0x92 && uuid.bytes.last == 0xB5)
        for bad in ["925D9B90455139B4B8DF236A2E4068B5", "925D9B90-4551-39B4-B8DF-236A2E4068B", "925D9B90-4551-39B4-B8DF-236A2E4068BZ", ""] {
            #expect(MachOUUID(bad) == nil, "\(bad)")
        }
        #expect(MachOUUID(bytes: [UInt8](repeating: 0, count: 15)) == nil)
    }

    @Test func eachSliceKeepsItsOwnUUID() throws {
        let uuids = try [Self.kit, Self.armv7].map { try #require(MachOUUID($0)) }
        let bytes = MachOWriter.fat([
            MachOSliceDescription(architecture: .arm64, uuid: uuids[0]), MachOSliceDescription(architecture: .armv7, uuid: uuids[1]),
            MachOSliceDescription(architecture: .x86_64),
        ])
        let file = try #require(try MachOReader.read(InMemoryEntryReader(bytes: bytes, canSeek: false), size: UInt64(bytes.count)))
        #expect(file.slices.map(\.uuid) == [uuids[0], uuids[1], nil])
    }

    @Test func anLCUUIDTooShortForItsBytesIsMalformed() throws {
        var slice = MachOWriter.thin(MachOSliceDescription(uuid: MachOUUID(Self.app)))
        // The first load command after the header is __TEXT; find LC_UUID (0x1B) and shrink its cmdsize to 16.
        var offset = 32
        while offset + 8 <= slice.count, slice[offset] != 0x1B { offset += Int(slice[offset + 4]) | Int(slice[offset + 5]) << 8 }
        try #require(slice[offset] == 0x1B)
        slice[offset + 4] = 16
        #expect(throws: MachOError.self) { try MachOReader.read(InMemoryEntryReader(bytes: slice, canSeek: true), size: UInt64(slice.count)) }
    }

    @Test func theFindingNamesTheSliceAndWhatTheBinaryHas() throws {
        let report = try Self.inspect(
            """
            layout: xcarchive
            app:
              name: Notes
              executable: {uuids: [\(Self.app)]}
              frameworks:
                - name: Kit
                  executable: {uuids: [\(Self.kit)]}
            files:
              - path: dSYMs/Notes.app.dSYM/Contents/Resources/DWARF/Notes
                macho: {file-type: dsym, signed: false, uuids: [\(Self.app)]}
              - path: dSYMs/Kit.framework.dSYM/Contents/Resources/DWARF/Kit
                macho: {file-type: dsym, signed: false, architectures: [armv7, arm64], uuids: [\(Self.armv7), \(Self.kit)]}
              - path: dSYMs/Kit.framework.dSYM/Contents/Info.plist
                plist: {CFBundleIdentifier: com.apple.xcode.dsym.Kit}
            """, as: "Notes.xcarchive.zip")
        let findings = report.findings("unmatched-symbols")
        #expect(findings.map(\.file) == ["dSYMs/Kit.framework.dSYM/Contents/Resources/DWARF/Kit"])
        let message = try #require(findings.first?.message)
        #expect(message.contains("Kit.framework.dSYM holds symbols for armv7 (UUID \(Self.armv7))"), "\(message)")
        #expect(message.contains("the archive's Kit has arm64 (UUID \(Self.kit)))"), "\(message)")
        #expect(findings.first?.appleCodes == ["ITMS-90381"] && findings.first?.severity == .warning)
    }

    @Test func anIPANamesItsUnmatchedSymbolFilesOnce() throws {
        let strays = (0..<12).map { String(format: "3B7E09D2-56A1-3C4F-9E80-1D2C3B4A59%02X", $0) }
        let files = ([Self.app] + strays).map { "Symbols/\($0).symbols" }.joined(separator: ", ")
        let report = try Self.inspect(
            """
            app:
              name: Notes
              executable: {uuids: [\(Self.app)]}
            files: [\(files), Symbols/README.txt]
            """, as: "Notes.ipa")
        let findings = report.findings("unmatched-symbols")
        #expect(findings.map(\.file) == ["Symbols"])
        let message = try #require(findings.first?.message)
        #expect(message.contains("12 symbol files") && message.contains("and 2 more") && !message.contains(Self.app), "\(message)")
    }

    @Test func aPackageRootIsFoundAboveItsMarker() {
        #expect(UnmatchedSymbolsCheck.root(of: "X.xcarchive/Products/Applications/Notes.app", before: ["Products", "Applications"]) == "X.xcarchive/")
        #expect(UnmatchedSymbolsCheck.root(of: "Products/Applications/Notes.app", before: ["Products", "Applications"]) == "")
        #expect(UnmatchedSymbolsCheck.root(of: "Payload/s/demo.app", before: ["Payload"]) == "")
        #expect(UnmatchedSymbolsCheck.root(of: "Notes.app", before: ["Payload"]) == nil)
    }

    /// Shorebird's Flutter IPA, exported with symbols: Runner's LC_UUID names one of its three
    /// symbol files; the other two are its frameworks', whose executables the corpus's authors
    /// removed, so nothing can be judged and the rule is silent.
    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
    func shorebirdsRunnerIsTheSliceOfItsSymbolFile() throws {
        guard let path = RepositoryPaths.corpusOrSkip("shorebird/flutter-base.ipa") else { return }
        let report = PackageInspector().inspect(path: path)
        let runner = try #require(report.bundles.first { $0.path == "Payload/Runner.app" })
        #expect(runner.signing?.executable?.slices.map { $0.uuid?.description } == ["BC970605-0A53-3457-8736-D7A870AB6E71"])
        #expect(UnmatchedSymbolsCheck.shippedUUIDs(of: report.bundles) == nil)
        #expect(report.findings("unmatched-symbols").isEmpty)
    }
}
