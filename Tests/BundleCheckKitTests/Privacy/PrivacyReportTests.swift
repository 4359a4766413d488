import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// `bundlecheck privacy`: every declaration of every manifest that counts, each traced back to
/// the key it comes from; the package-wide merge of collected data; the binaries' uses beside
/// the declared reasons; the bundles that need a manifest; and the real packages of the corpus.
@Suite struct PrivacyReportTests {
    static let app = "Payload/Notes.app"

    /// An app and its share extension both collecting email addresses (linked in one), a
    /// tracking SDK manifest in a resource bundle, a reason Apple does not list, and binaries
    /// that use user defaults (declared) and file timestamps (not declared).
    static let yaml = """
        app:
          name: Notes
          executable:
            imports: [_OBJC_CLASS_$_NSUserDefaults, _stat]
          files:
            - path: PrivacyInfo.xcprivacy
              plist:
                NSPrivacyTracking: !bool false
                NSPrivacyCollectedDataTypes:
                  - NSPrivacyCollectedDataType: NSPrivacyCollectedDataTypeEmailAddress
                    NSPrivacyCollectedDataTypeLinked: !bool false
                    NSPrivacyCollectedDataTypeTracking: !bool false
                    NSPrivacyCollectedDataTypePurposes: [NSPrivacyCollectedDataTypePurposeAppFunctionality]
                NSPrivacyAccessedAPITypes:
                  - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryUserDefaults
                    NSPrivacyAccessedAPITypeReasons: [CA92.1, ZZZZ.9]
            - path: Ads_Privacy.bundle/PrivacyInfo.xcprivacy
              plist:
                NSPrivacyTracking: !bool true
                NSPrivacyTrackingDomains: [ads.example.com]
                NSPrivacyCollectedDataTypes:
                  - NSPrivacyCollectedDataType: NSPrivacyCollectedDataTypeDeviceID
                    NSPrivacyCollectedDataTypeLinked: !bool true
                    NSPrivacyCollectedDataTypeTracking: !bool true
                    NSPrivacyCollectedDataTypePurposes: [NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising]
          plugins:
            - name: Share
              files:
                - path: PrivacyInfo.xcprivacy
                  plist:
                    NSPrivacyCollectedDataTypes:
                      - NSPrivacyCollectedDataType: NSPrivacyCollectedDataTypeEmailAddress
                        NSPrivacyCollectedDataTypeLinked: !bool true
                        NSPrivacyCollectedDataTypePurposes: [NSPrivacyCollectedDataTypePurposeAnalytics]
          frameworks:
            - name: Alamofire
        """

