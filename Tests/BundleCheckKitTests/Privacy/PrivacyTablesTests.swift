import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The privacy tables of `Rules/data/` hold together: reasons belong to one category each, every
/// category of the symbol table has reasons, and every entry reads into the checks' types.
@Suite struct PrivacyTablesTests {
    static let categories = PrivacyAPICategory.shipped

    @Test func everyReasonCodeBelongsToItsCategoryAlone() throws {
        let pattern = try Regex("^[0-9A-F]{4}\\.[0-9]+$")
        var owners: [String: String] = [:]
        for category in Self.categories {
            #expect(category.name.hasPrefix(PrivacyAPICategory.prefix), "\(category.name) is not a full category name")
            for reason in category.reasons {
                #expect(reason.code.wholeMatch(of: pattern) != nil, "\(reason.code) is not a reason code")
                #expect(!reason.meaning.isEmpty, "\(reason.code) has no meaning")
                #expect(owners.updateValue(category.name, forKey: reason.code) == nil, "\(reason.code) is listed under two categories")
                #expect(PrivacyAPICategory.owning(reason: reason.code)?.name == category.name)
            }
        }
        #expect(owners.count == 17)
    }

    @Test func everyReasonIsAcceptedUnderItsCategoryAndRefusedUnderEveryOther() {
        for category in Self.categories {
            for other in Self.categories {
                for reason in other.reasons {
                    let problems = PrivacyManifestValidator.shipped.problems(in: Self.manifest(category: category.name, reasons: [reason.code]))
                    if other.name == category.name {
                        #expect(problems.isEmpty, "\(reason.code) under \(category.shortName): \(problems)")
                    } else {
                        #expect(problems.map(\.rule) == [.reason], "\(reason.code) under \(category.shortName)")
                        #expect(problems.first?.message.contains("reason of \(other.shortName), not of \(category.shortName)") == true)
                    }
                }
            }
        }
    }

    @Test func everyCategoryOfTheSymbolTableHasReasons() throws {
        let symbols = DataTables.named("privacy-api-symbols").entries.mapping ?? []
        #expect(symbols.count == 5)
        for pair in symbols {
            let name = try #require(pair.key.scalar)
            let category = try #require(PrivacyAPICategory.named(name), "\(name) is in the symbol table but not the reasons table")
            #expect(category.reasons.contains { !$0.sdksOnly }, "\(name) has no reason an app may give")
            #expect(!category.imports.isEmpty || !category.selectors.isEmpty, "\(name) shows in no binary")
        }
        #expect(Self.categories.count == 5, "a category of the reasons table has no symbols, or the other way round")
    }

    @Test func symbolsAreStoredNamesAndSelectorsAreDistinctive() {
        for category in Self.categories {
            #expect(category.imports.allSatisfy { $0.hasPrefix("_") }, "\(category.name): imports are stored with their underscore")
            // PHAsset, CKRecord and every model with such a property share these names.
            #expect(category.selectors.isDisjoint(with: ["creationDate", "modificationDate"]))
        }
        // getattrlist and its relatives count for both.
        #expect(PrivacyAPICategory.named("NSPrivacyAccessedAPICategoryFileTimestamp")?.imports.contains("_getattrlist") == true)
        #expect(PrivacyAPICategory.named("NSPrivacyAccessedAPICategoryDiskSpace")?.imports.contains("_getattrlist") == true)
        let everything = Self.categories.reduce(into: Set<String>()) { $0.formUnion($1.imports) }
        #expect(everything.isDisjoint(with: ["_mach_continuous_time", "_clock_gettime"]))
    }

    @Test func manifestKeysReadWithTheirTypes() {
        let table = DataTables.named("privacy-manifest-keys").entries.mapping ?? []
        let schema = PrivacyManifestSchema.shipped
        #expect(schema.keys.map(\.name) == table.compactMap(\.key.scalar), "a key whose type is not understood was dropped")
        #expect(schema.key("NSPrivacyAccessedAPITypes")?.keys.map(\.name) == ["NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"])
        #expect(schema.key("NSPrivacyCollectedDataTypes")?.keys.count == 4)
        #expect(schema.key("NSPrivacyAccessedAPITypes")?.whenEmpty == .doubtful)
        #expect(schema.key("NSPrivacyAccessedAPITypes")?.keys.last?.whenEmpty == .invalid)
        #expect(schema.key("NSPrivacyTrackingDomains")?.whenEmpty == .valid)
        #expect(schema.dataTypes.count == 35 && schema.dataTypes.contains("NSPrivacyCollectedDataTypePhotosorVideos"))
        #expect(schema.purposes.count == 6)
    }

    @Test func listedSDKsCarryTheDateAppleNamedThem() {
        let list = ListedSDKs.shipped
        #expect(ISODateParser.parse(list.published) != nil && ISODateParser.parse(list.enforced) != nil)
        #expect(list.sdks.count == 86)
        let frameworks = list.sdks.flatMap(\.frameworks)
        #expect(Set(frameworks).count == frameworks.count, "a framework name is listed twice")
        #expect(list.sdks.first { $0.name == "BoringSSL / openssl_grpc" }?.frameworks == ["BoringSSL", "openssl_grpc"])
    }

