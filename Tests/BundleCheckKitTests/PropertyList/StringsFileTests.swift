import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// `.strings` files (InfoPlist.strings) in the three forms apps ship: binary plist, XML plist,
/// and old-style text in UTF-8 or UTF-16.
@Suite struct StringsFileTests {
    static func text(_ source: String) throws -> [StringsFileEntry] {
        try StringsFile.read(Array(source.utf8), file: "en.lproj/InfoPlist.strings")
    }

    static func pairs(_ entries: [StringsFileEntry]) -> [String] {
        entries.map { "\($0.key)=\($0.value)" }
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        let bom: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        return bom
            + text.utf16.flatMap { unit in
                bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
    }

    @Test func quotedPairsWithCommentsAndLines() throws {
        let entries = try Self.text(
            """
            /* Camera, shown when scanning */
            "NSCameraUsageDescription" = "Scans a paper note.";
            // Microphone
            "NSMicrophoneUsageDescription"="Records a voice note." ; /* trailing */
            """)
        #expect(Self.pairs(entries) == ["NSCameraUsageDescription=Scans a paper note.", "NSMicrophoneUsageDescription=Records a voice note."])
        #expect(entries.map(\.line) == [2, 4])
    }

    @Test func escapesUnquotedWordsAndKeyOnlyPairs() throws {
        let entries = try Self.text(
            #"""
            "a" = "say \"hi\"\n\ttab \\ back";
            b = c.d-e/f;
            "only";
            "u" = "\U00e9t\U00E9 \UD83D\UDE00";
            "o" = "\101\102";
            "lone" = "\UD83Dx";
            """#)
        #expect(Self.pairs(entries) == ["a=say \"hi\"\n\ttab \\ back", "b=c.d-e/f", "only=only", "u=été 😀", "o=AB", "lone=\u{FFFD}x"])
    }

    @Test func bracesAroundTheWholeFileAreAccepted() throws {
        #expect(Self.pairs(try Self.text("{ \"k\" = \"v\"; }")) == ["k=v"])
        #expect(throws: BundleCheckError.self) { try Self.text("{ \"k\" = \"v\";") }
        #expect(throws: BundleCheckError.self) { try Self.text("{ \"k\" = \"v\"; } \"x\";") }
    }

    @Test(arguments: [false, true])
    func utf16TextWithAByteOrderMarkIsRead(bigEndian: Bool) throws {
        let bytes = Self.utf16("\"NSCameraUsageDescription\" = \"用于扫描二维码\";\n", bigEndian: bigEndian)
        let entries = try StringsFile.read(bytes, file: "zh.lproj/InfoPlist.strings")
        #expect(Self.pairs(entries) == ["NSCameraUsageDescription=用于扫描二维码"])
    }

    @Test func aUTF8ByteOrderMarkIsSkipped() throws {
        let entries = try StringsFile.read([0xEF, 0xBB, 0xBF] + Array("\"k\" = \"v\";".utf8), file: "x")
        #expect(Self.pairs(entries) == ["k=v"])
    }

    @Test func binaryAndXMLPlistsKeepTheirStringValues() throws {
        var dictionary = PlistDictionary()
        dictionary.append(key: "NSCameraUsageDescription", value: .string("Scans."))
        dictionary.append(key: "Count", value: .integer(PlistInteger(3)))
        let binary = try StringsFile.read(try BinaryPropertyListWriter.write(.dictionary(dictionary)), file: "x")
        #expect(Self.pairs(binary) == ["NSCameraUsageDescription=Scans."])
        #expect(binary.first?.line == nil)
        let xml = try StringsFile.read(XMLPropertyListWriter.write(.dictionary(dictionary)), file: "x")
        #expect(Self.pairs(xml) == ["NSCameraUsageDescription=Scans."])
        #expect(xml.first?.line != nil)
        let xml16 = try StringsFile.read(
            Self.utf16(String(decoding: XMLPropertyListWriter.write(.dictionary(dictionary)), as: UTF8.self), bigEndian: false), file: "x")
        #expect(Self.pairs(xml16) == ["NSCameraUsageDescription=Scans."])
    }

    @Test(arguments: [
        "\"k\" = \"v\"", // no semicolon
        "\"k\" = \"never closed;", // open string
        "/* never closed \"k\" = \"v\";", // open comment
        "\"k\" = (\"a\", \"b\");", // an array
        "\"k\" = { \"a\" = \"b\"; };", // a dictionary
        "\"k\" = <0fbd>;", // data
        "\"k\" \"v\";", // no equals sign
        "= \"v\";", // no key
        "\"k\" = ;", // no value
    ])
    func brokenTextIsAnErrorNamingTheFile(source: String) {
        #expect {
            try Self.text(source)
        } throws: { error in
            guard case .malformedPropertyList(let file, _, let line, _) = error as? BundleCheckError else { return false }
            return file == "en.lproj/InfoPlist.strings" && line != nil
        }
    }

    @Test func bytesThatAreNoTextAreRefused() {
        #expect(throws: BundleCheckError.self) { try StringsFile.read([0x22, 0xFF, 0xFE, 0x00, 0x22], file: "x") }
        #expect(throws: BundleCheckError.self) { try StringsFile.read([0xFF, 0xFE, 0x22], file: "x") }
        #expect(throws: BundleCheckError.self) { try StringsFile.read([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00], file: "x") }
    }

    @Test func anEmptyFileHasNoEntries() throws {
        #expect(try Self.text("").isEmpty)
        #expect(try Self.text("  /* nothing */ // here").isEmpty)
    }

    /// Hostile input: every prefix and random mutations of a valid file parse or throw, never crash or hang.
    @Test func mutationsParseOrThrowNeverCrash() {
        let valid = Array(#"{ /* c */ "k\U00e9" = "v\"\n\101"; // x\#n word = other; "only"; }"#.utf8)
        for end in 0...valid.count {
            _ = try? StringsFile.read(Array(valid[..<end]), file: "x")
        }
        var random = SeededRandom(seed: 0x5157)
        let alphabet = Array(#"{}();="\/*<>U0189aAzZ \#n"#.utf8)
        for _ in 0..<2_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = alphabet.randomElement(using: &random)!
            }
            _ = try? StringsFile.read(bytes, file: "x")
        }
    }

    @Test func theNumberOfEntriesIsCapped() {
        let many = String(repeating: "a;", count: StringsFileLimits.standard.maxEntries + 1)
        #expect(throws: BundleCheckError.self) { try Self.text(many) }
    }
}