    static func inspectFixture() throws -> (InputReport, FixturePackage) {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "fixture.yml"))
        let package = try FixtureDescription.package(from: node)
        return (try inspect(package, named: "Notes.ipa"), package)
    }

    /// The value a source points at, read from the manifest's bytes as the package holds them.
    static func value(at source: PrivacyReport.Source, in files: (String) throws -> [UInt8]) throws -> PlistValue? {
        try PropertyListParser.parse(try files(source.manifest), file: source.manifest).value(at: source.pointer)
    }

    @Test func collectedDataIsMergedOverTheBundlesAndEachDeclarationTraced() throws {
        let (input, package) = try Self.inspectFixture()
        let report = PrivacyReport(input)
        func bytes(_ path: String) throws -> [UInt8] { try #require(package.files.first { $0.path == path }).contents }
        // Each type once, in the order the manifests (by path) first declare it.
        #expect(report.collectedData.map(\.type) == ["NSPrivacyCollectedDataTypeDeviceID", "NSPrivacyCollectedDataTypeEmailAddress"])
        let email = try #require(report.collectedData.first { $0.type == "NSPrivacyCollectedDataTypeEmailAddress" })
        // Linked in the extension's manifest: linked for the package; purposes of both.
        #expect(email.linked == true)
        #expect(email.tracking == false)
        #expect(email.purposes == ["NSPrivacyCollectedDataTypePurposeAppFunctionality", "NSPrivacyCollectedDataTypePurposeAnalytics"])
        #expect(email.declarations.map(\.bundle) == [Self.app, "\(Self.app)/PlugIns/Share.appex"])
        for data in report.collectedData {
            for declaration in data.declarations {
                let entry = try #require(try Self.value(at: declaration.source, in: bytes)?.dictionaryValue)
                #expect(entry["NSPrivacyCollectedDataType"]?.stringValue == data.type)
                #expect(entry["NSPrivacyCollectedDataTypeLinked"]?.boolValue == declaration.linked)
            }
        }
        #expect(report.tracks == true)
        for declaration in report.tracking {
            #expect(try Self.value(at: declaration.source, in: bytes)?.boolValue == declaration.tracks)
        }
        let domain = try #require(report.trackingDomains.first)
        #expect(domain.domain == "ads.example.com")
        #expect(domain.bundle == Self.app)
        #expect(try Self.value(at: domain.source, in: bytes)?.stringValue == "ads.example.com")
    }

    @Test func reasonsStandBesideWhereTheBinariesUseTheCategory() throws {
        let (input, package) = try Self.inspectFixture()
        let report = PrivacyReport(input)
        func bytes(_ path: String) throws -> [UInt8] { try #require(package.files.first { $0.path == path }).contents }
        #expect(report.scannedBinaries)
        let defaults = try #require(report.apiCategories.first { $0.category == "NSPrivacyAccessedAPICategoryUserDefaults" })
        #expect(defaults.reasons.map(\.reason) == ["CA92.1", "ZZZZ.9"])
        #expect(defaults.reasons.first?.meaning != nil)
        #expect(defaults.reasons.last?.meaning == nil)
        for reason in defaults.reasons {
            #expect(try Self.value(at: reason.source, in: bytes)?.stringValue == reason.reason)
        }
        #expect(defaults.uses.map(\.bundle) == [Self.app])
        #expect(defaults.uses.first?.declared == true)
        let timestamps = try #require(report.apiCategories.first { $0.category == "NSPrivacyAccessedAPICategoryFileTimestamp" })
        #expect(timestamps.reasons.isEmpty)
        #expect(timestamps.uses.map { "\($0.bundle) \($0.binaries) \($0.declared)" } == ["\(Self.app) [\"Notes\"] false"])
        // Alamofire, a listed SDK, ships no manifest.
        #expect(report.missingManifests.map(\.bundle) == ["\(Self.app)/Frameworks/Alamofire.framework"])
        #expect(report.missingManifests.first?.reasons.map(\.rule) == ["sdk-privacy-manifest-missing"])
    }

    /// A finding the configuration accepted does not ask for a manifest again; with the rules
    /// that tell turned off, the report says it does not know.
    @Test func acceptedFindingsAndRulesThatDidNotRunAreHonoured() throws {
        let (input, _) = try Self.inspectFixture()
        let configuration = Configuration(ignores: [IgnoreEntry(rule: "sdk-privacy-manifest-missing", path: Glob("**"), reason: "the vendor ships one next")])
        #expect(PrivacyReport(configuration.applyingIgnores(to: input)).missingManifests.isEmpty)
        let ran = RuleCatalogue.shipped.rules.map(\.id).filter { $0 != "sdk-privacy-manifest-missing" }
        let report = PrivacyReport(input, rulesRun: ran)
        #expect(!report.checkedManifestNeeds)
        #expect(
            PrivacyTextReporter().render(report).contains(
                "  Not known: the rules that tell, sdk-privacy-manifest-missing and required-reason-api, did not both run."))
        #expect(PrivacyReport(input, rulesRun: RuleCatalogue.shipped.rules.map(\.id)).checkedManifestNeeds)
    }

    @Test func theTextSaysWhatItIsAndShowsEachKey() throws {
        let (input, _) = try Self.inspectFixture()
        let text = PrivacyTextReporter().render(PrivacyReport(input))
        #expect(text.hasPrefix("Privacy report of "))
        #expect(text.contains(PrivacyReport.disclaimer))
        #expect(text.contains("  EmailAddress  linked: yes, tracking: no, purposes: AppFunctionality, Analytics"))
        #expect(text.contains("    declared by Share.appex  Payload/Notes.app/PlugIns/Share.appex/PrivacyInfo.xcprivacy /NSPrivacyCollectedDataTypes/0"))
        #expect(text.contains("    reason ZZZZ.9 (not a reason Apple lists)"))
        #expect(text.contains("    seen in Notes.app: Notes  (not declared in Notes.app's manifests)"))
        #expect(text.contains("Payload/Notes.app/Frameworks/Alamofire.framework\n    sdk-privacy-manifest-missing: "))
    }

    @Test func theJSONFollowsItsSchema() throws {
        try #require(ReportValidator.canRun || !ReportValidator.isCI, "python3 with jsonschema is required on CI")
        guard ReportValidator.canRun else { return }
        let (input, _) = try Self.inspectFixture()
        let broken = InputReport(
            path: "broken.ipa", kind: nil, container: nil, size: 0, error: .unreadable(path: "broken.ipa", reason: "not a zip"),
            bundles: [], findings: [], distribution: nil)
        let directory = try TemporaryDirectory()
        var paths: [String] = []
        for (index, report) in [PrivacyReport(input), PrivacyReport(broken)].enumerated() {
            let path = directory.path("privacy-\(index).json")
            try PrivacyJSONReporter().render(report, toolVersion: "test").write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let outcome = try ReportValidator.run(["python3", ReportValidator.scriptURL.path, "--privacy"] + paths)
        #expect(outcome.status == 0, "\(outcome.output)")
        // A member the schema does not know is refused: the schema is closed.
        let extra = directory.path("extra.json")
        try PrivacyJSONReporter().render(PrivacyReport(input), toolVersion: "test").replacingOccurrences(
            of: "\"statement\"", with: "\"extra\": 1, \"statement\""
        )
        .write(toFile: extra, atomically: true, encoding: .utf8)
        #expect(try ReportValidator.run(["python3", ReportValidator.scriptURL.path, "--privacy", extra]).status == 1)
    }

    /// The HTML page as Chromium renders it: the statement, every declared reason and the
    /// SDK's name from a hostile package stay text.
    @Test(.enabled(if: HeadlessChromium.available, "needs Chromium (apt-get install chromium fonts-dejavu-core)"))
    func thePageRendersInABrowserWithEveryDeclaration() throws {
        let chromium = try #require(HeadlessChromium.path, "chromium is required on CI (.ci/run installs it)")
        let (input, _) = try Self.inspectFixture()
        let report = PrivacyReport(input)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundlecheck-privacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("privacy.html")
        try PrivacyHTMLReporter().render(report).write(to: page, atomically: true, encoding: .utf8)
        let (dom, status) = try HeadlessChromium.run(chromium, page: page, in: directory, ["--dump-dom"])
        #expect(status == 0)
        #expect(dom.contains(PrivacyReport.disclaimer.replacingOccurrences(of: "'", with: "'")))
        for reason in report.apiCategories.flatMap(\.reasons) {
            #expect(dom.contains(reason.reason))
            #expect(dom.contains(reason.source.pointer.description))
        }
        #expect(dom.contains("ads.example.com"))
        #expect(dom.contains("Alamofire.framework"))
        #expect(!dom.contains("<script src"))
    }

    // MARK: The command

    @Test func theCommandWritesEachFormatAndRefusesWhatDoesNotFit() throws {
        let directory = try TemporaryDirectory()
        let node = try #require(try YAMLParser.parse(Array(Self.yaml.utf8), file: "fixture.yml"))
        let path = directory.path("Notes.ipa")
        try FixtureDescription.package(from: node).writeZip(to: path)
        for format in PrivacyFormat.allCases {
            let (status, console) = CapturingConsole.run(["privacy", "--format", format.rawValue, path])
            #expect(status == .success, "\(format): \(console.error)")
            #expect(console.output.contains("ads.example.com"), "\(format)")
        }
        let (json, console) = CapturingConsole.run(["privacy", "--format", "json", path])
        #expect(json == .success)
        #expect(try JSONParser().parse(console.output)["tracking"]?["tracks"] == true)
        #expect(CapturingConsole.run(["privacy", path, path]).0 == .usage)
        #expect(CapturingConsole.run(["privacy", "--format", "sarif", path]).0 == .usage)
        #expect(CapturingConsole.run(["privacy", "--baseline", "b.json", path]).1.error.contains("'--baseline' does not go with privacy"))
        let (missing, missingConsole) = CapturingConsole.run(["privacy", "--format", "json", directory.path("nothing.ipa")])
        #expect(missing == .inputFailure)
        #expect(try JSONParser().parse(missingConsole.output)["error"]?["code"] != nil)
    }

    // MARK: The corpus

    /// The tvOS app: six manifests, all in resource bundles of the app (Alamofire_Alamofire.bundle …);
    /// every declaration of each is listed once, each traced to its key in the file.
    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
    func theTVOSAppsSixManifestsAreListedDeclarationByDeclaration() throws {
        guard let path = RepositoryPaths.corpusOrSkip("app-info/apple-tv.ipa") else { return }
        let input = PackageInspector().inspect(path: path)
        let report = PrivacyReport(input)
        #expect(report.manifests.count == 6)
        #expect(report.manifests.allSatisfy { $0.placement == .resourceBundle && $0.problem == nil })
        let container = try ZipArchiveReader(path: path)
        func bytes(_ file: String) throws -> [UInt8] { try container.read(file, limit: 1 << 20) }
        // Count every declaration in the files themselves, and check each listed one against its key.
        var declaredReasons = 0, declaredTypes = 0, declaredDomains = 0, trackingKeys = 0
        for manifest in report.manifests {
            let root = try #require(try PropertyListParser.parse(try bytes(manifest.path), file: manifest.path).root.dictionaryValue)
            for entry in root["NSPrivacyAccessedAPITypes"]?.arrayValue ?? [] {
                declaredReasons += entry.dictionaryValue?["NSPrivacyAccessedAPITypeReasons"]?.arrayValue?.count ?? 0
            }
            declaredTypes += root["NSPrivacyCollectedDataTypes"]?.arrayValue?.count ?? 0
            declaredDomains += root["NSPrivacyTrackingDomains"]?.arrayValue?.count ?? 0
            trackingKeys += root["NSPrivacyTracking"] == nil ? 0 : 1
        }
        let reasons = report.apiCategories.flatMap(\.reasons)
        #expect(reasons.count == declaredReasons)
        #expect(declaredReasons > 0)
        for reason in reasons {
            #expect(try Self.value(at: reason.source, in: bytes)?.stringValue == reason.reason, "\(reason.source)")
            let category = try #require(report.apiCategories.first { $0.reasons.contains { $0.source == reason.source } })
            let entryPointer = JSONPointer(components: Array(reason.source.pointer.components.prefix(2)))
            let entry = try #require(try Self.value(at: PrivacyReport.Source(manifest: reason.source.manifest, pointer: entryPointer), in: bytes))
            #expect(entry.dictionaryValue?["NSPrivacyAccessedAPIType"]?.stringValue == category.category)
        }
        #expect(report.collectedData.flatMap(\.declarations).count == declaredTypes)
        #expect(report.trackingDomains.count == declaredDomains)
        #expect(report.tracking.count == trackingKeys)
        for declaration in report.tracking {
            #expect(try Self.value(at: declaration.source, in: bytes)?.boolValue == declaration.tracks)
        }
        #expect(report.missingManifests.isEmpty)
    }

    /// The Flutter app ships no manifest: the report says so, and names Flutter.framework, a
    /// listed SDK, as needing one.
    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
    func theFlutterAppHasNoManifestAndFlutterNeedsOne() throws {
        guard let path = RepositoryPaths.corpusOrSkip("shorebird/flutter-base.ipa") else { return }
        let report = PrivacyReport(PackageInspector().inspect(path: path))
        #expect(report.manifests.isEmpty)
        let flutter = try #require(report.missingManifests.first { $0.bundle == "Payload/Runner.app/Frameworks/Flutter.framework" })
        #expect(flutter.reasons.map(\.rule) == ["sdk-privacy-manifest-missing"])
        let text = PrivacyTextReporter().render(report)
        #expect(text.contains("Manifests (0)\n  none: no bundle of the package holds a PrivacyInfo.xcprivacy"))
        #expect(text.contains("  Payload/Runner.app/Frameworks/Flutter.framework\n    sdk-privacy-manifest-missing: Flutter.framework is Flutter"))
    }
}
