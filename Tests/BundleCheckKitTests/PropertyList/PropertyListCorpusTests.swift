import Foundation
import Testing

@testable import BundleCheckFormats

/// Real Info.plists and entitlements from NetNewsWire (`../shared/corpus/netnewswire`), written by Xcode.
///
/// The expected values were read beforehand with
/// `python3 -c 'import plistlib; p = plistlib.load(open("iOS/Resources/Info.plist", "rb")); ...'`
/// and the lines with `grep -n`. Skipped when the corpus is absent, unless CI=true.
@Suite(
    .enabled(
        if: PlistTestEnvironment.corpusIsPresent || PlistTestEnvironment.isCI,
        "../shared/corpus is absent; set CI=true to make that a failure"))
struct PropertyListCorpusTests {
    static let root = PlistTestEnvironment.corpus.appendingPathComponent("netnewswire")

    static func files() throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.lastPathComponent == "Info.plist" || $0.pathExtension == "entitlements" }
            .sorted { $0.path < $1.path }
    }

    static func document(_ relativePath: String) throws -> PropertyListDocument {
        let url = root.appendingPathComponent(relativePath)
        return try PropertyListParser.parse([UInt8](try Data(contentsOf: url)), file: relativePath)
    }

    @Test func everyInfoPlistAndEntitlementsFileParsesAsAnXMLDictionary() throws {
        let files = try Self.files()
        #expect(files.count == 14)
        for file in files {
            let document = try PropertyListParser.parse([UInt8](try Data(contentsOf: file)), file: file.lastPathComponent)
            #expect(document.format == .xml, "\(file.path)")
            #expect(document.root.dictionaryValue != nil, "\(file.path)")
            #expect(document.duplicateKeys.isEmpty, "\(file.path)")
            #expect(document.line(of: .root) == 4, "\(file.path)")
        }
    }

    @Test func iOSInfoPlistHoldsTheValuesPlistlibReads() throws {
        let document = try Self.document("iOS/Resources/Info.plist")
        let keys = try #require(document.root.dictionaryValue?.keys)
        #expect(keys.count == 34)
        #expect(keys.first == "AppGroup")
        #expect(keys.last == "UserAgentExtended")
        #expect(document.value(at: JSONPointer("CFBundleIdentifier")) == .string("$(PRODUCT_BUNDLE_IDENTIFIER)"))
        #expect(document.line(of: JSONPointer("CFBundleIdentifier")) == 20)
        #expect(document.value(at: JSONPointer("ITSAppUsesNonExemptEncryption")) == .bool(false))
        #expect(document.line(of: JSONPointer("ITSAppUsesNonExemptEncryption")) == 10)
        #expect(document.value(at: JSONPointer("LSRequiresIPhoneOS")) == .bool(true))
        #expect(document.line(of: JSONPointer("LSRequiresIPhoneOS")) == 63)
        #expect(document.value(at: JSONPointer("NSAppTransportSecurity", "NSAllowsArbitraryLoads")) == .bool(true))
        #expect(document.line(of: JSONPointer("NSAppTransportSecurity", "NSAllowsArbitraryLoads")) == 67)
        #expect(document.value(at: JSONPointer("CFBundleURLTypes", "0", "CFBundleURLSchemes")) == .array([.string("feed"), .string("feeds")]))
        #expect(document.line(of: JSONPointer("CFBundleURLTypes", "0", "CFBundleURLSchemes", "1")) == 39)
        #expect(document.value(at: JSONPointer("CFBundleURLTypes", "1", "CFBundleURLName")) == .string("com.ranchero.NetNewsWire-Evergreen.iOS"))
        #expect(document.value(at: JSONPointer("UILaunchStoryboardName")) == .string("LaunchScreenPhone"))
        #expect(document.line(of: JSONPointer("UILaunchStoryboardName")) == 106)
    }

    @Test func entitlementsAndWidgetInfoPlistHoldTheValuesPlistlibReads() throws {
        let entitlements = try Self.document("iOS/Resources/NetNewsWire.entitlements")
        #expect(entitlements.root.dictionaryValue?.count == 7)
        #expect(entitlements.value(at: JSONPointer("aps-environment")) == .string("Production"))
        #expect(entitlements.value(at: JSONPointer("com.apple.developer.icloud-services")) == .array([.string("CloudKit")]))
        #expect(
            entitlements.value(at: JSONPointer("keychain-access-groups", "0"))
                == .string("$(AppIdentifierPrefix)$(ORGANIZATION_IDENTIFIER).NetNewsWire.iOS$(BUNDLE_ID_SUFFIX)"))
        #expect(entitlements.line(of: JSONPointer("keychain-access-groups", "0")) == 25)

        let widget = try Self.document("Widget/Info.plist")
        #expect(widget.value(at: JSONPointer("NSExtension", "NSExtensionPointIdentifier")) == .string("com.apple.widgetkit-extension"))
        #expect(widget.line(of: JSONPointer("NSExtension", "NSExtensionPointIdentifier")) == 26)
        #expect(widget.value(at: JSONPointer("CFBundleDisplayName")) == .string("NetNewsWire Widget"))
    }

    @Test(
        .enabled(
            if: PlistTestEnvironment.python3 != nil || PlistTestEnvironment.isCI,
            "python3 is not on PATH; set CI=true to make that a failure"))
    func everyFileMatchesPlistlibExactly() throws {
        let python = try #require(PlistTestEnvironment.python3, "python3 is required when CI=true")
        let files = try Self.files()
        let script = PlistTestEnvironment.repositoryRoot.appendingPathComponent("scripts/plistlib-differential.py")
        let run = try PlistTestEnvironment.run(python, [script.path, "--describe"] + files.map(\.path))
        try #require(run.status == 0, "plistlib-differential.py --describe failed: \(run.errors)")
        let described = try #require(try JSONSerialization.jsonObject(with: run.output) as? [Any])
        try #require(described.count == files.count)
        for (file, typed) in zip(files, described) {
            let document = try PropertyListParser.parse([UInt8](try Data(contentsOf: file)), file: file.lastPathComponent)
            #expect(PlistTestSupport.canonical(document.root) == (try PropertyListPlistlibDifferentialTests.canonical(typed: typed)), "\(file.path)")
        }
    }
}
