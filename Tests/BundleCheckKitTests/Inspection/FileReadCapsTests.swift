import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The files a bundle's checks read before any parser sees them each have a size cap
/// (docs/limits.md): a file of exactly the cap is read, one byte more is a finding that names
/// the file and the cap, and the rest of the package is still checked.
@Suite struct FileReadCapsTests {
    static let appPath = "Payload/Notes.app"

    /// `dictionary` as an XML plist of exactly `size` bytes: white space after the root
    /// element pads it, which XML allows and Apple's parser ignores.
    static func plist(_ dictionary: PlistDictionary, size: Int) -> [UInt8] {
        let bytes = XMLPropertyListWriter.write(.dictionary(dictionary))
        precondition(bytes.count <= size, "the plist is already \(bytes.count) bytes")
        return bytes + Array(repeating: UInt8(ascii: "\n"), count: size - bytes.count)
    }

    static var app: FixtureBundle { .app("Notes", bundleIdentifier: "com.example.notes") }

    /// Findings saying a file was over `limit` bytes, the words `PackageContainer.read` and the
    /// streaming read give.
    static func overTheCap(_ report: InputReport, file: String, limit: Int) -> [Finding] {
        report.findings.filter { $0.file == file && $0.message.contains("more than the \(limit) bytes bundlecheck reads") }
    }

    static func check(
        _ app: FixtureBundle, file: String, limit: Int, extra: Int, read: (InputReport) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let report = try inspect(.ipa(app))
        #expect(report.error == nil, sourceLocation: sourceLocation)
        let refused = overTheCap(report, file: file, limit: limit)
        #expect(refused.count == extra, "\(report.findings.map(\.message))", sourceLocation: sourceLocation)
        #expect(read(report) == (extra == 0), sourceLocation: sourceLocation)
        // The other checks still ran: the version rules read the same Info.plist or none.
        #expect(report.bundles.map(\.path) == [Self.appPath], sourceLocation: sourceLocation)
    }

    @Test(arguments: [0, 1])
    func infoPlistOfEightMiB(extra: Int) throws {
        let limit = PackageInspector.infoPlistLimit
        let bytes = Self.plist(Self.app.infoPlist, size: limit + extra)
        try Self.check(Self.app.withRawInfoPlist(bytes), file: Self.appPath + "/Info.plist", limit: limit, extra: extra) { report in
            report.bundles.first?.bundleIdentifier == "com.example.notes"
        }
    }

    @Test(arguments: [0, 1])
    func archivedEntitlementsOfFourMiB(extra: Int) throws {
        let limit = SigningLoader.smallFileLimit
        let file = Self.appPath + "/archived-expanded-entitlements.xcent"
        let entitlements = PlistDictionary(["application-identifier": .string("TEAM.com.example.notes")])
        // Without an executable named there is no signature to take entitlements from: the
        // archive's .xcent is read instead.
        let app = Self.app.removing("CFBundleExecutable")
            .adding(file: "archived-expanded-entitlements.xcent", contents: Self.plist(entitlements, size: limit + extra))
        try Self.check(app, file: file, limit: limit, extra: extra) { report in
            report.bundles.first?.signing?.entitlements?.dictionary["application-identifier"] == .string("TEAM.com.example.notes")
        }
    }

    @Test(arguments: [0, 1])
    func privacyManifestOfOneMiB(extra: Int) throws {
        let limit = PrivacyManifestLoader.sizeLimit
        let file = Self.appPath + "/" + PrivacyManifest.fileName
        let manifest = PlistDictionary(["NSPrivacyTracking": .bool(false)])
        let app = Self.app.adding(file: PrivacyManifest.fileName, contents: Self.plist(manifest, size: limit + extra))
        try Self.check(app, file: file, limit: limit, extra: extra) { report in
            report.bundles.first?.privacyManifests.first?.document != nil
        }
    }

    /// A localized InfoPlist.strings is read up to its cap; a larger one is not read, so its
    /// values are not judged (docs/limits.md says so): no finding names it either way but the
    /// placeholder's, when it was read.
    @Test(arguments: [0, 1])
    func localizedStringsOfOneMiB(extra: Int) throws {
        let limit = PurposeStringValue.stringsFileLimit
        let entry = Array("\"NSCameraUsageDescription\" = \"TODO\";\n/* ".utf8)
        let padded = entry + Array(repeating: UInt8(ascii: " "), count: limit + extra - entry.count - 3) + Array(" */".utf8)
        let app = Self.app.setting("NSCameraUsageDescription", to: .string("Scans the receipts you photograph to fill in an expense."))
            .adding(file: "fr.lproj/InfoPlist.strings", contents: padded)
        let report = try inspect(.ipa(app))
        #expect(padded.count == limit + extra)
        let placeholders = report.findings("purpose-string-placeholder").filter { $0.file == Self.appPath + "/fr.lproj/InfoPlist.strings" }
        #expect(placeholders.count == (extra == 0 ? 1 : 0), "\(report.findings.map(\.message))")
    }
}
