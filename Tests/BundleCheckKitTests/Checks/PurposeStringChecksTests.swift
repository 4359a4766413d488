import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// purpose-string-missing, -empty and -placeholder beyond their rule files' examples: which
/// Info.plist code asks, what is evidence and what is not, and the tables they read.
@Suite struct PurposeStringChecksTests {
    static let rules = ["purpose-string-missing", "purpose-string-empty", "purpose-string-placeholder"]

    /// A package from the YAML of a rule example's `package:`.
    static func inspectYAML(_ yaml: String) throws -> InputReport {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "test.yml"))
        return try inspect(try FixtureDescription.package(from: node))
    }

    static func purposeFindings(_ report: InputReport) -> [Finding] {
        report.findings.filter { rules.contains($0.rule) }
    }

    static func quoted(_ names: [String]) -> String {
        "["
            + names.map { name in
                String(decoding: try! JSONEncoder().encode(name), as: UTF8.self)
            }.joined(separator: ", ") + "]"
    }

    // MARK: - Who is asked

    @Test func everyBinaryThatAsksIsNamedInOneFindingPerBundleAndKey() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              executable:
                imports: [_OBJC_CLASS_$_CLLocationManager]
                selectors: [requestWhenInUseAuthorization]
              files:
                - path: Frameworks/libMaps.dylib
                  macho: arm64
                  imports: [_OBJC_CLASS_$_CLLocationManager]
                  selectors: [requestWhenInUseAuthorization]
              frameworks:
                - name: Weather
                  executable:
                    imports: [_OBJC_CLASS_$_CLLocationManager]
                    selectors: [requestWhenInUseAuthorization]
            """)
        let findings = report.findings("purpose-string-missing")
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.bundle == "Payload/Notes.app")
        #expect(finding.keyPath?.description == "/NSLocationWhenInUseUsageDescription")
        #expect(finding.appleCodes == ["ITMS-90683"])
        for binary in ["in Notes", "in Frameworks/libMaps.dylib", "in Frameworks/Weather.framework/Weather"] {
            #expect(finding.message.contains("CLLocationManager with requestWhenInUseAuthorization \(binary)"), "\(finding.message)")
        }
    }

    @Test func anExtensionIsAskedForItsOwnCodeAndTheAppForNothingOfIt() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              plugins:
                - name: Share
                  plist:
                    NSCameraUsageDescription: Scans a paper note.
                  executable:
                    imports: [_OBJC_CLASS_$_AVCaptureDevice, _OBJC_CLASS_$_CBCentralManager]
            """)
        #expect(report.findings("purpose-string-missing").map(\.bundle) == ["Payload/Notes.app/PlugIns/Share.appex"])
        #expect(report.findings("purpose-string-missing").map { $0.keyPath?.description } == ["/NSBluetoothAlwaysUsageDescription"])
    }

    @Test func linkingSystemFrameworksAloneIsNotEvidence() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              executable:
                links:
                  - /System/Library/Frameworks/CoreLocation.framework/CoreLocation
                  - /System/Library/Frameworks/AVFoundation.framework/AVFoundation
                  - /System/Library/Frameworks/Photos.framework/Photos
                  - /System/Library/Frameworks/Contacts.framework/Contacts
                imports: [_OBJC_CLASS_$_AVPlayer, _OBJC_CLASS_$_CMMotionManager, _OBJC_CLASS_$_PHAsset]
                selectors: [requestWhenInUseAuthorization, "requestAuthorization:"]
            """)
        #expect(Self.purposeFindings(report).isEmpty, "\(Self.purposeFindings(report).map(\.message))")
    }

    @Test func aClassAndItsSelectorMustBeInTheSameBinary() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              executable:
                imports: [_OBJC_CLASS_$_ATTrackingManager]
              frameworks:
                - name: Ads
                  executable:
                    selectors: ["requestTrackingAuthorizationWithCompletionHandler:"]
            """)
        #expect(report.findings("purpose-string-missing").isEmpty)
    }

    @Test func appleWatchKitStubIsNotTheDevelopersCode() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              watch:
                - name: NotesWatch
                  plist:
                    WKWatchKitApp: !bool true
                  executable:
                    links: [/System/Library/PrivateFrameworks/SockPuppetGizmo.framework/SockPuppetGizmo]
                    imports: [_OBJC_CLASS_$_AVCaptureDevice]
            """)
        #expect(report.findings("purpose-string-missing").isEmpty)
    }

    @Test func oneKeyThatMeetsTwoNeedsIsAskedForOnce() throws {
        // requestAuthorization: needs the read key; the access-level call takes either: adding the read key meets both.
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              executable:
                imports: [_OBJC_CLASS_$_PHPhotoLibrary]
                selectors: ["requestAuthorization:", "requestAuthorizationForAccessLevel:handler:"]
            """)
        let findings = report.findings("purpose-string-missing")
        #expect(findings.map { $0.keyPath?.description } == ["/NSPhotoLibraryUsageDescription"])
        #expect(findings.first?.message.contains("requestAuthorizationForAccessLevel:handler:") == true)
    }

    @Test func aPurposeStringThatIsNoStringIsNamedAsSuch() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              plist:
                NSCameraUsageDescription: !bool true
              executable:
                imports: [_OBJC_CLASS_$_AVCaptureDevice]
            """)
        #expect(report.findings("purpose-string-missing").first?.message.contains("holds NSCameraUsageDescription as a boolean, not a string") == true)
    }

    @Test func anEntitlementsFileAsksWhenTheExecutableIsMissing() throws {
        // An .xcarchive's app may carry only archived-expanded-entitlements.xcent.
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              files:
                - path: Notes
                  text: ""
                - path: archived-expanded-entitlements.xcent
                  text: |
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>com.apple.developer.siri</key><true/></dict></plist>
            """)
        #expect(report.findings("purpose-string-missing").map { $0.keyPath?.description } == ["/NSSiriUsageDescription"])
    }

    // MARK: - Values

    @Test func aPlaceholderInAnXMLStringsFileIsFoundAtItsLine() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              files:
                - path: it.lproj/InfoPlist.strings
                  text: |
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                      <key>NSCameraUsageDescription</key>
                      <string>FIXME</string>
                    </dict>
                    </plist>
            """)
        let finding = try #require(report.findings("purpose-string-placeholder").first)
        #expect(finding.file == "Payload/Notes.app/it.lproj/InfoPlist.strings")
        #expect(finding.location.line == 5)
        #expect(finding.message.contains("the word 'FIXME'"))
    }

    @Test func stringsFilesOutsideTheBundleFolderOrUnreadableArePassedOver() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              files:
                - path: en.lproj/InfoPlist.strings
                  text: "\\"NSCameraUsageDescription\\" = \\"never closed"
                - path: Resources/fr.lproj/InfoPlist.strings
                  text: "\\"NSCameraUsageDescription\\" = \\"TODO\\";"
                - path: de.lproj/Other.strings
                  text: "\\"NSCameraUsageDescription\\" = \\"TODO\\";"
            """)
        #expect(Self.purposeFindings(report).isEmpty)
    }

    @Test func anUnexpandedVariableInTheInfoPlistIsLeftToUnexpandedVariable() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              plist:
                NSCameraUsageDescription: $(CAMERA_PURPOSE)
            """)
        #expect(Self.purposeFindings(report).isEmpty)
        #expect(report.findings("unexpanded-variable").count == 1)
    }

    @Test func frameworksInfoPlistsAreNeverJudged() throws {
        let report = try Self.inspectYAML(
            """
            app:
              name: Notes
              frameworks:
                - name: Kit
                  plist:
                    NSCameraUsageDescription: ""
                    NSMicrophoneUsageDescription: TODO
            """)
        #expect(Self.purposeFindings(report).isEmpty)
    }

    @Test(
        arguments: [
            ("TODO", "the word 'TODO'"),
            ("Scan receipts (todo: better text)", nil),
            ("TBD.", "the word 'TBD'"),
            ("lorem IPSUM", "the word 'lorem'"),
            ("Description.", "a stand-in word, not an explanation"),
            ("  purpose string ", "a stand-in word, not an explanation"),
            ("…", "a stand-in word, not an explanation"),
            ("Uses NSCameraUsageDescription", "the key's name NSCameraUsageDescription"),
            ("Muestra todo tu día.", nil),
            ("Todo en orden: escanea el código.", nil),
            ("Scan QR codes", nil),
            ("用于扫描二维码", nil),
            ("Describes the purpose of each photo you pick", nil),
            ("$(PURPOSE)", nil),
        ] as [(String, String?)])
    func placeholderWordsAreWholeWordsAndWholeValues(value: String, reason: String?) {
        let keys = PurposeStringTable.shipped.keys
        #expect(PlaceholderText.shipped.reason(for: value, keys: keys, reportsVariables: false) == reason)
    }

    @Test func anUnexpandedVariableIsAPlaceholderWhereAsked() {
        let keys = PurposeStringTable.shipped.keys
        #expect(PlaceholderText.shipped.reason(for: "$(PURPOSE)", keys: keys, reportsVariables: true) == "a build setting that was never expanded")
    }

    // MARK: - Tables

    @Test func deploymentTargetsChooseTheKeysThatServe() throws {
        let table = PurposeStringTable.shipped
        let calendars = try #require(table.purposes["calendars"]?.first)
        #expect(calendars.keys(for: MachOVersion(major: 16)) == ["NSCalendarsUsageDescription"])
        #expect(calendars.keys(for: MachOVersion(major: 17)) == ["NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription"])
        #expect(calendars.keys(for: nil).count == 3)
        let always = try #require(table.purposes["location-always"])
        #expect(always.filter { $0.isAsked(of: MachOVersion(major: 10)) }.count == 2)
        #expect(always.filter { $0.isAsked(of: MachOVersion(major: 11)) }.count == 1)
        #expect(always.filter { $0.isAsked(of: nil) }.count == 1)
    }

    @Test func theShippedTableReadsAndEveryPurposeIsAskedBySomething() {
        let table = PurposeStringTable.shipped
        // A purpose is asked by a row of evidence or by a linked framework (framework-requirements.yml).
        let linked = FrameworkRequirements.shipped.requirements.compactMap(\.need.purpose)
        #expect(Set(table.evidence.map(\.purpose) + linked) == Set(table.purposes.keys))
        let named = Set(table.purposes.values.flatMap { $0.flatMap { $0.keys.map(\.name) } })
        #expect(named.isSubset(of: Set(table.keys)))
        #expect(table.keySuffix == "UsageDescription")
        #expect(table.keys.allSatisfy { $0.hasSuffix(table.keySuffix) })
        #expect(!PlaceholderText.shipped.words.isEmpty && !PlaceholderText.shipped.values.isEmpty)
    }

    @Test(arguments: [
        (
            "evidence: [{class: X, entitlement: y, purpose: p}]", 9, "entries.evidence[0]",
            "a row names code (class, symbol, selector), an entitlement or a background mode: one of the three"
        ),
        ("evidence: [{class: X, purpose: nowhere}]", 9, "entries.evidence[0].purpose", "no purpose 'nowhere' in purposes"),
        (
            "evidence: [{klass: X, purpose: p}]", 9, "entries.evidence[0].klass",
            "unknown key; expected one of: class, symbol, selector, entitlement, background-mode, purpose"
        ),
        ("purposes: {p: [[NSUnknownUsageDescription]]}", 8, "entries.purposes.p[0][0]", "'NSUnknownUsageDescription' is not one of the table's keys"),
        ("purposes: {p: [{keys: [NSCameraUsageDescription], below: soon}]}", 8, "entries.purposes.p[0].below", "'soon' is not a version such as 17.0"),
        ("versions-platform: iphoneos", 10, "entries.versions-platform", "'iphoneos' is not a platform of Rules/data/platforms.yml"),
    ])
    func aBrokenRowIsRefusedWithItsLineAndKey(replacement: String, line: Int, field: String, message: String) throws {
        var lines = [
            "keys: [NSCameraUsageDescription]",
            "key-suffix: UsageDescription",
            "purposes: {p: [[NSCameraUsageDescription]]}",
            "evidence: [{class: X, purpose: p}]",
            "versions-platform: ios",
        ]
        lines[replacement.hasPrefix("purposes") ? 2 : replacement.hasPrefix("versions") ? 4 : 3] = replacement
        let table = try DataTableText.table("purpose-strings", entries: lines.joined(separator: "\n"))
        #expect(throws: YAMLLoadError(file: "Rules/data/purpose-strings.yml", line: line, field: field, message: message)) {
            try PurposeStringTable(table)
        }
    }

    @Test func aPlaceholderWordSaysHowItIsCompared() throws {
        let table = try DataTableText.table("purpose-string-placeholders", entries: "words:\n  - {word: TODO, case: upper}\nvalues: [purpose]")
        #expect(
            throws: YAMLLoadError(
                file: "Rules/data/purpose-string-placeholders.yml", line: 7, field: "entries.words[0].case", message: "'upper' is not one of: exact, any")
        ) {
            try PlaceholderText(table)
        }
    }

    @Test func aPurposeStringIsAKeyNamedAsApplesAreOrOneTheTableLists() throws {
        // A table key of another name still counts; a key ending as Apple's do needs no row.
        let text =
            "name: purpose-strings\ntitle: t\nsources: [s]\nchecked: 2026-11-30\nentries:\n"
            + [
                "keys: [NSCameraUsageDescription, NFCReaderPurpose]",
                "key-suffix: UsageDescription",
                "purposes: {p: [[NSCameraUsageDescription]]}",
                "evidence: [{class: X, purpose: p}]",
                "versions-platform: ios",
            ].map { "  " + $0 }.joined(separator: "\n")
        let table = try PurposeStringTable(try DataTable.load(text: text, file: "Rules/data/purpose-strings.yml"))
        let bundle = InspectedBundle(
            path: "Payload/Notes.app", kind: .app, parent: nil, infoPlistPath: "Payload/Notes.app/Info.plist",
            infoPlist: PropertyListDocument(
                format: .xml,
                root: .dictionary(
                    PlistDictionary([
                        PlistDictionary.Entry(key: "NSLocationUsageDescription", value: .string("first")),
                        PlistDictionary.Entry(key: "NFCReaderPurpose", value: .string("Reads tags")),
                        PlistDictionary.Entry(key: "CFBundleName", value: .string("Notes")),
                        PlistDictionary.Entry(key: "NSCameraUsageDescription", value: .array([])),
                        PlistDictionary.Entry(key: "NSLocationUsageDescription", value: .string("last")),
                        PlistDictionary.Entry(key: "NSUsageDescriptionHint", value: .string("not a purpose string")),
                    ])))
        )
        #expect(
            table.purposeStrings(of: bundle) == [
                PurposeString(key: "NFCReaderPurpose", text: "Reads tags"),
                PurposeString(key: "NSCameraUsageDescription", text: nil),
                PurposeString(key: "NSLocationUsageDescription", text: "last"),
            ])
        let unread = InspectedBundle(path: "Payload/Notes.app", kind: .app, parent: nil, infoPlistPath: "Payload/Notes.app/Info.plist", infoPlist: nil)
        #expect(table.purposeStrings(of: unread) == nil)
    }

    @Test func theInspectorKeepsOnlyTheNamedImportsAndSelectors() throws {
        let rule = try #require(RuleCatalogue.shipped.rules.first { $0.id == "purpose-string-missing" })
        let wants = EvidenceWants(rules: [rule])
        #expect(wants.wants(.symbol, "_OBJC_CLASS_$_CLLocationManager"))
        #expect(wants.wants(.symbol, "_UIImageWriteToSavedPhotosAlbum"))
        #expect(wants.wants(.selector, "requestWhenInUseAuthorization"))
        #expect(!wants.wants(.symbol, "_OBJC_CLASS_$_UIView"))
        #expect(!wants.wants(.symbol, "_OBJC_CLASS_$_CLLocationManagerX"))
        #expect(!wants.wants(.string, "_OBJC_CLASS_$_CLLocationManager"))
        #expect(!wants.wants(.class, "CLLocationManager"))
        #expect(!wants.wants(.selector, "viewDidLoad"))
    }
}
