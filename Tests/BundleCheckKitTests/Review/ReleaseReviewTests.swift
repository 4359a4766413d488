import BundleCheckFixtures
import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReview

/// `bundlecheck diff`: a build against itself and its own report, a pair that changes every
/// facet, swapped sides, sides that cannot be read, reports of older versions.
@Suite struct ReleaseReviewTests {
    static let old = """
        app:
          name: Notes
          short-version: "2.3"
          version: "230"
          plist:
            CFBundleURLTypes: [{CFBundleURLSchemes: [notes]}]
            LSApplicationQueriesSchemes: [maps]
            NSCameraUsageDescription: Scans documents.
          executable:
            entitlements: {com.apple.security.application-groups: [group.com.example.notes]}
          plugins:
            - name: Share
              point: com.apple.share-services
              short-version: "2.3"
              version: "230"
        """

    static let new = """
        app:
          name: Notes
          short-version: "2.4"
          version: "229"
          plist:
            CFBundleURLTypes: [{CFBundleURLSchemes: [notes, notes-beta]}]
            LSApplicationQueriesSchemes: [maps, comgooglemaps]
            NSCameraUsageDescription: Scans documents and receipts.
            NSLocationWhenInUseUsageDescription: Tags scans with places.
            CFBundleDocumentTypes: [{CFBundleTypeName: PDF, LSHandlerRank: Alternate, LSItemContentTypes: [com.adobe.pdf]}]
          executable:
            architectures: [arm64]
            entitlements:
              com.apple.security.application-groups: [group.com.example.notes, group.com.example.shared]
              com.apple.developer.healthkit: !bool true
          plugins:
            - name: Share
              point: com.apple.share-services
              short-version: "2.4"
              version: "229"
            - name: Widget
              point: com.apple.widgetkit-extension
              short-version: "2.4"
              version: "229"
        """

    /// Both packages written, and the command run on them.
    static func packages(_ directory: TemporaryDirectory, old: String = old, new: String = new) throws -> (String, String) {
        let oldPath = directory.path("Old.ipa"), newPath = directory.path("New.ipa")
        try JSONReportInventoryTests.package(old).write(to: oldPath)
        try JSONReportInventoryTests.package(new).write(to: newPath)
        return (oldPath, newPath)
    }

    static func review(_ arguments: [String], workingDirectory: String? = nil) throws -> (ExitCode, JSONValue, CapturingConsole) {
        let (status, console) = CapturingConsole.run(["diff", "--format", "json", "--now", "2026-06-01"] + arguments, workingDirectory: workingDirectory)
        return (status, try JSONParser().parse(console.output), console)
    }

    static func changes(_ document: JSONValue, facet: String) -> [JSONValue] {
        (document["bundles"]?.arrayValue ?? []).flatMap { $0["changes"]?.arrayValue ?? [] }.filter { $0["facet"]?.stringValue == facet }
    }

