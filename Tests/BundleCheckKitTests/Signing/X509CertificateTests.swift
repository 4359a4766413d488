import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Certificates written by the fixture builder read back field by field.
@Suite struct X509CertificateTests {
    static let expiry = Date(timeIntervalSince1970: 1_783_701_644) // 2026-07-10T16:40:44Z
    static let leaf = FixtureCertificate.signing(commonName: "Apple Distribution: Example Team (ABCDE12345)", team: "ABCDE12345", notAfter: expiry)

    @Test func aTeamCertificateReadsBackItsNamesSerialAndValidity() throws {
        let certificate = try X509Certificate(der: Self.leaf.der)
        #expect(certificate.subject.commonName == "Apple Distribution: Example Team (ABCDE12345)")
        #expect(certificate.subject.organization == "Example Team")
        #expect(certificate.issuer.commonName == "Apple Worldwide Developer Relations Certification Authority")
        #expect(certificate.issuer.organization == "Apple Inc.")
        #expect(certificate.serialNumber == "3C725110898CF58EAEA25DA4F6BB31C4")
        #expect(certificate.notAfter == Self.expiry)
        #expect(certificate.notBefore == Self.expiry.addingTimeInterval(-365 * 86_400))
        #expect(certificate.subjectKeyIdentifier == Self.leaf.subjectKeyIdentifier)
    }

    @Test func theIssuersNameMatchesTheIntermediatesSubject() throws {
        let leaf = try X509Certificate(der: Self.leaf.der)
        let intermediate = try X509Certificate(der: FixtureCertificate.worldwideDeveloperRelations.der)
        let root = try X509Certificate(der: FixtureCertificate.appleRoot.der)
        #expect(leaf.issuer.matchingKey == intermediate.subject.matchingKey)
        #expect(intermediate.issuer.matchingKey == root.subject.matchingKey)
        #expect(root.issuer.matchingKey == root.subject.matchingKey)
        #expect(leaf.subject.matchingKey != intermediate.subject.matchingKey)
    }

    @Test func validityIncludesItsLastSecond() throws {
        let certificate = try X509Certificate(der: Self.leaf.der)
        #expect(!certificate.isExpired(at: Self.expiry))
        #expect(certificate.isExpired(at: Self.expiry.addingTimeInterval(1)))
    }

    @Test(arguments: [
        (2049, UInt64(23)), // UTCTime through 2049
        (2050, UInt64(24)), // GeneralizedTime from 2050
        (1949, UInt64(24)),
    ])
    func yearsOutsideUTCTimeAreWrittenAndReadAsGeneralizedTime(year: Int, tagNumber: UInt64) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let date = try #require(calendar.date(from: DateComponents(year: year, month: 6, day: 30, hour: 12)))
        var fixture = Self.leaf
        fixture.notAfter = date
        // Certificate → TBSCertificate → [0] version, serial, algorithm, issuer, validity.
        let validity = try BERReader.read(fixture.der).children[0].children[4]
        #expect(validity.children[1].tag.number == tagNumber)
        #expect(try X509Certificate(der: fixture.der).notAfter == date)
    }

    @Test func aVersionOneCertificateWithoutExtensionsIsRead() throws {
        // Version 1 leaves out the [0] version and has no extensions.
        let v3 = try BERReader.read(Self.leaf.der)
        let tbs = v3.children[0]
        let v1Fields = tbs.children.dropFirst().prefix(6).map { BERNode.encoded(Array(Self.leaf.der[$0.encodedRange])) }
        let v1 = BERNode.sequence([.sequence(v1Fields), .encoded(Array(Self.leaf.der[v3.children[1].encodedRange])), .bitString([1])])
        let certificate = try X509Certificate(der: v1.encoded())
        #expect(certificate.subject.commonName == "Apple Distribution: Example Team (ABCDE12345)")
        #expect(certificate.subjectKeyIdentifier == nil)
    }

    @Test func nameValuesAreDecodedByTheirStringType() throws {
        func commonName(_ value: BERNode) throws -> String? {
            let name = BERNode.sequence([.set([.sequence([.objectIdentifier("2.5.4.3"), value])])])
            return try DistinguishedName(try BERReader.read(name.encoded())).commonName
        }
        #expect(try commonName(.utf8String("Zoë Développeur")) == "Zoë Développeur")
        #expect(try commonName(.printableString("Example")) == "Example")
        #expect(try commonName(.primitive(tag: 0x1E, bytes: [0x00, 0x5A, 0x00, 0xEB])) == "Zë") // BMPString
        #expect(try commonName(.primitive(tag: 0x1C, bytes: [0, 0, 0, 0x5A, 0, 1, 0xF6, 0x00])) == "Z\u{1F600}") // UniversalString
        #expect(try commonName(.primitive(tag: 0x14, bytes: [0x5A, 0xEB])) == "Zë") // TeletexString as Latin-1
        #expect(try commonName(.primitive(tag: 0x13, bytes: [0x5A, 0xEB])) == nil) // not ASCII
        #expect(try commonName(.primitive(tag: 0x0C, bytes: [0xC3])) == nil) // not UTF-8
        #expect(try commonName(.primitive(tag: 0x1E, bytes: [0xD8, 0x00])) == nil) // a lone surrogate
        #expect(try commonName(.primitive(tag: 0x02, bytes: [1])) == nil) // not a string
    }

    @Test func structuralDamageIsATypedErrorNamingWhatWasExpected() {
        let notACertificate = BERNode.sequence([.integer(1)]).encoded()
        #expect(throws: BERError.unexpectedElement(offset: 2, expected: "a TBSCertificate SEQUENCE", found: "INTEGER")) {
            try X509Certificate(der: notACertificate)
        }
        var emptySerial = Self.leaf
        emptySerial.serialNumber = []
        #expect(throws: BERError.self) { try X509Certificate(der: emptySerial.der) }
    }
}
