import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats

@Suite struct VersionChecksTests {
    static let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes", shortVersion: "2.3", version: "230")

    static func share(shortVersion: String? = "2.3", version: String? = "230") -> FixtureBundle {
        .appex(
            "Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services",
            shortVersion: shortVersion, version: version)
    }

    @Test func matchingVersionsGiveNoFinding() throws {
        let report = try inspect(.ipa(Self.app.adding(Self.share(), in: "PlugIns")))
        #expect(report.error == nil)
        #expect(report.findings.filter { $0.rule.hasPrefix("version-") }.isEmpty)
        #expect(report.bundles.map(\.path) == ["Payload/Notes.app", "Payload/Notes.app/PlugIns/Share.appex"])
    }

    @Test func versionMismatchIsReportedForEachKeyOfEachExtension() throws {
        let widget = FixtureBundle.appex(
            "Widget", bundleIdentifier: "com.example.notes.widget",
            extensionPoint: "com.apple.widgetkit-extension", shortVersion: "2.3", version: "229")
        let app = Self.app
            .adding(Self.share(shortVersion: "2.2", version: "229"), in: "PlugIns")
            .adding(widget, in: "PlugIns")
        let findings = try inspect(.ipa(app)).findings("version-mismatch")
        #expect(
            findings.map(\.bundle) == [
                "Payload/Notes.app/PlugIns/Share.appex",
                "Payload/Notes.app/PlugIns/Share.appex",
                "Payload/Notes.app/PlugIns/Widget.appex",
            ])
        #expect(findings.map { $0.keyPath?.description } == ["/CFBundleShortVersionString", "/CFBundleVersion", "/CFBundleVersion"])
        #expect(findings.allSatisfy { $0.severity == .error && $0.appleCodes == ["ITMS-90473"] })
        let message = try #require(findings.last?.message)
        #expect(message.contains("'229'") && message.contains("'230'"))
        #expect(message.contains("Widget.appex") && message.contains("Notes.app"))
        #expect(findings.last?.file == "Payload/Notes.app/PlugIns/Widget.appex/Info.plist")
    }

    @Test func findingsCarryTheXMLLineOfTheValue() throws {
        let report = try inspect(.ipa(Self.app.adding(Self.share(version: "1"), in: "PlugIns")))
        let finding = try #require(report.findings("version-mismatch").first)
        // The writer puts one element per line; CFBundleVersion's <string> follows its <key>.
        let line = try #require(finding.line)
        #expect(line > 3)
        let plist = try #require(report.bundles.last?.infoPlist)
        #expect(plist.line(of: JSONPointer("CFBundleVersion")) == line)
    }

    @Test func binaryInfoPlistsAreComparedToo() throws {
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes", shortVersion: "2.3", version: "230", plistFormat: .binary)
        let share = FixtureBundle.appex(
            "Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services",
            shortVersion: "2.3", version: "231", plistFormat: .binary)
        let findings = try inspect(.ipa(app.adding(share, in: "PlugIns"))).findings("version-mismatch")
        #expect(findings.count == 1)
        #expect(findings.first?.line == nil)
    }

    @Test func watchAppAndItsExtensionAreComparedWithTheirDirectContainer() throws {
        let watchExtension = FixtureBundle.appex(
            "WatchExt", bundleIdentifier: "com.example.notes.watchkitapp.ext",
            extensionPoint: "com.apple.watchkit", shortVersion: "2.3", version: "230")
        let watch = FixtureBundle.app("NotesWatch", bundleIdentifier: "com.example.notes.watchkitapp", shortVersion: "2.3", version: "230")
            .adding(watchExtension, in: "PlugIns")
        let clip = FixtureBundle.app("Clip", bundleIdentifier: "com.example.notes.Clip", shortVersion: "2.4", version: "230")
        let report = try inspect(.ipa(Self.app.adding(watch, in: "Watch").adding(clip, in: "AppClips")))
        #expect(report.bundles.map(\.kind) == [.app, .appClip, .watchApp, .appex])
        let findings = report.findings("version-mismatch")
        #expect(findings.map(\.bundle) == ["Payload/Notes.app/AppClips/Clip.app"])
        #expect(findings.first?.keyPath == JSONPointer("CFBundleShortVersionString"))
    }

    @Test func frameworksKeepTheirVendorsVersionsButNotMalformedOnes() throws {
        let vendor = FixtureBundle.framework("Vendor", bundleIdentifier: "com.vendor.sdk", shortVersion: "9.9.9", version: "4711")
        let beta = FixtureBundle.framework("Sentry", bundleIdentifier: "io.sentry.Sentry", shortVersion: "8.22.3", version: "8.22.3-beta.0")
        let report = try inspect(.ipa(Self.app.adding(vendor, in: "Frameworks").adding(beta, in: "Frameworks")))
        #expect(report.bundles.last?.kind == .framework)
        // Their own versions, not the app's: no mismatch. A pre-release label is still malformed (ITMS-90058).
        #expect(report.findings("version-mismatch").isEmpty)
        let malformed = report.findings("version-format")
        #expect(malformed.map(\.bundle) == ["Payload/Notes.app/Frameworks/Sentry.framework"])
        #expect(malformed.map(\.appleCodes) == [["ITMS-90058"]])
    }

    @Test func missingAndEmptyVersionKeysAreReportedWithTheirCodes() throws {
        let share = Self.share(shortVersion: nil).setting("CFBundleVersion", to: .string(""))
        let findings = try inspect(.ipa(Self.app.adding(share, in: "PlugIns"))).findings("version-missing")
        #expect(findings.count == 2)
        #expect(findings.map(\.appleCodes) == [["ITMS-90057"], ["ITMS-90056"]])
        #expect(findings.first?.message.contains("has no CFBundleShortVersionString") == true)
        #expect(findings.last?.message.contains("is empty") == true)
    }

    @Test(
        arguments: [
            ("1", nil), ("1.2", nil), ("1.2.3", nil), ("10.0.0", nil),
            ("1.2.3.4", "at most three"), ("3.0.0-beta.1", "not a non-negative integer"), ("2.2.0.0", "at most three"),
            ("1..2", "empty component"), ("1.", "empty component"), ("v1", "not a non-negative integer"), (" 1", "not a non-negative integer"),
        ] as [(String, String?)])
    func versionFormatAcceptsOneToThreeIntegers(value: String, problem: String?) throws {
        let app = FixtureBundle.app("Solo", bundleIdentifier: "com.example.solo", shortVersion: value, version: value)
        let findings = try inspect(.ipa(app)).findings("version-format")
        if let problem {
            #expect(findings.count == 2)
            #expect(findings.allSatisfy { $0.message.contains(problem) })
            #expect(findings.map(\.appleCodes) == [["ITMS-90060"], ["ITMS-90058"]])
        } else {
            #expect(findings.isEmpty)
        }
    }

    @Test func aNonStringVersionIsAFormatFinding() throws {
        let app = Self.app.setting("CFBundleVersion", to: .integer(PlistInteger(230)))
        let findings = try inspect(.ipa(app)).findings("version-format")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("is of type integer") == true)
    }

    @Test func unexpandedVariablesAreLeftToTheirOwnRule() throws {
        let share = Self.share(shortVersion: "$(MARKETING_VERSION)", version: "${CURRENT_PROJECT_VERSION}")
        let report = try inspect(.ipa(Self.app.adding(share, in: "PlugIns")))
        #expect(report.findings("version-format").isEmpty)
        #expect(report.findings("version-mismatch").isEmpty)
        #expect(report.findings("version-missing").isEmpty)
    }

    @Test func fingerprintsIgnoreMessagesAndLines() throws {
        let first = try inspect(.ipa(Self.app.adding(Self.share(version: "1"), in: "PlugIns"))).findings("version-mismatch")
        let moved = Self.share(version: "2").setting("CFBundleDisplayName", to: .string("Share it"))
        let second = try inspect(.ipa(Self.app.adding(moved, in: "PlugIns"))).findings("version-mismatch")
        #expect(first.count == 1 && second.count == 1)
        #expect(first.first?.message != second.first?.message)
        #expect(first.first?.fingerprint == second.first?.fingerprint)
    }
}
