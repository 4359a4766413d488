import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// One broken file is a finding on its bundle, and every other bundle and check still runs:
/// each case here carries a second, unrelated problem (a share extension whose build number
/// lags behind the app's) that must still be reported.
@Suite struct FailureIsolationTests {
    static let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes", version: "42")
    /// The unrelated problem every case keeps: version-mismatch on this extension.
    static let laggingShare = FixtureBundle.appex(
        "Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services",
        attributes: PlistDictionary(["NSExtensionActivationSupportsText": .bool(true)]), version: "41"
    )
    static let sharePath = "Payload/Notes.app/PlugIns/Share.appex"

    /// Inspects `app` (with the lagging share extension added) and checks that the package was
    /// checked, that the mismatch is still there, and that the run fails with exit status 1.
    func inspectKeepingTheMismatch(_ app: FixtureBundle, sourceLocation: SourceLocation = #_sourceLocation) throws -> InputReport {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(app.adding(Self.laggingShare, in: "PlugIns")).writeZip(to: path)
        let report = PackageInspector().inspect(path: path)
        #expect(report.error == nil, "the package could not be checked: \(String(describing: report.error))", sourceLocation: sourceLocation)
        #expect(report.findings("version-mismatch").map(\.bundle) == [Self.sharePath], sourceLocation: sourceLocation)
        #expect(BundleCheckCommand.worstExitCode(of: [report]) == .findings, sourceLocation: sourceLocation)
        return report
    }

    @Test func aMalformedFrameworkInfoPlistIsAFindingBesideTheMismatch() throws {
        let framework = FixtureBundle.framework("Kit", bundleIdentifier: "com.vendor.kit")
            .withRawInfoPlist(Array("<?xml version=\"1.0\"?><plist><dict><key>A</key></dict></plist>".utf8))
        let report = try inspectKeepingTheMismatch(Self.app.adding(framework, in: "Frameworks"))
        let finding = try #require(report.findings("info-plist-malformed").first)
        #expect(finding.bundle == "Payload/Notes.app/Frameworks/Kit.framework")
        #expect(finding.file == "Payload/Notes.app/Frameworks/Kit.framework/Info.plist")
        #expect(finding.line == 1)
        // The bundle is still listed, without a readable Info.plist.
        #expect(report.bundles.contains { $0.path == finding.bundle && $0.infoPlist == nil })
    }

    @Test func xmlThatIsNotWellFormedGivesTheLineAndColumnOfTheError() throws {
        let framework = FixtureBundle.framework("Kit", bundleIdentifier: "com.vendor.kit")
            .withRawInfoPlist(Array("<?xml version=\"1.0\"?>\n<plist><dict><key>A</dict></plist>".utf8))
        let report = try inspectKeepingTheMismatch(Self.app.adding(framework, in: "Frameworks"))
        let finding = try #require(report.findings("info-plist-malformed").first)
        #expect(finding.line == 2)
        #expect(finding.column == 27, "libxml2 gives, just past the mismatched end tag, the column of a parse error: \(String(describing: finding.column))")
        #expect(finding.message.contains("not well-formed xml"))
    }

    @Test func aWatchAppWhosePlistKeptItsSourceNameIsInfoPlistMissing() throws {
        // fastlane's IncorrectlySigned.ipa ships its watch app with Info-Watch.plist.
        let watch = FixtureBundle.app("NotesWatch", bundleIdentifier: "com.example.notes.watch", version: "42")
            .withoutInfoPlist()
            .adding(file: "Info-Watch.plist", contents: XMLPropertyListWriter.write(.dictionary(PlistDictionary(["CFBundleVersion": .string("42")]))))
        let report = try inspectKeepingTheMismatch(Self.app.adding(watch, in: "Watch"))
        #expect(report.findings("info-plist-missing").map(\.bundle) == ["Payload/Notes.app/Watch/NotesWatch.app"])
        // No version findings on top of the missing plist.
        #expect(report.findings("version-missing").isEmpty)
    }

