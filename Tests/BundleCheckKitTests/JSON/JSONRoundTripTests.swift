import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckReports

/// What `JSONWriter` writes, `JSONParser` reads back as the same value, and writing that
/// value again gives the same bytes: for the reports bundlecheck writes and for any value.
@Suite struct JSONRoundTripTests {
    /// Parses `text` and writes the value back in the same style; the bytes must not change.
    static func rewritten(_ text: String, style: JSONWriter.Style = .pretty) throws -> (value: JSONValue, text: String) {
        let value = try JSONParser().parse(text)
        return (value, JSONWriter(style: style).string(from: value))
    }

    static let examples = ["PaiNotes.ipa", "PaiScan.ipa", "PaiNotesMac.app.zip", "PaiNotesMac.pkg"]

    @Test(arguments: examples)
    func theReportOfEachExamplePackageReadsBackByteForByte(file: String) throws {
        let (status, console) = CapturingConsole.run(["--format", "json", "--now", "2026-06-01", RepositoryPaths.file("Examples/" + file)])
        #expect(status == .findings)
        let (value, text) = try Self.rewritten(console.output)
        #expect(Array(text.utf8) == Array(console.output.utf8))
        #expect(value["inputs"]?[0]?["findings"]?[0]?["rule"] != nil)
        // Compact, as `--format json` never writes it, it reads back to the same value too.
        #expect(try JSONParser().parse(JSONWriter(style: .compact).string(from: value)) == value)
    }

    @Test func theSampleReportReadsBackAsTheValueTheReporterBuilt() throws {
        let report = SampleReport.make()
        let written = JSONReporter().render(report)
        #expect(try JSONParser().parse(written) == JSONReporter().document(for: report))
    }

    /// Every JSON golden file (reports, SARIF, GitLab's format) is what the writer writes, so it
    /// reads back unchanged.
    @Test(arguments: [
        "Reports/Golden/report.json", "Reports/Golden/report.sarif", "Reports/Golden/report.gitlab.json",
        "Examples/Golden/PaiNotes.json", "Examples/Golden/PaiScan.json", "Examples/Golden/PaiNotesMac.json",
        "Examples/Golden/PaiNotesMacInstaller.json",
    ])
    func goldenFilesReadBackByteForByte(file: String) throws {
        let golden = try String(contentsOfFile: RepositoryPaths.file("Tests/BundleCheckKitTests/" + file), encoding: .utf8)
        #expect(Array(try Self.rewritten(golden).text.utf8) == Array(golden.utf8))
    }

    @Test func doublesUnicodeEscapesAndEmptyContainersReadBack() throws {
        let value: JSONValue = [
            "doubles": [
                0.1, -2.5, 1e-7, 1e21, 3.0, -0.0, .double(.greatestFiniteMagnitude), .double(.leastNonzeroMagnitude), .double(-.leastNormalMagnitude),
                123_456.789,
            ],
            "integers": [0, -1, .integer(.max), .integer(.min)],
            "strings": [
                "", "caf\u{E9}", "\u{1F600}\u{1D11E}", "e\u{301}", "tab\there \"quoted\" back\\slash /", "\u{00}\u{1B}\u{7F}\u{9F}", "\u{2028}\u{2029}\u{FEFF}",
            ],
            "empty": [[], [:], [[]], ["": [:]]],
            "": .null,
            "caf\u{E9} \u{1F600}\n": true,
            "repeated": 1,
            "repeated": 2,
        ]
        for style in [JSONWriter.Style.pretty, .compact] {
            let text = JSONWriter(style: style).string(from: value)
            let (parsed, rewritten) = try Self.rewritten(text, style: style)
            #expect(parsed == value)
            #expect(Array(rewritten.utf8) == Array(text.utf8))
        }
    }

    /// Random values: doubles from random bits, strings of random scalars (every escape the
    /// writer makes among them), random shapes; read back equal, and rewritten to the same bytes
    /// (which, unlike String's ==, tells canonically equivalent strings apart).
    @Test func randomValuesReadBack() throws {
        var random = SeededRandom(seed: 0x150_4A)
        for round in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &random)
            let style: JSONWriter.Style = round.isMultiple(of: 2) ? .pretty : .compact
            let text = JSONWriter(style: style).string(from: value)
            let (parsed, rewritten) = try Self.rewritten(text, style: style)
            #expect(parsed == value, "round \(round)")
            #expect(Array(rewritten.utf8) == Array(text.utf8), "round \(round)")
        }
    }

    static func randomValue(depth: Int, using random: inout SeededRandom) -> JSONValue {
        switch Int.random(in: 0..<(depth < 5 ? 9 : 6), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .integer(Int64(bitPattern: random.next()) >> Int64.random(in: 0...63, using: &random))
        case 3:
            var double: Double
            repeat { double = Double(bitPattern: random.next()) } while !double.isFinite
            return .double(double)
        case 4, 5: return .string(randomString(using: &random))
        case 6: return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            return .object(
                (0..<Int.random(in: 0...5, using: &random)).map { _ in
                    JSONValue.Member(randomString(using: &random), randomValue(depth: depth + 1, using: &random))
                })
        }
    }

    static func randomString(using random: inout SeededRandom) -> String {
        var string = ""
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x10000...0x10FFFF, 0...0x20, 0x2028...0x2029]
            let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) {
                string.unicodeScalars.append(scalar)
            }
        }
        return string
    }

    /// Entitlements are reported as read, and the plist reader takes them 256 levels deep: the
    /// report nests them 7 levels down, deeper than a cap of 64 would let a report be read back.
    @Test func aReportOfEntitlementsAtThePlistDepthCapReadsBack() throws {
        var nested = PlistValue.string("leaf")
        // The entitlements dictionary is level 1; 254 more dictionaries and the leaf make 256.
        for _ in 0..<254 {
            nested = .dictionary(PlistDictionary(["k": nested]))
        }
        let app = SignedFixtures.signed(
            FixtureBundle.app("Deep", bundleIdentifier: "com.example.deep"),
            entitlements: PlistDictionary(["deep": nested]),
            profile: SignedFixtures.profile(.appStore, identifier: "com.example.deep")
        )
        let directory = try TemporaryDirectory()
        let package = try BundleCheckCommandTests.writePackage(.ipa(app), in: directory, name: "Deep.ipa")
        let (_, console) = CapturingConsole.run(["--format", "json", "--now", "2026-06-01", package])
        let (value, text) = try Self.rewritten(console.output)
        #expect(Array(text.utf8) == Array(console.output.utf8))
        var level = value["inputs"]?[0]?["bundles"]?[0]?["entitlements"]?["dictionary"]?["deep"]
        var depth = 7
        while let next = level?["k"] {
            level = next
            depth += 1
        }
        #expect(level == "leaf")
        #expect(depth == 7 + 254)
        #expect(depth < JSONLimits.default.maxDepth)
    }
}
