import Foundation
import Testing

@testable import BundleCheckFormats

/// The corpus profiles read as `openssl smime`/`asn1parse` show them (values in `ExpectedCorpusProfile`).
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct ProvisioningProfileCorpusTests {
    @Test(arguments: ExpectedCorpusProfile.all)
    func corpusProfilesReadAsOpenSSLShowsThem(_ expected: ExpectedCorpusProfile) throws {
        guard let bytes = try expected.source.bytes() else { return }
        let profile = try ProvisioningProfileReader.read(bytes, file: expected.source.description)
        #expect(profile.name == expected.name)
        #expect(profile.uuid == expected.uuid)
        #expect(profile.teamIdentifiers == [expected.team])
        #expect(profile.teamName == expected.teamName)
        #expect(profile.applicationIdentifier == expected.applicationIdentifier)
        #expect(profile.kind == expected.kind)
        #expect(profile.expirationDate == Date(timeIntervalSince1970: expected.expiration))
        #expect(profile.creationDate == Date(timeIntervalSince1970: expected.creation))
        #expect(profile.provisionedDeviceCount == expected.deviceCount)
        #expect(profile.provisionsAllDevices == false)
        #expect(profile.platforms == expected.platforms)
        #expect(profile.appGroups == expected.appGroups)
        #expect(profile.getTaskAllow == expected.getTaskAllow)
        #expect(profile.apsEnvironment == expected.apsEnvironment)
        #expect(profile.entitlements.dictionary.count == expected.entitlementCount)
        #expect(profile.entitlements.teamIdentifier == expected.team)
        #expect(profile.envelopeCertificateCount == expected.certificateCount)
        #expect(try BERReader.read(bytes).hasIndefiniteLength == expected.indefinite)
    }

    @Test func appStoreTestProfileIsAnAppStoreProfileForItsOwnBundleOnly() throws {
        guard let bytes = try ProfileCorpusSource.appStoreTest.bytes() else { return }
        let profile = try ProvisioningProfileReader.read(bytes, file: "appstore-test.mobileprovision")
        #expect(profile.kind == .appStore)
        #expect(profile.applicationIdentifierMatches(team: "439BBM9367", bundleIdentifier: "tools.fastlane.app"))
        #expect(!profile.applicationIdentifierMatches(team: "439BBM9367", bundleIdentifier: "tools.fastlane.app.share"))
        #expect(profile.entitlements.keychainAccessGroups == ["439BBM9367.*"])
        #expect(profile.isExpired(at: Date(timeIntervalSince1970: 1_478_552_332)))
        #expect(!profile.isExpired(at: Date(timeIntervalSince1970: 1_478_552_331)))
    }

    @Test func veryCapableAppProfileUsesIndefiniteLengthsAndAConstructedOctetString() throws {
        guard let bytes = try ProfileCorpusSource.veryCapableApp.bytes() else { return }
        let root = try BERReader.read(bytes)
        // ContentInfo → [0] → SignedData → encapContentInfo → [0] → OCTET STRING, all as asn1parse shows.
        let octets = root.children[1].children[0].children[2].children[1].children[0]
        #expect(octets.tag.isOctetString && octets.tag.isConstructed && octets.hasIndefiniteLength)
        #expect(octets.offset == 48)
        #expect(octets.children.map(\.content.count) == [4894])
        let plist = try ProvisioningProfileReader.propertyListBytes(bytes, file: "embedded.mobileprovision")
        #expect(plist.count == 4894)
        #expect(plist.starts(with: Array("<?xml".utf8)))
    }

    @Test func simpleSaucyAppWildcardProfileCoversAnyBundleOfItsTeam() throws {
        guard let bytes = try ProfileCorpusSource.simpleSaucyApp.bytes() else { return }
        let profile = try ProvisioningProfileReader.read(bytes, file: "embedded.mobileprovision")
        #expect(profile.applicationIdentifierMatches(team: "JWKXD469L2", bundleIdentifier: "com.sauceio.SimpleSaucyApp"))
        #expect(!profile.applicationIdentifierMatches(team: "62J2XHNK9T", bundleIdentifier: "com.sauceio.SimpleSaucyApp"))
    }

    @Test func veryCapableArchiveXcentReadsAsEntitlements() throws {
        let directory = "fastlane/very-capable-app.xcarchive/Products/Applications/very-capable-app.app/"
        guard let path = RepositoryPaths.corpusOrSkip(directory + "archived-expanded-entitlements.xcent") else { return }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let entitlements = try Entitlements(propertyList: bytes, file: path)
        #expect(entitlements.dictionary.count == 21)
        #expect(entitlements.applicationIdentifier == nil)
        #expect(entitlements.teamIdentifier == nil)
        #expect(entitlements.appGroups == [])
        #expect(entitlements.dictionary["com.apple.security.application-groups"] == .array([]))
        #expect(entitlements.getTaskAllow == false)
        #expect(entitlements.apsEnvironment == "development")
        #expect(entitlements.keychainAccessGroups == ["TestFixture.org.fastlane.very-capable-app"])
    }

    @Test func simpleSaucyAppXcentNamesItsApplicationIdentifier() throws {
        guard let path = RepositoryPaths.corpusOrSkip("isign/SimpleSaucyApp.ipa") else { return }
        let bytes = try ZipArchiveReader(path: path).read("Payload/SimpleSaucyApp.app/archived-expanded-entitlements.xcent", limit: 1 << 20)
        let entitlements = try Entitlements(propertyList: bytes, file: "archived-expanded-entitlements.xcent")
        #expect(entitlements.applicationIdentifier == "JWKXD469L2.com.sauceio.SimpleSaucyApp")
        #expect(entitlements.keychainAccessGroups == ["JWKXD469L2.com.sauceio.SimpleSaucyApp"])
        #expect(entitlements.dictionary.count == 2)
    }
}
