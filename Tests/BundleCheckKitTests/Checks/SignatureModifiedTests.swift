import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// `signature-modified` end to end: packages the fixture builder signs with real hashes, edited
/// after signing or not, inspected as `bundlecheck` would, with and without `--verify-resources`.
@Suite struct SignatureModifiedTests {
    static let rule = "signature-modified"
    static let config = FixtureFile(path: "config.json", text: #"{"server": "https://api.example.com"}"#)
    static let strings = FixtureFile(path: "en.lproj/Main.strings", text: "\"title\" = \"Notes\";\n")

    static func executable(_ name: String, _ identifier: String, architectures: [MachOFixtureArchitecture] = [.arm64]) -> FixtureExecutable {
        FixtureExecutable(
            name: name,
            slices: architectures.map { architecture in
                MachOSliceDescription(
                    architecture: architecture,
                    codeSignature: FixtureCodeSignature(identifier: identifier, teamIdentifier: "ABCDE12345")
                )
            })
    }

    static func app(
        edits: FixtureEditsAfterSigning = FixtureEditsAfterSigning(),
        architectures: [MachOFixtureArchitecture] = [.arm64],
        plugin: FixtureBundle? = nil
    ) -> FixtureBundle {
        var app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .adding(file: config.path, contents: config.contents)
            .adding(file: strings.path, contents: strings.contents)
            .adding(file: "PkgInfo", contents: Array("APPL????".utf8))
            .with(executable("Notes", "com.example.notes", architectures: architectures))
            .edited(afterSigning: edits)
        if let plugin { app = app.adding(plugin, in: "PlugIns") }
        return app
    }

    static func inspect(_ app: FixtureBundle, verifyingResources: Bool = false, rules: [RuleDefinition] = RuleCatalogue.shipped.rules) throws -> InputReport {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(app).writeZip(to: path)
        return PackageInspector(rules: rules, settings: InspectionSettings(verifiesResources: verifyingResources)).inspect(path: path)
    }

    @Test func anUnmodifiedBundlePassesAndEveryResourceIsCompared() throws {
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services")
            .with(Self.executable("Share", "com.example.notes.share"))
        let report = try Self.inspect(Self.app(plugin: share), verifyingResources: true)
        #expect(report.error == nil)
        #expect(report.findings(Self.rule).isEmpty)
        let seal = try #require(report.bundles.first { $0.path == "Payload/Notes.app" }?.signing?.seal)
        #expect(seal.mismatches.isEmpty)
        #expect(
            seal.comparedResources == 6,
            "config.json, Main.strings, the icon's Assets.car and AppIcon60x60@2x.png, the launch storyboard's Info.plist and nib; PkgInfo, Info.plist and the executable are sealed otherwise"
        )
        #expect(seal.skippedResources == 1, "the share extension, listed by its cdhash")
    }