    @Test func aPackageAgainstItselfAndItsOwnReportIsEmpty() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try Self.packages(directory)
        let (status, console) = CapturingConsole.run(["--format", "json", "--now", "2026-06-01", path])
        #expect(status == .findings || status == .success)
        let reportPath = try directory.write(console.output, to: "old.json")
        for other in [path, reportPath] {
            let (diffStatus, document, _) = try Self.review([path, other])
            #expect(diffStatus == .success)
            #expect(document["sameBuild"] == .bool(true))
            #expect(document["bundles"] == .array([]) && document["verdicts"] == .array([]))
            #expect(document["findings"]?["new"] == .array([]) && document["findings"]?["fixed"] == .array([]))
        }
    }

    @Test func everyCategoryChangesOnce() throws {
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.packages(directory)
        let (status, document, _) = try Self.review([old, new])
        #expect(status == .findings)
        func values(_ facet: String, _ kind: String) -> [String] {
            Self.changes(document, facet: facet).filter { $0["change"]?.stringValue == kind }.compactMap { $0["new"]?.stringValue ?? $0["old"]?.stringValue }
        }
        #expect(values("version", "changed") == ["2.4", "2.4"] && values("build", "changed") == ["229", "229"])
        #expect(values("url-schemes", "added") == ["notes-beta"])
        #expect(values("queried-schemes", "added") == ["comgooglemaps"])
        #expect(values("purpose-strings", "changed") == ["Scans documents and receipts."])
        #expect(values("purpose-strings", "added") == ["Tags scans with places."])
        #expect(values("entitlements", "added").sorted() == ["group.com.example.shared", "true"])
        #expect(values("document-types", "added") == ["rank Alternate; com.adobe.pdf"])
        let added = (document["bundles"]?.arrayValue ?? []).filter { $0["status"] == "added" }
        #expect(added.compactMap { $0["new"]?.stringValue } == ["Payload/Notes.app/PlugIns/Widget.appex"])
        // The build number went back while the version moved on: not a verdict (a new version starts again).
        let verdicts = (document["verdicts"]?.arrayValue ?? []).compactMap { $0["rule"]?.stringValue }
        #expect(!verdicts.contains("build-number-not-higher") && !verdicts.contains("version-not-higher"))
    }

    /// What each icon set stores is compared set by set: the icon that became an Icon Composer
    /// icon with its fallbacks grew, and an alternate icon was added.
    @Test func anIconSetsCostChangeShows() throws {
        let directory = try TemporaryDirectory()
        let new = """
            app:
              name: Notes
              plist:
                CFBundleIcons:
                  CFBundlePrimaryIcon: {CFBundleIconName: AppIcon, CFBundleIconFiles: [AppIcon60x60]}
                  CFBundleAlternateIcons:
                    Glass: {CFBundleIconName: GlassIcon}
              files:
                - path: Assets.car
                  asset-catalog:
                    icon-sets:
                      - {name: AppIcon, kind: ios-icon-composer, idioms: [phone, pad]}
                      - {name: GlassIcon, kind: ios-icon-composer}
            """
        let (old, newPath) = try Self.packages(directory, old: "app:\n  name: Notes\n", new: new)
        let (_, document, _) = try Self.review([old, newPath])
        let changes = Self.changes(document, facet: "icon-sets")
        let icon = try #require(changes.first { $0["key"] == "AppIcon" })
        #expect(icon["change"] == "changed")
        #expect(icon["old"]?.stringValue?.hasSuffix(" kB") == true && icon["old"]?.stringValue?.contains("Icon Composer") == false)
        #expect(icon["new"]?.stringValue?.hasPrefix("553.8 kB (Icon Composer: fallbacks 549.4 kB, stacks ") == true, "\(icon)")
        #expect(changes.contains { $0["key"] == "GlassIcon" && $0["change"] == "added" } && changes.count == 2)
        // Against itself nothing changes.
        let (_, same, _) = try Self.review([newPath, newPath])
        #expect(Self.changes(same, facet: "icon-sets").isEmpty)
    }

    /// An archive and the IPA exported from it: one build, its bundles at other paths. Their
    /// findings stand on both sides (not fixed and new again), and no release rule judges them.
    @Test func anArchiveAndItsIPAAreOneBuildWhoseFindingsStand() throws {
        let directory = try TemporaryDirectory()
        let (_, ipa) = try Self.packages(directory, new: Self.old)
        let archive = directory.path("Old.xcarchive.zip")
        try JSONReportInventoryTests.package("layout: xcarchive\n" + Self.old).write(to: archive)
        let (status, document, _) = try Self.review(["--distribution", "app-store", archive, ipa])
        #expect(document["sameBuild"] == .bool(true))
        #expect(document["verdicts"] == .array([]))
        // Every bundle paired across the move, and none shown as added or removed.
        #expect(document["summary"]?["bundlesAdded"] == 0 && document["summary"]?["bundlesRemoved"] == 0)
        #expect(document["findings"]?["new"] == .array([]) && document["findings"]?["fixed"] == .array([]))
        #expect(document["findings"]?["standing"] != .array([]))
        #expect(status == .success)
    }

    /// An app renamed between builds (`NotesApp.app` to `Notes.app`, its executable too), paired
    /// by its bundle identifier: a finding whose message names the bundle stands, rather than
    /// showing as fixed under the old name and new under the new one.
    @Test func aRenamedAppsFindingsThatNameItStand() throws {
        let directory = try TemporaryDirectory()
        func app(_ name: String) -> String {
            "app:\n  name: \(name)\n  id: com.example.notes\n  executable:\n    imports: [_OBJC_CLASS_$_AVCaptureDevice]\n"
        }
        let (old, new) = try Self.packages(directory, old: app("NotesApp"), new: app("Notes"))
        let (_, document, _) = try Self.review([old, new])
        let standing = (document["findings"]?["standing"]?.arrayValue ?? []).compactMap { $0["rule"]?.stringValue }
        #expect(standing.contains("purpose-string-missing"), "\(standing)")
        #expect(document["findings"]?["new"] == .array([]), "\(document["findings"]?["new"] ?? .null)")
        #expect(document["findings"]?["fixed"] == .array([]), "\(document["findings"]?["fixed"] ?? .null)")
    }

    /// A collected data type that becomes linked to the person and gains a purpose shows as a
    /// change of that type; one no manifest states a flag for says so.
    @Test func aCollectedDataTypesLinkedAndPurposesChangesAreShown() throws {
        let directory = try TemporaryDirectory()
        func app(linked: Bool, purposes: String) -> String {
            """
            app:
              name: Notes
              privacy-manifest:
                NSPrivacyTracking: !bool false
                NSPrivacyCollectedDataTypes:
                  - NSPrivacyCollectedDataType: NSPrivacyCollectedDataTypeEmailAddress
                    NSPrivacyCollectedDataTypeLinked: !bool \(linked)
                    NSPrivacyCollectedDataTypePurposes: [\(purposes)]
            """
        }
        let (old, new) = try Self.packages(
            directory, old: app(linked: false, purposes: "NSPrivacyCollectedDataTypePurposeAppFunctionality"),
            new: app(linked: true, purposes: "NSPrivacyCollectedDataTypePurposeAppFunctionality, NSPrivacyCollectedDataTypePurposeAnalytics"))
        let (_, document, _) = try Self.review([old, new])
        let changes = Self.changes(document, facet: "collected-data")
        #expect(changes.count == 1, "\(changes)")
        let change = try #require(changes.first)
        #expect(change["key"] == "NSPrivacyCollectedDataTypeEmailAddress" && change["change"] == "changed")
        #expect(change["old"] == "not linked, tracking unstated; purposes: NSPrivacyCollectedDataTypePurposeAppFunctionality")
        #expect(
            change["new"]
                == "linked, tracking unstated; purposes: NSPrivacyCollectedDataTypePurposeAppFunctionality, NSPrivacyCollectedDataTypePurposeAnalytics")
    }

    /// A listed SDK added by a release is named with its version and vendor; a loose library's
    /// update shows its old and new LC_ID_DYLIB versions.
    @Test func listedSDKsAndLooseLibrariesAreShownWithTheirVersions() throws {
        let directory = try TemporaryDirectory()
        func app(library: String, sdk: Bool) -> String {
            """
            app:
              name: Notes
              files:
                - path: Frameworks/libvendor.dylib
                  macho: {file-type: dylib, dylib-version: "\(library)"}
            """ + (sdk ? "\n  frameworks:\n    - name: Alamofire\n      short-version: \"5.9.1\"\n" : "\n")
        }
        let (old, new) = try Self.packages(directory, old: app(library: "1.2", sdk: false), new: app(library: "1.3.1", sdk: true))
        let (_, document, _) = try Self.review([old, new])
        let libraries = Self.changes(document, facet: "loose-libraries")
        #expect(libraries.count == 1, "\(libraries)")
        #expect(libraries.first?["old"] == "1.2 (arm64)")
        #expect(libraries.first?["new"] == "1.3.1 (arm64)")
        let (_, console) = CapturingConsole.run(["diff", "--now", "2026-06-01", old, new])
        #expect(
            console.output.contains(
                "+ Payload/Notes.app/Frameworks/Alamofire.framework (framework, com.vendor.alamofire, listed SDK Alamofire 5.9.1, by Alamofire Software Foundation)"
            ), "\(console.output)")
    }

    /// A renamed bundle's name is rewritten only as a whole word.
    @Test(arguments: [
        ("NotesApp.app's Info.plist has no key, asked for by X in NotesApp", "Notes.app's Info.plist has no key, asked for by X in Notes"),
        ("MyNotesApp and NotesAppKit are other names", "MyNotesApp and NotesAppKit are other names"),
    ])
    func onlyTheWholeNameIsRewritten(message: String, expected: String) {
        let relocation = Relocation(moves: [(old: "Payload/NotesApp.app", new: "Payload/Notes.app")])
        #expect(relocation.relocated(message) == expected)
    }

    @Test func swappingTheSidesSwapsAddedAndRemoved() throws {
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.packages(directory)
        let (_, forward, _) = try Self.review([old, new])
        let (_, backward, _) = try Self.review([new, old])
        func signed(_ document: JSONValue, _ kind: String) -> Set<String> {
            Set(
                (document["bundles"]?.arrayValue ?? []).flatMap { $0["changes"]?.arrayValue ?? [] }
                    .filter { $0["change"]?.stringValue == kind }.map {
                        "\($0["facet"]!):\($0["key"]!):\(($0["new"]?.stringValue ?? $0["old"]?.stringValue) ?? "")"
                    })
        }
        #expect(!signed(forward, "added").isEmpty)
        #expect(signed(forward, "added") == signed(backward, "removed"))
        #expect(signed(forward, "removed") == signed(backward, "added"))
        #expect(forward["summary"]?["bundlesAdded"] == backward["summary"]?["bundlesRemoved"])
    }

    @Test func twoRunsGiveTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.packages(directory)
        let first = CapturingConsole.run(["diff", "--format", "json", "--now", "2026-06-01", old, new]).1.output
        let second = CapturingConsole.run(["diff", "--format", "json", "--now", "2026-06-01", old, new]).1.output
        #expect(first == second && !first.isEmpty)
    }

    /// The example's committed reports (schema 1, as `bundlecheck --format json` writes them, and
    /// the golden files keep them): read back through `ReportSchema`'s names, every fact of every
    /// bundle is recorded on both sides. A member the writer renamed would show here.
    @Test func theExamplesSchema1ReportsReadBackWithEveryFactRecorded() throws {
        let old = RepositoryPaths.file("Tests/BundleCheckKitTests/Examples/Golden/PaiNotes.json")
        let new = RepositoryPaths.file("Tests/BundleCheckKitTests/Examples/Golden/PaiNotes-build40.json")
        let (_, document, console) = try Self.review([old, new])
        #expect(console.error.isEmpty, "\(console.error)")
        let bundles = document["bundles"]?.arrayValue ?? []
        #expect(bundles.count >= 3)
        let unrecorded = bundles.flatMap { $0["notRecorded"]?.arrayValue ?? [] }
        #expect(unrecorded.isEmpty, "\(unrecorded)")
        // The facets were read, not skipped: the next build's version and build number changed.
        #expect(!Self.changes(document, facet: "build").isEmpty)
    }

    @Test func anOlderReportShowsItsMissingFieldsAsNotRecorded() throws {
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.packages(directory)
        let (_, console) = CapturingConsole.run(["--format", "json", "--now", "2026-06-01", old])
        // What a bundlecheck of before the release review wrote: no purpose strings, no URL schemes.
        var text = console.output
        for member in ["purposeStrings", "urlSchemes", "queriedSchemes", "documentTypes", "activationRule", "looseLibraries", "requiredReasonAPIs", "rulesRun"]
        {
            text = try Self.removing(member, from: text)
        }
        let reportPath = try directory.write(text, to: "old.json")
        let (status, document, _) = try Self.review([reportPath, new])
        #expect(status == .findings)
        #expect(Self.changes(document, facet: "url-schemes").isEmpty && Self.changes(document, facet: "purpose-strings").isEmpty)
        let unrecorded = (document["bundles"]?.arrayValue ?? []).flatMap { $0["notRecorded"]?.arrayValue ?? [] }
        #expect(unrecorded.contains { $0["facet"] == "url-schemes" && $0["side"] == "old" })
        #expect(!Self.changes(document, facet: "entitlements").isEmpty, "what both sides carry is still compared")
    }

    /// The report's text without `member` anywhere (each occurrence is one line or a block).
    static func removing(_ member: String, from text: String) throws -> String {
        let document = try JSONParser().parse(text)
        func strip(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members): .object(members.filter { $0.key != member }.map { JSONValue.Member($0.key, strip($0.value)) })
            case .array(let elements): .array(elements.map(strip))
            default: value
            }
        }
        return JSONWriter().string(from: strip(document))
    }

    @Test(arguments: [
        ("not-json.json", "{ nope", "is not valid JSON"),
        ("other.json", #"{"name": "eslint", "results": []}"#, "is not a bundlecheck JSON report"),
        ("newer.json", #"{"schemaVersion": 2, "tool": {"name": "bundlecheck", "version": "9.0"}, "inputs": []}"#, "schema version 2"),
        ("two.json", #"{"schemaVersion": 1, "tool": {"name": "bundlecheck"}, "inputs": [{}, {}]}"#, "a report of 2 packages"),
        (
            "types.json",
            #"{"schemaVersion": 1, "tool": {"name": "bundlecheck"}, "inputs": [{"bundles": [{"path": "Payload/A.app", "kind": "app", "architectures": "arm64"}]}]}"#,
            "/inputs/0/bundles/0/architectures"
        ),
        ("deep.json", "5000 nested objects", "is not valid JSON"),
    ])
    func aSideThatIsNotAReportExits2NamingIt(name: String, text: String, expected: String) throws {
        let directory = try TemporaryDirectory()
        let (old, _) = try Self.packages(directory)
        let deep = String(repeating: "{\"a\":", count: 5000) + "1" + String(repeating: "}", count: 5000)
        let path = try directory.write(name == "deep.json" ? deep : text, to: name)
        let (status, document, console) = try Self.review([old, path])
        #expect(status == .inputFailure)
        #expect(console.error.contains("NEW \(path)") && console.error.contains(expected), "\(console.error)")
        #expect(document["error"]?["side"] == "new" && document["error"]?["path"] == .string(path))
    }

    @Test func theConfigurationGatesNewEntitlementsAndGrowth() throws {
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.packages(directory)
        let config = try directory.write("diff:\n  fail-on-new: [entitlements, bundles]\n  old-build: uploaded\n", to: "gates.yml")
        let (status, document, _) = try Self.review(["--config", config, old, new])
        #expect(status == .findings)
        let gated = (document["verdicts"]?.arrayValue ?? []).filter { $0["rule"] == "change-not-allowed" }
        // HealthKit, the second app group, and the widget.
        #expect(gated.count == 3, "\(gated)")
        #expect(document["oldBuild"] == "uploaded")
    }

    @Test func commandLineMistakesAreUsageErrors() throws {
        #expect(CapturingConsole.run(["diff", "Only.ipa"]).0 == .usage)
        #expect(CapturingConsole.run(["diff", "--baseline", "b.json", "A.ipa", "B.ipa"]).0 == .usage)
        #expect(CapturingConsole.run(["diff", "--format", "sarif", "A.ipa", "B.ipa"]).0 == .usage)
        #expect(CapturingConsole.run(["--old-build", "uploaded", "A.ipa"]).0 == .usage)
        // A file called diff is still checked when it is not the first word.
        let (status, console) = CapturingConsole.run(["./diff"])
        #expect(status == .inputFailure && console.output.contains("./diff"))
    }

    @Test func theReviewJSONValidatesAgainstItsSchema() throws {
        guard ReportValidator.canRun else {
            try #require(!ReportValidator.isCI, "python3 with jsonschema is required on CI")
            return
        }
        let directory = try TemporaryDirectory()
        let (old, new) = try Self.packages(directory)
        var reviews = [CapturingConsole.run(["diff", "--format", "json", old, new]).1.output]
        reviews.append(CapturingConsole.run(["diff", "--format", "json", old, directory.path("missing.ipa")]).1.output)
        let outcome = try ReportValidator.validateDiff(reviews)
        #expect(outcome.status == 0, "\(outcome.output)")
    }
}

/// The release checks are named once, in the inspection layer (`ReleaseCheckName`); the review
/// layer gives each name its check.
@Suite struct ReleaseCheckRegistryTests {
    @Test func everyNameHasItsCheckAndEveryReleaseRuleItsName() {
        let ids = Set(ReleaseChecks.registry.map(\.id))
        #expect(ids == Set(ReleaseCheckName.allCases.map(\.rawValue)))
        #expect(ids.count == ReleaseChecks.registry.count)
        let releaseRules = RuleCatalogue.shipped.rules.filter(\.scope.isRelease)
        #expect(Set(releaseRules.map(\.id)) == ids)
    }

    @Test func everyGateButBundlesNamesAFacet() {
        for gate in ChangeGate.allCases where gate != .bundles {
            #expect(InventoryFacet.named(gate.rawValue) != nil, "diff: fail-on-new: \(gate.rawValue) names no facet")
        }
    }

    @Test func aCheckOfOnePackageNeverReportsAReleaseRule() throws {
        let (_, console) = CapturingConsole.run(["--format", "junit", RepositoryPaths.file("Examples/PaiNotes.ipa")])
        #expect(console.output.contains("version-mismatch"))
        for id in ReleaseCheckName.allCases.map(\.rawValue) { #expect(!console.output.contains("\"\(id)\""), "\(id)") }
    }
}