    @Test func aRowTheChecksCannotUseIsAnErrorNamingItsLineAndKey() throws {
        let sdks = try DataTableText.table("privacy-sdks", entries: "published: 2023-12-07\nenforced: 2025-02-12\nsdks:\n  - {frameworks: [Kit]}")
        #expect(throws: YAMLLoadError(file: "Rules/data/privacy-sdks.yml", line: 9, field: "entries.sdks[0].name", message: "missing required key")) {
            try ListedSDKs(sdks)
        }
        let keys = try DataTableText.table("privacy-manifest-keys", entries: "NSPrivacyTracking: {type: bool}")
        let collected = try DataTableText.table(
            "privacy-collected-data", entries: "types: [NSPrivacyCollectedDataTypeName]\npurposes: [NSPrivacyCollectedDataTypePurposeOther]")
        #expect(
            throws: YAMLLoadError(
                file: "Rules/data/privacy-manifest-keys.yml", line: 6, field: "entries.NSPrivacyTracking.type",
                message: "'bool' is not one of: boolean, string, array of string, array of dictionary")
        ) {
            try PrivacyManifestSchema(keys, collected)
        }
    }

    @Test func theSymbolTableNamesOnlyCategoriesOfTheReasonsTable() throws {
        let reasons = try DataTableText.table(
            "privacy-api-reasons", entries: "NSPrivacyAccessedAPICategoryDiskSpace:\n  reasons:\n    - {code: 85F4.1, meaning: m}")
        let symbols = try DataTableText.table("privacy-api-symbols", entries: "NSPrivacyAccessedAPICategoryDiskSpace: {imports: [_statfs]}")
        #expect(try PrivacyAPICategory.read(reasons: reasons, symbols: symbols).map(\.imports) == [["_statfs"]])
        let misspelt = try DataTableText.table("privacy-api-symbols", entries: "NSPrivacyAccessedAPICategoryDiskSpac: {imports: [_statfs]}")
        #expect(
            throws: YAMLLoadError(
                file: "Rules/data/privacy-api-symbols.yml", line: 6, field: "entries.NSPrivacyAccessedAPICategoryDiskSpac",
                message: "unknown key; expected one of: NSPrivacyAccessedAPICategoryDiskSpace")
        ) {
            try PrivacyAPICategory.read(reasons: reasons, symbols: misspelt)
        }
        let codeless = try DataTableText.table("privacy-api-reasons", entries: "NSPrivacyAccessedAPICategoryDiskSpace:\n  reasons:\n    - {meaning: m}")
        #expect(
            throws: YAMLLoadError(
                file: "Rules/data/privacy-api-reasons.yml", line: 8, field: "entries.NSPrivacyAccessedAPICategoryDiskSpace.reasons[0].code",
                message: "missing required key")
        ) {
            try PrivacyAPICategory.read(reasons: codeless, symbols: symbols)
        }
    }

    @Test(
        arguments: [
            ("Payload/A.app/Frameworks/Alamofire.framework", nil, "Alamofire"),
            ("Payload/A.app/Frameworks/Kit.framework", "org.alamofire.Alamofire", "Alamofire"),
            ("Payload/A.app/Frameworks/Kit.framework", "ORG.COCOAPODS.ALAMOFIRE", "Alamofire"),
            ("Payload/A.app/Frameworks/Kit.framework", "org.cocoapods.flutter-local-notifications", "flutter_local_notifications"),
            ("Payload/A.app/Frameworks/sqflite-2.3.0.framework", nil, "sqflite"),
            ("Payload/A.app/Frameworks/openssl_grpc.framework", nil, "BoringSSL / openssl_grpc"),
        ] as [(String, String?, String)])
    func listedSDKIsRecognised(path: String, identifier: String?, sdk: String) {
        #expect(ListedSDKs.shipped.match(frameworkPath: path, bundleIdentifier: identifier)?.sdk.name == sdk)
    }

    @Test(
        arguments: [
            ("Payload/A.app/Frameworks/AlamofireExtras.framework", "com.vendor.alamofireextras"),
            ("Payload/A.app/Frameworks/alamofire.framework", nil),
            ("Payload/A.app/Frameworks/Lottie-iOS.framework", nil),
            ("Payload/A.app/Frameworks/Kit.framework", "org.cocoapods.Kit"),
        ] as [(String, String?)])
    func otherFrameworksAreNotListed(path: String, identifier: String?) {
        #expect(ListedSDKs.shipped.match(frameworkPath: path, bundleIdentifier: identifier) == nil)
    }

    static func manifest(category: String, reasons: [String]) -> PrivacyManifest {
        let entry = PlistDictionary([
            "NSPrivacyAccessedAPIType": .string(category),
            "NSPrivacyAccessedAPITypeReasons": .array(reasons.map(PlistValue.string)),
        ])
        let root = PlistDictionary(["NSPrivacyAccessedAPITypes": .array([.dictionary(entry)])])
        return PrivacyManifest(
            path: "Payload/A.app/PrivacyInfo.xcprivacy", placement: .bundle, document: PropertyListDocument(format: .xml, root: .dictionary(root)))
    }
}
