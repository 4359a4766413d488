import BundleCheckFormats
import Foundation

/// How a fixture package is written as a macOS installer package (`layout: pkg` in rule
/// examples): who signs it, its shape, what its Distribution and PackageInfo say when they do
/// not follow the app, and damage for the rules that read it.
public struct FixtureInstallerOptions: Sendable, Hashable {
    public enum Signer: String, Sendable, Hashable, CaseIterable {
        case none
        case macInstallerDistribution = "mac-installer-distribution"
        case thirdPartyMacDeveloper = "third-party-mac-developer"
        case developerID = "developer-id"
    }

    public var signer: Signer = .macInstallerDistribution
    public var shape: FixtureInstallerPackage.Shape = .productArchive
    /// The identifier and short version written in place of the app's.
    public var bundleIdentifier: String?
    public var shortVersion: String?
    /// The heap's checksum no longer matches the table of contents, as after an edit.
    public var damagedChecksum = false
    /// The gzip'd payload cut to nine tenths of its bytes.
    public var truncatedPayload = false
    /// A Bom of an older build: it lists `Old.txt`, which the payload does not hold, and not the
    /// app's Info.plist.
    public var staleBom = false

    public init() {}

    /// The package of `app`, whose files are `files` (paths from the install location).
    public func installerPackage(of app: FixtureBundle, files: [FixtureFile]) throws -> FixtureInstallerPackage {
        func string(_ key: String) -> String? { app.infoPlist[key]?.stringValue }
        var package = FixtureInstallerPackage(
            files: files, appName: String(app.name.dropLast(".app".count)),
            bundleIdentifier: bundleIdentifier ?? string("CFBundleIdentifier") ?? "com.example",
            shortVersion: shortVersion ?? string("CFBundleShortVersionString") ?? "1.0",
            bundleVersion: string("CFBundleVersion") ?? "1"
        )
        package.shape = shape
        package.bom = InstallerPayload.bom(of: files)
        if staleBom {
            let listed = files.filter { !$0.path.hasSuffix(".app/Contents/Info.plist") } + [FixtureFile(path: "Old.txt", contents: [0x78])]
            package.bom = InstallerPayload.bom(of: listed)
        }
        let team = "PN7X2Q9K4M"
        let notAfter = Date(timeIntervalSince1970: 1_897_776_000)
        switch signer {
        case .none: break
        case .macInstallerDistribution: package.sign(with: .installer(.macInstallerDistribution, name: "Fixture Team", team: team, notAfter: notAfter))
        case .thirdPartyMacDeveloper: package.sign(with: .installer(.thirdPartyMacDeveloper, name: "Fixture Team", team: team, notAfter: notAfter))
        case .developerID: package.sign(with: .installer(.developerID, name: "Fixture Team", team: team, notAfter: notAfter))
        }
        package.hostile.badTOCChecksum = damagedChecksum
        if truncatedPayload {
            let whole = try package.payloadBytes()
            package.payload = .custom(Array(whole.prefix(whole.count * 9 / 10)))
        }
        return package
    }
}
