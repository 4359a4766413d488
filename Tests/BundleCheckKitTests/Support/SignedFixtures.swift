import BundleCheckFixtures
import Foundation

@testable import BundleCheckFormats

/// Signed bundles for the signing checks: a real arm64 Mach-O with a code signature, its
/// entitlements, optionally a CMS blob naming a signing certificate, and a profile.
enum SignedFixtures {
    static let team = "ABCDE12345"
    /// 2026-06-01, the date the expiry tests judge by.
    static let now = Date(timeIntervalSince1970: 1_780_272_000)
    static let day: TimeInterval = 86_400

    /// A profile of `kind` for `identifier`, shaped as the portal makes it (devices for ad-hoc and
    /// development, get-task-allow for development, all devices for enterprise and Developer ID;
    /// platform OSX for the Mac's kinds).
    static func profile(_ kind: Distribution, identifier: String, expires: Date = Date(timeIntervalSince1970: 1_893_456_000)) -> FixtureProfile {
        var entitlements = PlistDictionary()
        var devices: [String]?
        switch kind {
        case .appStore: break
        case .adHoc: devices = ["00008030-000000000000001E"]
        case .development:
            devices = ["00008030-000000000000001E"]
            entitlements.append(key: "get-task-allow", value: .bool(true))
        case .enterprise, .macAppStore, .developerID: break
        }
        var profile = FixtureProfile(
            name: "\(identifier) \(kind.rawValue)", team: team, applicationIdentifier: "\(team).\(identifier)",
            entitlements: entitlements, devices: devices, provisionsAllDevices: kind == .enterprise || kind == .developerID, expirationDate: expires
        )
        if kind == .macAppStore || kind == .developerID { profile.platforms = ["OSX"] }
        return profile
    }

    /// The signing certificate codesign would name, expiring at `expires`.
    static func certificate(expires: Date) -> FixtureCertificate {
        .signing(commonName: "Apple Distribution: Example Team (\(team))", team: team, notAfter: expires)
    }

    /// `bundle` with its placeholder executable replaced by a signed one carrying `entitlements`
    /// (besides the application and team identifiers) and the CMS blob of `signer` (the team's
    /// Apple Distribution certificate unless told; nil signs ad hoc), and with `profile` as its
    /// embedded.mobileprovision.
    static func signed(
        _ bundle: FixtureBundle,
        entitlements extra: PlistDictionary = PlistDictionary(),
        profile: FixtureProfile?,
        signer: FixtureSigner? = .apple(certificate(expires: Date(timeIntervalSince1970: 1_893_456_000)))
    ) -> FixtureBundle {
        var copy = bundle
        let executableName = bundle.infoPlist["CFBundleExecutable"]?.stringValue ?? ""
        let identifier = bundle.infoPlist["CFBundleIdentifier"]?.stringValue ?? ""
        var entitlements = PlistDictionary()
        entitlements.append(key: "application-identifier", value: .string("\(team).\(identifier)"))
        entitlements.append(key: "com.apple.developer.team-identifier", value: .string(team))
        for entry in extra.entries { entitlements.append(key: entry.key, value: entry.value) }
        let slice = MachOSliceDescription(
            platformVersion: .buildVersion(.iOS, minimumOS: MachOVersion(major: 16), sdk: MachOVersion(major: 18)),
            codeSignature: FixtureCodeSignature(
                identifier: identifier, teamIdentifier: team,
                entitlementsXML: XMLPropertyListWriter.write(.dictionary(entitlements)), signer: signer
            )
        )
        copy.files = bundle.files.filter { $0.path != executableName } + [FixtureFile(path: executableName, contents: MachOWriter.thin(slice))]
        if let profile {
            copy.files.append(FixtureFile(path: "embedded.mobileprovision", contents: ProfileWriter.write(profile, encoding: .indefiniteBER(chunkSize: 512))))
        }
        return copy
    }
}
