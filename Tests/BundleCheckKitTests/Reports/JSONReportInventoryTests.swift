import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// The members of each bundle of the JSON report that a release diff compares: purpose
/// strings, URL schemes, queried schemes, document types, the activation rule, loose libraries
/// and the required-reason APIs the binaries use, from a package that has each, and null where
/// the report cannot say.
@Suite struct JSONReportInventoryTests {
    static let appPath = "Payload/Notes.app"

    /// An app with purpose strings (one not a string, one legacy key), URL schemes and queried
    /// schemes repeated, two document types, a fat loose library, and binaries using three
    /// required-reason categories; a share extension with the dictionary form of the rule, an
    /// action extension with a predicate.
    static let everything = """
        app:
          name: Notes
          plist:
            NSUserTrackingUsageDescription: !int 3
            NSCameraUsageDescription: Notes scans paper pages
            NSLocationUsageDescription: Notes tags a page with where it was written
            CFBundleURLTypes:
              - CFBundleURLSchemes: [notes, notes-beta, notes]
              - CFBundleURLName: com.example.notes.share
                CFBundleURLSchemes: [notes, notesshare]
            LSApplicationQueriesSchemes: [maps, mailto, maps]
            CFBundleDocumentTypes:
              - CFBundleTypeName: Note
                CFBundleTypeRole: Editor
                LSHandlerRank: Owner
                LSItemContentTypes: [com.example.note]
              - LSItemContentTypes: [public.png, !int 4]
            LSSupportsOpeningDocumentsInPlace: !bool true
          executable:
            imports: [_stat, _mach_absolute_time, _objc_msgSend]
          files:
            - path: Frameworks/libvendor.dylib
              macho: {architectures: [arm64, x86_64], imports: [_fstat, _getattrlist]}
          plugins:
            - name: Share
              attributes:
                NSExtensionActivationRule:
                  NSExtensionActivationSupportsWebURLWithMaxCount: !int 1
                  NSExtensionActivationSupportsText: !bool true
                  NSExtensionActivationSupportsImageWithMaxCount: !int 10
            - name: Tidy
              attributes:
                NSExtensionActivationRule: "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \\"public.plain-text\\").@count == 1).@count == 1"
        """

