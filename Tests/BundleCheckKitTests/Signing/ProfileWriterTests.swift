import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct ProfileWriterTests {
    static let fixture = FixtureProfile(
        name: "Notes Ad Hoc", uuid: "9F1C2B3A-0000-4000-8000-00000000ABCD", team: "ABCDE12345", teamName: "Example Ltd",
        applicationIdentifier: "ABCDE12345.com.example.*",
        entitlements: PlistDictionary([
            "com.apple.security.application-groups": .array([.string("group.com.example.notes")]),
            "aps-environment": .string("production"),
            "get-task-allow": .bool(false),
        ]),
        devices: ["00008110-001214813A93801E", "5c8cbed80f621926b8024a96fdc46be759ce5041"],
        expirationDate: Date(timeIntervalSince1970: 1_900_000_000), creationDate: Date(timeIntervalSince1970: 1_800_000_000),
        platforms: ["iOS", "xrOS"])

    static let encodings: [ProfileEncoding] = [.der, .indefiniteBER(chunkSize: 1000), .indefiniteBER(chunkSize: 1)]

    @Test(arguments: encodings)
    func writtenProfilesReadBackWithEveryField(_ encoding: ProfileEncoding) throws {
        let bytes = ProfileWriter.write(Self.fixture, encoding: encoding)
        let profile = try ProvisioningProfileReader.read(bytes, file: "embedded.mobileprovision")
        #expect(profile.name == "Notes Ad Hoc")
        #expect(profile.uuid == "9F1C2B3A-0000-4000-8000-00000000ABCD")
        #expect(profile.teamIdentifiers == ["ABCDE12345"])
        #expect(profile.teamName == "Example Ltd")
        #expect(profile.applicationIdentifier == "ABCDE12345.com.example.*")
        #expect(profile.entitlements.teamIdentifier == "ABCDE12345")
        #expect(profile.appGroups == ["group.com.example.notes"])
        #expect(profile.apsEnvironment == "production")
        #expect(!profile.getTaskAllow)
        #expect(profile.provisionedDeviceCount == 2)
        #expect(profile.kind == .adHoc)
        #expect(profile.expirationDate == Date(timeIntervalSince1970: 1_900_000_000))
        #expect(profile.creationDate == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(profile.platforms == ["iOS", "xrOS"])
        #expect(profile.envelopeCertificateCount == 0)
        #expect(profile.propertyList == Self.fixture.propertyList.dictionaryValue)
    }

    @Test func derEncodingUsesDefiniteLengthsAndOneOctetString() throws {
        let bytes = ProfileWriter.write(Self.fixture, encoding: .der)
        let root = try BERReader.read(bytes)
        #expect(!root.hasIndefiniteLength)
        let octets = root.children[1].children[0].children[2].children[1].children[0]
        #expect(octets.tag.isOctetString && !octets.tag.isConstructed)
        #expect(Array(octets.content) == XMLPropertyListWriter.write(Self.fixture.propertyList))
    }

    @Test func berEncodingUsesIndefiniteLengthsAndAChunkedOctetStringAsApplesProfilesDo() throws {
        let plist = XMLPropertyListWriter.write(Self.fixture.propertyList)
        let bytes = ProfileWriter.write(Self.fixture, encoding: .indefiniteBER(chunkSize: 1000))
        let root = try BERReader.read(bytes)
        #expect(Array(bytes.prefix(2)) == [0x30, 0x80])
        #expect(root.hasIndefiniteLength)
        let octets = root.children[1].children[0].children[2].children[1].children[0]
        #expect(octets.tag.isOctetString && octets.tag.isConstructed && octets.hasIndefiniteLength)
        #expect(octets.children.count == (plist.count + 999) / 1000)
        #expect(try octets.octetStringBytes() == plist)
    }

    @Test func everyKindOfProfileSurvivesTheRoundTrip() throws {
        let fixtures: [(FixtureProfile, ProfileKind)] = [
            (FixtureProfile(), .appStore),
            (FixtureProfile(devices: ["a"]), .adHoc),
            (FixtureProfile(entitlements: PlistDictionary(["get-task-allow": .bool(true)]), devices: ["a"]), .development),
            (FixtureProfile(provisionsAllDevices: true), .enterprise),
        ]
        for (fixture, kind) in fixtures {
            for encoding in Self.encodings {
                let bytes = ProfileWriter.write(fixture, encoding: encoding)
                #expect(try ProvisioningProfileReader.read(bytes, file: "p").kind == kind)
            }
        }
    }

    @Test func theEncoderWritesCMSObjectIdentifiersAndIntegersAsX690Says() {
        #expect(
            BERNode.objectIdentifier("1.2.840.113549.1.7.2").encoded()
                == [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02])
        #expect(BERNode.integer(1).encoded() == [0x02, 0x01, 0x01])
        #expect(BERNode.integer(128).encoded() == [0x02, 0x02, 0x00, 0x80])
        #expect(BERNode.octetString([UInt8](repeating: 0, count: 200)).encoded().prefix(3) == [0x04, 0x81, 0xC8])
        #expect(BERNode.sequence([.null]).encoded(indefiniteLengths: true) == [0x30, 0x80, 0x05, 0x00, 0x00, 0x00])
    }

    @Test func anEnvelopeAroundSomethingElseThanDataIsNotAProfile() throws {
        let wrong = BERNode.sequence([.objectIdentifier("1.2.840.113549.1.7.1"), .explicit(0, [.octetString([1])])])
        #expect(
            throws: ProvisioningProfileError.unexpectedContent(
                file: "p", offset: 2, reason: "the content type is 1.2.840.113549.1.7.1, not signedData (1.2.840.113549.1.7.2)")
        ) {
            try ProvisioningProfileReader.read(wrong.encoded(), file: "p")
        }
    }

    @Test func aDetachedSignatureHasNoProfileInside() throws {
        let detached = BERNode.sequence([
            .objectIdentifier("1.2.840.113549.1.7.2"),
            .explicit(0, [.sequence([.integer(1), .set([]), .sequence([.objectIdentifier("1.2.840.113549.1.7.1")]), .set([])])]),
        ])
        #expect(throws: ProvisioningProfileError.self) {
            try ProvisioningProfileReader.read(detached.encoded(), file: "p")
        }
    }

    @Test func aPlistThatIsNotADictionaryIsAMalformedPropertyList() throws {
        let bytes = ProfileWriter.write(propertyList: XMLPropertyListWriter.write(.array([])), encoding: .der)
        #expect(throws: BundleCheckError.self) {
            try ProvisioningProfileReader.read(bytes, file: "p")
        }
    }
}
