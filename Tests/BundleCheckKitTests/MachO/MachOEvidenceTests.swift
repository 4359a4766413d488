import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Binary evidence (C strings, Objective-C class names and selectors, imported
/// symbols) read in the same forward pass as the rest of a Mach-O file.
@Suite struct MachOEvidenceTests {
    typealias Support = MachOTestSupport

    static let demoApp = ("sentry-cli/DemoApp.ipa", "Payload/DemoApp.app/DemoApp")
    static let saucy = ("isign/SimpleSaucyApp.ipa", "Payload/SimpleSaucyApp.app/SimpleSaucyApp")

    static let described = MachOSliceDescription(
        architecture: .arm64,
        codeSignature: FixtureCodeSignature(identifier: "com.example.app"),
        cStrings: ["painotes://import", "group.com.painotes.shared", "painotes://import"],
        objcClassNames: ["AppDelegate", "ShareViewController"],
        objcSelectors: ["openURL:", "sharedApplication", "viewDidLoad"],
        importedSymbols: ["_OBJC_CLASS_$_UIWebView", "_objc_msgSend", "_swift_release"]
    )

    static func read(_ bytes: [UInt8], _ filter: any BinaryEvidenceFilter = KeepAllEvidence()) throws -> MachOFile? {
        try MachOReader.read(InMemoryEntryReader(bytes: bytes), size: UInt64(bytes.count), evidence: filter)
    }

    static func readCorpus(_ location: (String, String), _ filter: any BinaryEvidenceFilter = KeepAllEvidence()) throws -> MachOFile? {
        guard let path = RepositoryPaths.corpusOrSkip(location.0) else { return nil }
        let container = try ZipArchiveReader(path: path)
        return try MachOReader.read(try container.openEntry(location.1), size: try container.size(of: location.1), evidence: filter)
    }

    static func values(_ slice: MachOSlice, _ kind: BinaryEvidenceKind) -> [String] {
        slice.evidence.filter { $0.kind == kind }.map(\.value)
    }

    // MARK: - Fixtures

    @Test func aFixtureSliceReadsBackEveryKindInFileOrderWithoutDuplicates() throws {
        let slice = try #require(try Self.read(MachOWriter.thin(Self.described))?.slices.first)
        #expect(Self.values(slice, .string) == ["painotes://import", "group.com.painotes.shared"])
        #expect(Self.values(slice, .class) == Self.described.objcClassNames)
        #expect(Self.values(slice, .selector) == Self.described.objcSelectors)
        #expect(Self.values(slice, .symbol) == Self.described.importedSymbols)
        #expect(slice.evidence.allSatisfy { $0.architecture == "arm64" })
        // Sections come before __LINKEDIT, so symbols come last.
        #expect(slice.evidence.map(\.kind) == [.string, .string, .class, .class, .selector, .selector, .selector, .symbol, .symbol, .symbol])
        // The signature is still read in the same pass.
        #expect(slice.codeSignature?.identifier == "com.example.app")
    }

    @Test func readingWithoutAFilterLeavesEvidenceEmpty() throws {
        let file = try #require(try Support.read(MachOWriter.thin(Self.described)))
        #expect(file.slices.allSatisfy { $0.evidence.isEmpty })
        #expect(file.slices.first?.codeSignature?.identifier == "com.example.app")
    }

    @Test func eachFatSliceCarriesItsOwnArchitecture() throws {
        var armv7 = Self.described
        armv7.architecture = .armv7
        armv7.importedSymbols = ["_UIApplicationMain"]
        let file = try #require(try Self.read(MachOWriter.fat([armv7, Self.described])))
        #expect(file.slices.map(\.architecture) == ["armv7", "arm64"])
        #expect(Self.values(file.slices[0], .symbol) == ["_UIApplicationMain"])
        #expect(file.slices[0].evidence.allSatisfy { $0.architecture == "armv7" })
        #expect(Self.values(file.slices[1], .symbol) == Self.described.importedSymbols)
    }

    @Test func aFilterWantingOneValueKeepsOnlyThatValue() throws {
        let filter = OnlyEvidenceFilter(kind: .symbol, value: "_OBJC_CLASS_$_UIWebView")
        let slice = try #require(try Self.read(MachOWriter.thin(Self.described), filter)?.slices.first)
        #expect(slice.evidence == [BinaryEvidence(kind: .symbol, value: "_OBJC_CLASS_$_UIWebView", architecture: "arm64")])
        // The same value under another kind is not wanted.
        let selectorFilter = OnlyEvidenceFilter(kind: .selector, value: "_OBJC_CLASS_$_UIWebView")
        #expect(try Self.read(MachOWriter.thin(Self.described), selectorFilter)?.slices.first?.evidence == [])
    }

    @Test func stringsCutByChunkBoundariesAreJoinedAndOverlongOnesSkipped() throws {
        // About 300 KiB of strings: several 64 KiB chunks, with strings straddling each boundary.
        let many = (0..<12_000).map { "string number \($0) of the fixture" }
        let overlong = String(repeating: "x", count: MachOLimits.standard.maxStringBytes + 1)
        var description = Self.described
        description.cStrings = many + [overlong, "after the overlong one"]
        let slice = try #require(try Self.read(MachOWriter.thin(description))?.slices.first)
        #expect(Self.values(slice, .string) == many + ["after the overlong one"])
    }

    @Test func theScannerCarriesAStringAcrossOneByteChunks() throws {
        let bytes = Array("first\0second\0\0third".utf8)
        var scanner = CStringScanner(maximumLength: 16)
        var found: [(UInt64, String)] = []
        for byte in bytes {
            try scanner.feed([byte][...]) { start, string in found.append((start, String(decoding: string, as: UTF8.self))) }
        }
        try scanner.finish { start, string in found.append((start, String(decoding: string, as: UTF8.self))) }
        #expect(found.map(\.0) == [0, 6, 13, 14])
        #expect(found.map(\.1) == ["first", "second", "", "third"])
    }

    @Test func bindOpcodesYieldTheirSymbolNames() throws {
        let stream: [UInt8] =
            [0x72, 0x10] // SET_SEGMENT_AND_OFFSET_ULEB 2, 16
            + [0x11, 0x40] + Array("_objc_msgSend".utf8) + [0] // ordinal 1, symbol
            + [0x51, 0x90] // type pointer, DO_BIND
            + [0xC0, 0x83, 0x01, 0x08] // DO_BIND_ULEB_TIMES_SKIPPING_ULEB 131, 8
            + [0x00, 0x49] + Array("_swift_release".utf8) + [0, 0x90, 0x00, 0x00] // lazy-style entries separated by DONE
        var names: [String] = []
        try BindOpcodeParser.names(stream, maximumNameLength: 4096) { names.append($0) }
        #expect(names == ["_objc_msgSend", "_swift_release"])
        #expect(throws: MachOError.self) { try BindOpcodeParser.names([0xE0], maximumNameLength: 4096) { _ in } }
        #expect(throws: MachOError.self) { try BindOpcodeParser.names([0x40, 0x5F], maximumNameLength: 4096) { _ in } }
        #expect(throws: MachOError.self) { try BindOpcodeParser.names([0x20] + [UInt8](repeating: 0x80, count: 11), maximumNameLength: 4096) { _ in } }
    }

    @Test(arguments: [1, 2, 3])
    func chainedFixupImportsYieldTheirNamesInEveryFormat(format: Int) throws {
        let importSize = [1: 4, 2: 8, 3: 16][format]!
        let names = ["_swift_release", "_OBJC_CLASS_$_UIWebView"]
        let pool: [UInt8] = names.flatMap { name -> [UInt8] in Array(name.utf8) + [0] }
        let importsOffset = 28, symbolsOffset = 28 + importSize * names.count
        var bytes = MachOByteBufferForTests()
        for value in [0, 0, importsOffset, symbolsOffset, names.count, format, 0] { bytes.append32(UInt32(value)) }
        var nameOffset = 0
        for name in names {
            if format == 3 {
                bytes.append32(1) // lib_ordinal 1
                bytes.append32(UInt32(nameOffset))
                bytes.append32(0) // addend
                bytes.append32(0)
            } else {
                bytes.append32(UInt32(nameOffset) << 9 | 1)
                if format == 2 { bytes.append32(0) }
            }
            nameOffset += name.utf8.count + 1
        }
        bytes.bytes += pool
        var found: [String] = []
        try ChainedFixupsParser.names(bytes.bytes, maximumNameLength: 4096) { found.append($0) }
        #expect(found == names)
    }

    // MARK: - Corpus, against constants checked once with llvm-nm and llvm-objdump

    @Test func demoAppImportsAndStringsIncludeKnownNames() throws {
        guard let file = try Self.readCorpus(Self.demoApp) else { return }
        let slice = try #require(file.slices.first)
        #expect(slice.architecture == "arm64")
        let symbols = Set(Self.values(slice, .symbol))
        #expect(symbols.count == 91)
        for name in ["_swift_release", "_$s7SwiftUI11WindowGroupVMn", "_$s4Body7SwiftUI4ViewPTl"] {
            #expect(symbols.contains(name), "\(name)")
        }
        #expect(Self.values(slice, .string).contains("_TtC7DemoAppP33_ECBE8BB1759C0A25037E84F31128B23D19ResourceBundleClass"))
    }

    @Test func simpleSaucyAppImportsAndSelectorsIncludeKnownNamesInBothSlices() throws {
        guard let file = try Self.readCorpus(Self.saucy) else { return }
        #expect(file.architectures == ["armv7", "arm64"])
        for slice in file.slices {
            let symbols = Set(Self.values(slice, .symbol))
            #expect(symbols.count == 58, "\(slice.architecture)")
            for name in ["_OBJC_CLASS_$_UIViewController", "_UIApplicationMain", "_NSStringFromClass"] {
                #expect(symbols.contains(name), "\(slice.architecture): \(name)")
            }
            let selectors = Set(Self.values(slice, .selector))
            for name in ["viewDidLoad", "didReceiveMemoryWarning", "initWithNibName:bundle:"] {
                #expect(selectors.contains(name), "\(slice.architecture): \(name)")
            }
        }
    }

    @Test func onlyTheWantedCorpusSymbolIsKept() throws {
        let filter = OnlyEvidenceFilter(kind: .symbol, value: "_OBJC_CLASS_$_UIViewController")
        guard let file = try Self.readCorpus(Self.saucy, filter) else { return }
        #expect(
            file.slices.map(\.evidence)
                == file.slices.map {
                    [BinaryEvidence(kind: .symbol, value: "_OBJC_CLASS_$_UIViewController", architecture: $0.architecture)]
                })
    }

    // MARK: - Hostile input

    @Test func everyTruncationOfACorpusBinaryFailsCleanlyWithEvidenceOn() throws {
        for location in [Self.demoApp, Self.saucy] {
            guard let path = RepositoryPaths.corpusOrSkip(location.0) else { return }
            let original = try ZipArchiveReader(path: path).read(location.1, limit: 1 << 20)
            for length in stride(from: 0, to: original.count, by: 997) {
                Self.expectOnlyMachOErrors(Array(original.prefix(length)))
            }
        }
    }

    @Test func randomByteFlipsWithEvidenceOnNeverCrash() throws {
        var random = SeededRandom(seed: 0x6576_6964)
        var samples = [MachOWriter.thin(Self.described)]
        for location in [Self.demoApp, Self.saucy] {
            if let path = RepositoryPaths.corpusOrSkip(location.0) {
                samples.append(try ZipArchiveReader(path: path).read(location.1, limit: 1 << 20))
            }
        }
        for original in samples {
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                Self.expectOnlyMachOErrors(bytes)
            }
        }
    }

    @Test func bogusSymbolCountAndStringOffsetsAreRefused() throws {
        let original = MachOWriter.thin(Self.described)
        let symtab = try #require(Support.loadCommandOffset(0x2, in: original))
        var bytes = original
        Support.writeUInt32LE(0xFFFF_FFFF, into: &bytes, at: symtab + 12)
        #expect(throws: MachOError.self) { try Self.read(bytes) }
        // A string table too small for the names' offsets.
        bytes = original
        Support.writeUInt32LE(2, into: &bytes, at: symtab + 20)
        #expect { try Self.read(bytes) } throws: { error in
            guard case MachOError.malformedSymbolTable = error else { return false }
            return true
        }
        // A string table that starts inside the load commands.
        bytes = original
        Support.writeUInt32LE(40, into: &bytes, at: symtab + 16)
        #expect(throws: MachOError.self) { try Self.read(bytes) }
        // Without evidence, the symbol table is not read and the damage does not matter.
        #expect(try Support.read(bytes) != nil)
    }

    @Test func bogusChainedFixupsHeaderValuesAreRefused() throws {
        guard let path = RepositoryPaths.corpusOrSkip(Self.demoApp.0) else { return }
        let original = try ZipArchiveReader(path: path).read(Self.demoApp.1, limit: 1 << 20)
        let command = try #require(Support.loadCommandOffset(0x8000_0034, in: original))
        let data = Int(Support.readUInt32LE(original, at: command + 8))
        // imports_offset, symbols_offset, imports_count, imports_format
        for (field, value) in [(8, 0xFFFF_FFF0), (12, 0xFFFF_FFF0), (16, 0x00FF_FFFF), (20, 9), (8, 4)] as [(Int, UInt32)] {
            var bytes = original
            Support.writeUInt32LE(value, into: &bytes, at: data + field)
            #expect("\(field)=\(value)") { try Self.read(bytes) } throws: { error in
                guard case MachOError.malformedChainedFixups = error else { return false }
                return true
            }
        }
        var bytes = original
        Support.writeUInt32LE(0x7FFF_FFFF, into: &bytes, at: command + 12) // datasize
        #expect(throws: MachOError.self) { try Self.read(bytes) }
    }

    @Test func aBadBindOpcodeInACorpusSliceIsRefused() throws {
        guard let path = RepositoryPaths.corpusOrSkip(Self.saucy.0) else { return }
        let original = try ZipArchiveReader(path: path).read(Self.saucy.1, limit: 1 << 20)
        // The second fat record is the arm64 slice: its offset is the record's third field.
        var sliceOffset = 0
        for index in 0..<4 { sliceOffset = sliceOffset << 8 | Int(original[8 + 20 + 8 + index]) }
        let command = try #require(Support.loadCommandOffset(0x8000_0022, in: original, sliceOffset: sliceOffset))
        let bind = sliceOffset + Int(Support.readUInt32LE(original, at: command + 16))
        var bytes = original
        bytes[bind] = 0xE0
        #expect { try Self.read(bytes) } throws: { error in
            guard case MachOError.malformedBindInfo = error else { return false }
            return true
        }
    }

    static func expectOnlyMachOErrors(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try read(bytes)
        } catch is MachOError {
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }
}