    static func package(_ yaml: String) throws -> FixturePackage {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "fixture.yml"))
        return try FixtureDescription.package(from: node)
    }

    /// The JSON report of `input`, as `--format json` writes it.
    static func document(_ input: InputReport) -> JSONValue {
        JSONReporter().document(for: Report(toolVersion: "test", inputs: [input]))
    }

    static func bundle(_ path: String, in document: JSONValue) throws -> JSONValue {
        guard case .array(let bundles)? = document["inputs"]?[0]?["bundles"] else { throw NoBundles() }
        return try #require(bundles.first { $0["path"] == .string(path) }, "no bundle \(path)")
    }

    struct NoBundles: Error {}

    @Test func theAppsInventoryHoldsWhatItsInfoPlistAndBinariesDo() throws {
        let report = try inspect(Self.package(Self.everything))
        #expect(report.error == nil)
        let app = try Self.bundle(Self.appPath, in: Self.document(report))
        #expect(
            app["purposeStrings"] == [
                ["key": "NSCameraUsageDescription", "text": "Notes scans paper pages"],
                ["key": "NSLocationUsageDescription", "text": "Notes tags a page with where it was written"],
                ["key": "NSUserTrackingUsageDescription", "text": .null],
            ])
        #expect(app["urlSchemes"] == ["notes", "notes-beta", "notesshare"])
        #expect(app["queriedSchemes"] == ["maps", "mailto"])
        #expect(
            app["documentTypes"] == [
                ["name": "Note", "role": "Editor", "rank": "Owner", "contentTypes": ["com.example.note"]],
                ["name": .null, "role": .null, "rank": .null, "contentTypes": ["public.png"]],
            ])
        #expect(app["activationRule"] == .null)
        #expect(
            app["looseLibraries"] == [["path": .string("\(Self.appPath)/Frameworks/libvendor.dylib"), "architectures": ["arm64", "x86_64"], "version": .null]])
        // _getattrlist counts for two categories; _stat and _fstat for one, in two binaries.
        #expect(
            app["requiredReasonAPIs"] == [
                ["category": "NSPrivacyAccessedAPICategoryDiskSpace", "binaries": ["libvendor.dylib"]],
                ["category": "NSPrivacyAccessedAPICategoryFileTimestamp", "binaries": ["Notes", "libvendor.dylib"]],
                ["category": "NSPrivacyAccessedAPICategorySystemBootTime", "binaries": ["Notes"]],
            ])
        // After sizes, in the order the diff reads them.
        let keys = app.keys
        #expect(
            Array(keys.suffix(9)) == [
                "sizes", "purposeStrings", "urlSchemes", "queriedSchemes", "documentTypes", "activationRule", "looseLibraries", "requiredReasonAPIs",
                "listedSDK",
            ])
    }

    @Test func anExtensionsActivationRuleIsItsPredicateOrOneCanonicalLine() throws {
        let document = Self.document(try inspect(Self.package(Self.everything)))
        let share = try Self.bundle("\(Self.appPath)/PlugIns/Share.appex", in: document)
        #expect(
            share["activationRule"] == [
                "form": "dictionary",
                "text":
                    "NSExtensionActivationSupportsImageWithMaxCount = 10; NSExtensionActivationSupportsText = true; NSExtensionActivationSupportsWebURLWithMaxCount = 1",
            ])
        let tidy = try Self.bundle("\(Self.appPath)/PlugIns/Tidy.appex", in: document)
        #expect(
            tidy["activationRule"] == [
                "form": "predicate",
                "text":
                    #"SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.plain-text").@count == 1).@count == 1"#,
            ])
        // An Info.plist without the keys lists none; signing read, no library, nothing used.
        for empty in ["purposeStrings", "urlSchemes", "queriedSchemes", "documentTypes", "looseLibraries", "requiredReasonAPIs"] {
            #expect(share[empty] == [], "\(empty)")
        }
    }

    @Test func withoutAnInfoPlistItsFieldsAreNullButTheBinariesAreStillListed() throws {
        let report = try inspect(
            Self.package(
                """
                app:
                  name: Notes
                  info-plist: !absent
                  files:
                    - path: Frameworks/libvendor.dylib
                      macho: {imports: [_fstat]}
                """))
        let app = try Self.bundle(Self.appPath, in: Self.document(report))
        for absent in ["purposeStrings", "urlSchemes", "queriedSchemes", "documentTypes", "activationRule"] {
            #expect(app[absent] == .null, "\(absent)")
        }
        #expect(app["looseLibraries"] == [["path": .string("\(Self.appPath)/Frameworks/libvendor.dylib"), "architectures": ["arm64"], "version": .null]])
        #expect(app["requiredReasonAPIs"] == [["category": "NSPrivacyAccessedAPICategoryFileTimestamp", "binaries": ["libvendor.dylib"]]])
    }

    @Test func aBundleMadeByHandHasNoSigningAndNoEvidence() throws {
        let bundle = InspectedBundle(
            path: Self.appPath, kind: .app, parent: nil, infoPlistPath: "\(Self.appPath)/Info.plist",
            infoPlist: PropertyListDocument(format: .xml, root: .dictionary(PlistDictionary()))
        )
        let input = InputReport(
            path: "Notes.ipa", kind: .ipa, container: .zip, size: 1, error: nil, bundles: [bundle], findings: [], distribution: nil
        )
        let app = try Self.bundle(Self.appPath, in: Self.document(input))
        #expect(app["looseLibraries"] == .null && app["requiredReasonAPIs"] == .null)
        #expect(app["purposeStrings"] == [] && app["activationRule"] == .null)
    }

    @Test func withRequiredReasonAPIOffTheUsesAreNullNotEmpty() throws {
        let directory = try TemporaryDirectory()
        let package = try BundleCheckCommandTests.writePackage(Self.package(Self.everything), in: directory, name: "Notes.ipa")
        let configuration = try directory.write("rules:\n  required-reason-api: off\n", to: "bundlecheck.yml")
        func uses(_ arguments: [String]) throws -> [Any] {
            let (_, console) = CapturingConsole.run(arguments + ["--format", "json", package], workingDirectory: directory.url.path)
            let bundles = try #require((ReportJSON(console.output).root["inputs"] as? [[String: Any]])?.first?["bundles"] as? [[String: Any]])
            #expect(bundles.count == 3)
            return bundles.map { $0["requiredReasonAPIs"] as Any }
        }
        #expect(try uses([]).allSatisfy { $0 is [Any] })
        #expect(try uses(["--config", configuration]).allSatisfy { $0 is NSNull })
    }

    @Test func onlyARunThatKeepsThePrivacyAPIStringsOfEveryBinaryGathersTheUses() throws {
        let rules = RuleCatalogue.shipped.rules
        #expect(EvidenceWants(rules: rules).keeps(PrivacyAPICategory.evidenceNeeds))
        let without = rules.filter { $0.id != "required-reason-api" }
        #expect(!EvidenceWants(rules: without).keeps(PrivacyAPICategory.evidenceNeeds))
        // The executables' strings alone say nothing of the loose libraries.
        #expect(!EvidenceWants(matchers: PrivacyAPICategory.evidenceNeeds).keeps(PrivacyAPICategory.evidenceNeeds))
    }
}
