import Foundation
import Testing

@testable import BundleCheckFormats

/// What `openssl smime -verify -noverify` and `openssl asn1parse` show for one corpus profile.
struct ExpectedCorpusProfile: Sendable, CustomTestStringConvertible {
    let source: ProfileCorpusSource
    let name: String
    let uuid: String
    let team: String
    let teamName: String
    let applicationIdentifier: String
    let kind: ProfileKind
    /// Seconds since 1970 of ExpirationDate and CreationDate.
    let expiration: TimeInterval
    let creation: TimeInterval
    let deviceCount: Int
    let platforms: [String]
    let appGroups: [String]
    let getTaskAllow: Bool
    let apsEnvironment: String?
    let entitlementCount: Int
    /// Certificates in the envelope (`openssl pkcs7 -print_certs`).
    let certificateCount: Int
    /// Whether the outer ContentInfo uses an indefinite length (asn1parse `l=inf`).
    let indefinite: Bool

    var testDescription: String { source.description }

    static let all: [ExpectedCorpusProfile] = [
        ExpectedCorpusProfile(
            source: .appStoreTest, name: "tools.fastlane.app AppStore", uuid: "98264c6b-5151-4349-8d0f-66691e48ae35",
            team: "439BBM9367", teamName: "Felix Krause", applicationIdentifier: "439BBM9367.tools.fastlane.app",
            kind: .appStore, expiration: 1_478_552_332, creation: 1_447_016_943, deviceCount: 0, platforms: ["iOS"],
            appGroups: [], getTaskAllow: false, apsEnvironment: nil, entitlementCount: 5, certificateCount: 3,
            indefinite: false),
        ExpectedCorpusProfile(
            source: .veryCapableApp, name: "org.fastlane.very-capable-app Development",
            uuid: "12345678-1234-1234-1234-123456789012", team: "TestFixture", teamName: "TestFixture",
            applicationIdentifier: "TestFixture.org.fastlane.very-capable-app", kind: .development,
            expiration: 1_554_600_441, creation: 1_523_064_441, deviceCount: 1, platforms: ["iOS"], appGroups: [],
            getTaskAllow: true, apsEnvironment: "development", entitlementCount: 26, certificateCount: 1,
            indefinite: true),
        ExpectedCorpusProfile(
            source: .veryCapableArchive, name: "org.fastlane.very-capable-app Development",
            uuid: "12345678-1234-1234-1234-123456789012", team: "TestFixture", teamName: "TestFixture",
            applicationIdentifier: "TestFixture.org.fastlane.very-capable-app", kind: .development,
            expiration: 1_554_600_441, creation: 1_523_064_441, deviceCount: 1, platforms: ["iOS"], appGroups: [],
            getTaskAllow: true, apsEnvironment: "development", entitlementCount: 26, certificateCount: 1,
            indefinite: true),
        ExpectedCorpusProfile(
            source: .demoApp, name: "iOS Team Ad Hoc Provisioning Profile: com.emerge.DemoApp",
            uuid: "f79bfc9e-6608-4988-a9b7-d12592f25aca", team: "62J2XHNK9T", teamName: "Emerge Tools, Inc.",
            applicationIdentifier: "62J2XHNK9T.com.emerge.DemoApp", kind: .adHoc, expiration: 1_783_701_644,
            creation: 1_752_612_025, deviceCount: 93, platforms: ["iOS", "xrOS", "visionOS"], appGroups: [],
            getTaskAllow: false, apsEnvironment: nil, entitlementCount: 4, certificateCount: 3, indefinite: false),
        ExpectedCorpusProfile(
            source: .simpleSaucyApp, name: "XC Ad Hoc: *", uuid: "be4b36a9-8096-4648-88d2-0ab212515efd",
            team: "JWKXD469L2", teamName: "SAUCE LABS INC", applicationIdentifier: "JWKXD469L2.*", kind: .adHoc,
            expiration: 1_464_133_699, creation: 1_432_598_449, deviceCount: 20, platforms: [], appGroups: [],
            getTaskAllow: false, apsEnvironment: nil, entitlementCount: 4, certificateCount: 3, indefinite: false),
        ExpectedCorpusProfile(
            source: .cocoaPods, name: "9 SunPreviewer AppStore", uuid: "675dcbd2-06a8-4a38-91a9-33ad0faf22b1",
            team: "5A997XSHK2", teamName: "SunApps GmbH", applicationIdentifier: "5A997XSHK2.net.sunapps.9",
            kind: .appStore, expiration: 1_455_147_860, creation: 1_437_768_379, deviceCount: 0, platforms: ["iOS"],
            appGroups: [], getTaskAllow: false, apsEnvironment: "production", entitlementCount: 6, certificateCount: 3,
            indefinite: false),
    ]
}