    @Test func anEntityDeclarationIsAMalformedInfoPlistWithItsLine() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [ <!ENTITY boom "CFBundleVersion"> ]>
            <plist version="1.0"><dict><key>&boom;</key><string>1</string></dict></plist>
            """
        let framework = FixtureBundle.framework("Kit", bundleIdentifier: "com.vendor.kit").withRawInfoPlist(Array(xml.utf8))
        let report = try inspectKeepingTheMismatch(Self.app.adding(framework, in: "Frameworks"))
        let finding = try #require(report.findings("info-plist-malformed").first)
        #expect(finding.message.contains("entity"))
        #expect(finding.line == 2)
    }

    @Test func aScriptExecutableIsExecutableInvalid() throws {
        let app = Self.app.adding(file: "Notes", contents: Array("#!/bin/sh\necho hi\n".utf8))
        // `adding(file:)` keeps the default executable too; replace it instead.
        var scripted = app
        scripted.files.removeAll { $0.path == "Notes" && $0.contents == FixtureBundle.placeholderExecutable }
        let report = try inspectKeepingTheMismatch(scripted)
        let finding = try #require(report.findings("executable-invalid").first)
        #expect(finding.file == "Payload/Notes.app/Notes")
        #expect(finding.message.contains("script"))
    }

    @Test func aTruncatedExecutableIsExecutableInvalidWithTheReadersReason() throws {
        let whole = MachOWriter.thin(MachOSliceDescription())
        var app = Self.app
        app.files.removeAll { $0.path == "Notes" }
        app.files.append(FixtureFile(path: "Notes", contents: Array(whole.prefix(40))))
        let report = try inspectKeepingTheMismatch(app)
        let finding = try #require(report.findings("executable-invalid").first)
        #expect(finding.message.contains("ends inside the load commands"), "\(finding.message)")
    }

    @Test func anEmptyExecutableIsExecutableInvalid() throws {
        var app = Self.app
        app.files.removeAll { $0.path == "Notes" }
        app.files.append(FixtureFile(path: "Notes", contents: []))
        let report = try inspectKeepingTheMismatch(app)
        #expect(report.findings("executable-invalid").first?.message.contains("empty") == true)
    }

    @Test func aGarbageProfileInOneExtensionIsProfileMalformed() throws {
        let share = Self.laggingShare.adding(file: "embedded.mobileprovision", contents: Array("garbage".utf8))
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(Self.app.adding(share, in: "PlugIns")).writeZip(to: path)
        let report = PackageInspector().inspect(path: path)
        #expect(report.error == nil)
        #expect(report.findings("profile-malformed").map(\.file) == [Self.sharePath + "/embedded.mobileprovision"])
        #expect(report.findings("version-mismatch").map(\.bundle) == [Self.sharePath])
    }

    @Test func aDamagedZipEntryIsZipEntryCorruptAndTheRestIsChecked() throws {
        var framework = FixtureBundle.framework("Kit", bundleIdentifier: "com.vendor.kit").withoutInfoPlist()
        var damaged = FixtureFile(
            path: "Info.plist", contents: XMLPropertyListWriter.write(.dictionary(PlistDictionary(["CFBundleIdentifier": .string("com.vendor.kit")]))))
        damaged.isDamaged = true
        framework.files.append(damaged)
        let report = try inspectKeepingTheMismatch(Self.app.adding(framework, in: "Frameworks"))
        let finding = try #require(report.findings("zip-entry-corrupt").first)
        #expect(finding.file == "Payload/Notes.app/Frameworks/Kit.framework/Info.plist")
        #expect(report.findings("info-plist-malformed").isEmpty, "one mistake, one finding")
    }

    @Test func malformedXcentEntitlementsAreAFindingNotAnInputError() throws {
        var app = Self.app
        app.files.removeAll { $0.path == "Notes" }
        app.files.append(FixtureFile(path: "Notes", contents: MachOWriter.thin(MachOSliceDescription())))
        app.files.append(FixtureFile(path: "archived-expanded-entitlements.xcent", contents: Array("not a plist".utf8)))
        let report = try inspectKeepingTheMismatch(app)
        #expect(report.findings("entitlements-malformed").map(\.file) == ["Payload/Notes.app/archived-expanded-entitlements.xcent"])
    }
}
