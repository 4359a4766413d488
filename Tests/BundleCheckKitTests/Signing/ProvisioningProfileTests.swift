import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct ProvisioningProfileTests {
    private func profile(_ fixture: FixtureProfile) -> ProvisioningProfile {
        ProvisioningProfile(propertyList: fixture.propertyList.dictionaryValue ?? PlistDictionary())
    }

    private static let debuggable = PlistDictionary(["get-task-allow": .bool(true)])

    @Test func provisioningAllDevicesMakesAnEnterpriseProfileWhateverElseItSays() {
        let fixture = FixtureProfile(entitlements: Self.debuggable, devices: ["a"], provisionsAllDevices: true)
        #expect(profile(fixture).kind == .enterprise)
    }

    @Test func listedDevicesWithGetTaskAllowMakeADevelopmentProfile() {
        #expect(profile(FixtureProfile(entitlements: Self.debuggable, devices: ["a", "b"])).kind == .development)
    }

    @Test func listedDevicesWithoutGetTaskAllowMakeAnAdHocProfile() {
        #expect(profile(FixtureProfile(devices: ["a"])).kind == .adHoc)
        let explicitFalse = PlistDictionary(["get-task-allow": .bool(false)])
        #expect(profile(FixtureProfile(entitlements: explicitFalse, devices: ["a"])).kind == .adHoc)
    }

    @Test func noDevicesMakeAnAppStoreProfile() {
        #expect(profile(FixtureProfile()).kind == .appStore)
        #expect(profile(FixtureProfile(devices: [])).kind == .appStore)
        #expect(profile(FixtureProfile(entitlements: Self.debuggable)).kind == .appStore)
    }

    @Test func profileKindsShareTheDistributionRawValues() {
        #expect(ProfileKind.allCases.map(\.rawValue) == ["app-store", "ad-hoc", "development", "enterprise", "mac-app-store", "developer-id"])
    }

    @Test func aMacProfileIsTheMacAppStoreDeveloperIDOrDevelopment() {
        func mac(_ fixture: FixtureProfile) -> FixtureProfile {
            var fixture = fixture
            fixture.platforms = ["OSX"]
            return fixture
        }
        #expect(profile(mac(FixtureProfile())).kind == .macAppStore)
        #expect(profile(mac(FixtureProfile(provisionsAllDevices: true))).kind == .developerID)
        // The Mac has no ad hoc: listed devices are development, debuggable or not.
        #expect(profile(mac(FixtureProfile(devices: ["00008103-000000000000001E"]))).kind == .development)
        #expect(profile(mac(FixtureProfile(entitlements: Self.debuggable, devices: ["00008103-000000000000001E"]))).kind == .development)
    }

    @Test(arguments: [
        ("ABCDE12345.*", "com.example.notes", true),
        ("ABCDE12345.*", "anything", true),
        ("ABCDE12345.com.example.*", "com.example.notes", true),
        ("ABCDE12345.com.example.*", "com.example.notes.share", true),
        ("ABCDE12345.com.example.*", "com.other.notes", false),
        ("ABCDE12345.com.example.notes", "com.example.notes", true),
        ("ABCDE12345.com.example.notes", "com.example.notes.share", false),
        ("ABCDE12345.com.example.notes", "com.example.note", false),
        ("OTHERTEAM1.*", "com.example.notes", false),
    ])
    func applicationIdentifiersMatchExactlyOrByWildcardPrefix(pattern: String, bundleIdentifier: String, matches: Bool) {
        let subject = profile(FixtureProfile(applicationIdentifier: pattern))
        #expect(subject.applicationIdentifierMatches(team: "ABCDE12345", bundleIdentifier: bundleIdentifier) == matches)
    }

    @Test func aProfileWithoutApplicationIdentifierMatchesNoBundle() {
        let subject = ProvisioningProfile(propertyList: PlistDictionary())
        #expect(!subject.applicationIdentifierMatches(team: "ABCDE12345", bundleIdentifier: "com.example.notes"))
    }

    @Test func theMacOSApplicationIdentifierKeyIsTheFallback() {
        let entitlements = PlistDictionary(["com.apple.application-identifier": .string("ABCDE12345.com.example.mac")])
        let subject = ProvisioningProfile(propertyList: PlistDictionary(["Entitlements": .dictionary(entitlements)]))
        #expect(subject.applicationIdentifier == "ABCDE12345.com.example.mac")
    }

    @Test func aProfileExpiresAtItsExpirationDateAndNotBefore() {
        let expiry = Date(timeIntervalSince1970: 1_893_456_000)
        let subject = profile(FixtureProfile(expirationDate: expiry))
        #expect(!subject.isExpired(at: expiry.addingTimeInterval(-1)))
        #expect(subject.isExpired(at: expiry))
        #expect(subject.isExpired(at: expiry.addingTimeInterval(86_400)))
        #expect(!ProvisioningProfile(propertyList: PlistDictionary()).isExpired(at: expiry))
    }

    @Test func missingAndMistypedKeysReadAsAbsent() {
        let subject = ProvisioningProfile(
            propertyList: PlistDictionary([
                "Name": .integer(PlistInteger(3)), "TeamIdentifier": .string("ABCDE12345"),
                "ExpirationDate": .string("2030-01-01"), "ProvisionsAllDevices": .string("true"),
            ]))
        #expect(subject.name == nil)
        #expect(subject.uuid == nil)
        #expect(subject.teamIdentifiers.isEmpty)
        #expect(subject.expirationDate == nil)
        #expect(!subject.provisionsAllDevices)
        #expect(subject.platforms.isEmpty)
        #expect(subject.entitlements.dictionary.count == 0)
        #expect(subject.kind == .appStore)
    }
}