    @Test func anInfoPlistEditedAfterSigningIsReportedOnIt() throws {
        let edits = FixtureEditsAfterSigning(infoPlist: [.init(key: "CFBundleVersion", value: .string("2"))])
        let findings = try Self.inspect(Self.app(edits: edits)).findings(Self.rule)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == "Payload/Notes.app/Info.plist")
        #expect(finding.message.contains("special slot 1 (Info.plist)"))
        #expect(finding.appleCodes == ["ITMS-90035"])
    }

    @Test func anInfoPlistTooLargeToHoldWholeIsHashedAsItIsParsed() throws {
        // Past PropertyListParser.streamingThreshold the plist streams into libxml2 and its hashes
        // are taken on the way; the seal must still hold, and still catch an edit.
        let filler = PlistValue.array((0..<8_000).map { .string("localized value number \($0)") })
        let big = Self.app().setting("LSFiller", to: filler)
        let bytes = XMLPropertyListWriter.write(.dictionary(big.infoPlist))
        #expect(bytes.count > PropertyListParser.streamingThreshold)
        let intact = try Self.inspect(big)
        #expect(intact.findings(Self.rule).isEmpty, "\(intact.findings(Self.rule).map(\.message))")
        #expect(intact.findings("info-plist-malformed").isEmpty && intact.findings("info-plist-missing").isEmpty)
        let edited = Self.app(edits: FixtureEditsAfterSigning(infoPlist: [.init(key: "CFBundleVersion", value: .string("2"))]))
            .setting("LSFiller", to: filler)
        let findings = try Self.inspect(edited).findings(Self.rule)
        #expect(findings.map(\.file) == ["Payload/Notes.app/Info.plist"])
    }

    @Test func eachKindOfEditIsItsOwnFinding() throws {
        let entitlements = XMLPropertyListWriter.write(.dictionary(PlistDictionary(["application-identifier": .string("TestFixture.com.example.notes")])))
        var signature = Self.executable("Notes", "com.example.notes")
        signature.slices[0].codeSignature?.entitlementsXML = XMLPropertyListWriter.write(
            .dictionary(
                PlistDictionary([
                    "application-identifier": .string("ABCDE12345.com.example.notes")
                ])))
        let edits = FixtureEditsAfterSigning(
            infoPlist: [.init(key: "CFBundleVersion", value: nil)], entitlementsXML: entitlements, patchesCode: true
        )
        let findings = try Self.inspect(Self.app(edits: edits).with(signature)).findings(Self.rule)
        #expect(findings.count == 3)
        #expect(Set(findings.map(\.fingerprint)).count == 3, "one bundle, three kinds: three fingerprints")
        #expect(findings.contains { $0.file == "Payload/Notes.app/Notes" && $0.message.contains("special slot 5 (entitlements)") })
        #expect(findings.contains { $0.file == "Payload/Notes.app/Notes" && $0.message.contains("page 0 (from byte 0) of the arm64 slice") })
    }

    @Test func codePagesNameTheFirstPageOfEachSlice() throws {
        let findings = try Self.inspect(Self.app(edits: FixtureEditsAfterSigning(patchesCode: true), architectures: [.armv7, .arm64])).findings(Self.rule)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.message.contains("page 0 (from byte 0) of the armv7 slice and page 0 (from byte 0) of the arm64 slice"))
    }

    @Test func aSwappedResourceIsFoundOnlyWhenResourcesAreVerified() throws {
        let swapped = FixtureFile(path: "config.json", text: #"{"server": "https://staging.example.com"}"#)
        let app = Self.app(edits: FixtureEditsAfterSigning(files: [swapped]))
        #expect(try Self.inspect(app).findings(Self.rule).isEmpty)
        let findings = try Self.inspect(app, verifyingResources: true).findings(Self.rule)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == "Payload/Notes.app/config.json")
        #expect(finding.message.contains("1 file of Notes.app changed after signing"))
    }

    @Test func aDeletedResourceIsMissingAndAnAddedOneIsNotCompared() throws {
        let edits = FixtureEditsAfterSigning(files: [FixtureFile(path: "extra.txt", text: "x")], removedFiles: ["en.lproj/Main.strings"])
        let report = try Self.inspect(Self.app(edits: edits), verifyingResources: true)
        let finding = try #require(report.findings(Self.rule).first)
        #expect(report.findings(Self.rule).count == 1)
        #expect(finding.file == "Payload/Notes.app/en.lproj/Main.strings")
        #expect(finding.message.contains("is missing"))
    }

    @Test func aMissingCodeResourcesThatTheSignatureBindsIsReported() throws {
        let report = try Self.inspect(Self.app(edits: FixtureEditsAfterSigning(removedFiles: ["_CodeSignature/CodeResources"])))
        let finding = try #require(report.findings(Self.rule).first)
        #expect(finding.file == "Payload/Notes.app/_CodeSignature/CodeResources")
        #expect(finding.message.contains("but the bundle has none"))
    }

    @Test func withoutTheRuleNothingIsHashed() throws {
        let rules = RuleCatalogue.shipped.rules.filter { $0.id != Self.rule }
        let report = try Self.inspect(Self.app(edits: FixtureEditsAfterSigning(patchesCode: true)), verifyingResources: true, rules: rules)
        let signing = try #require(report.bundles.first?.signing)
        #expect(signing.seal == nil)
        #expect(signing.codeSignature?.seal?.codePages == .notHashed)
    }

    @Test func theCommandLineOptionTurnsResourceHashingOn() throws {
        guard case .check(let options) = try CommandLineParser.parse(["--verify-resources", "A.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.verifiesResources)
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        let swapped = FixtureFile(path: "config.json", text: "{}")
        try FixturePackage.ipa(Self.app(edits: FixtureEditsAfterSigning(files: [swapped]))).writeZip(to: path)
        let (_, plain) = CapturingConsole.run(["--format", "json", path])
        let (_, verified) = CapturingConsole.run(["--format", "json", "--verify-resources", path])
        #expect(!plain.output.contains("\"rule\": \"\(Self.rule)\""))
        #expect(verified.output.contains("\"rule\": \"\(Self.rule)\""))
    }

    @Test func resourcePathsThatLeaveTheBundleAreNotFollowed() {
        #expect(SealVerifier.path(of: "en.lproj/Main.strings", in: "Payload/A.app") == "Payload/A.app/en.lproj/Main.strings")
        for entry in ["", "/etc/passwd", "../B.app/Info.plist", "a/../../x", "a//b", "./a"] {
            #expect(SealVerifier.path(of: entry, in: "Payload/A.app") == nil, "\(entry)")
        }
    }

    @Test func codeResourcesEntriesAreReadInTheirThreeForms() throws {
        let sha1 = [UInt8](repeating: 1, count: 20), sha256 = [UInt8](repeating: 2, count: 32)
        var both = PlistDictionary()
        both.append(key: "hash", value: .data(sha1))
        both.append(key: "hash2", value: .data(sha256))
        var optional = PlistDictionary()
        optional.append(key: "hash", value: .data(sha1))
        optional.append(key: "optional", value: .bool(true))
        var nested = PlistDictionary()
        nested.append(key: "cdhash", value: .data(sha1))
        nested.append(key: "requirement", value: .string("anchor apple generic"))
        var link = PlistDictionary()
        link.append(key: "symlink", value: .string("Versions/Current"))
        var files2 = PlistDictionary()
        files2.append(key: "old", value: .data(sha1))
        files2.append(key: "both", value: .dictionary(both))
        files2.append(key: "fr.lproj/x.strings", value: .dictionary(optional))
        files2.append(key: "PlugIns/S.appex", value: .dictionary(nested))
        files2.append(key: "Current", value: .dictionary(link))
        let plist = XMLPropertyListWriter.write(.dictionary(PlistDictionary(["files2": .dictionary(files2)])))
        let entries = try CodeResources(propertyList: plist, file: "CodeResources").entries
        #expect(entries.map(\.path) == ["old", "both", "fr.lproj/x.strings", "PlugIns/S.appex", "Current"])
        #expect(entries.map(\.seal) == [.hash(.sha1, sha1), .hash(.sha256, sha256), .hash(.sha1, sha1), .nestedCode, .symlink("Versions/Current")])
        #expect(entries.map(\.isOptional) == [false, false, true, false, false])
    }
}
