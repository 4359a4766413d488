import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Which certificate of a code signature's CMS blob signed: the one the SignerInfo names,
/// wherever it is stored; without a signer, the chain's leaf.
@Suite struct CMSSignedDataTests {
    static let leaf = FixtureCertificate.signing(
        commonName: "Apple Distribution: Example Team (ABCDE12345)", team: "ABCDE12345", notAfter: Date(timeIntervalSince1970: 1_783_701_644))
    static let chain = [leaf, FixtureCertificate.worldwideDeveloperRelations, .appleRoot]

    static func signer(_ signer: FixtureSigner) throws -> X509Certificate? {
        try CMSSignedData.read(CodeSignatureCMSWriter.write(signer)).signerCertificate
    }

    @Test(arguments: [true, false])
    func theSignerIsFoundWhereverTheChainStoresIt(indefiniteLengths: Bool) throws {
        // codesign of today stores the leaf first; 2015-era signatures stored it last.
        for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2]] {
            let certificates = order.map { Self.chain[$0] }
            let index = try #require(order.firstIndex(of: 0))
            let signed = try Self.signer(
                FixtureSigner(
                    certificates: certificates, identification: .issuerAndSerialNumber(index), indefiniteLengths: indefiniteLengths))
            #expect(signed?.subject.commonName == "Apple Distribution: Example Team (ABCDE12345)", "order \(order)")
        }
    }

    @Test func theSignerMayBeNamedByItsSubjectKeyIdentifier() throws {
        let signed = try Self.signer(
            FixtureSigner(certificates: [.appleRoot, Self.leaf, .worldwideDeveloperRelations], identification: .subjectKeyIdentifier(1)))
        #expect(signed?.serialNumber == "3C725110898CF58EAEA25DA4F6BB31C4")
    }

    @Test func aSignerMayNameAnotherCertificateThanTheLeaf() throws {
        // The SignerInfo decides, even against the shape of the chain.
        let signed = try Self.signer(FixtureSigner(certificates: Self.chain, identification: .issuerAndSerialNumber(1)))
        #expect(signed?.subject.commonName == "Apple Worldwide Developer Relations Certification Authority")
    }

    @Test func withoutASignerTheLeafIsTheCertificateThatIssuedNoOther() throws {
        let signed = try Self.signer(FixtureSigner(certificates: [.appleRoot, Self.leaf, .worldwideDeveloperRelations], identification: .none))
        #expect(signed?.subject.commonName == "Apple Distribution: Example Team (ABCDE12345)")
        // A lone self-signed certificate (fastlane's test signature) issued no other.
        let alone = try Self.signer(FixtureSigner(certificates: [.appleRoot], identification: .none))
        #expect(alone?.subject.commonName == "Apple Root CA")
    }

    @Test func noCertificateIsGuessedWhenNothingSaysWhichSigned() throws {
        // Two leaves of one intermediate, and no SignerInfo: either could be it.
        var other = Self.leaf
        other.subject.commonName = "Apple Development: Someone Else (ABCDE12345)"
        let twoLeaves = FixtureSigner(certificates: [Self.leaf, other, .worldwideDeveloperRelations], identification: .none)
        #expect(try Self.signer(twoLeaves) == nil)
        // A signer whose certificate the envelope does not carry.
        var stranger = Self.leaf
        stranger.serialNumber = [0x01]
        let missing = FixtureSigner(certificates: [stranger, Self.leaf], identification: .issuerAndSerialNumber(0))
        let envelope = try CMSSignedData.read(CodeSignatureCMSWriter.write(missing))
        let withoutStranger = CMSSignedData(certificates: Array(envelope.certificates.dropFirst()), signers: envelope.signers)
        #expect(withoutStranger.signerCertificate == nil)
        #expect(try Self.signer(FixtureSigner(certificates: [], identification: .none)) == nil)
    }

    @Test func anEnvelopeOfAnotherContentTypeIsRefused() throws {
        let data = BERNode.sequence([.objectIdentifier("1.2.840.113549.1.7.1"), .explicit(0, [.octetString([1])])]).encoded()
        #expect(throws: BERError.unexpectedElement(offset: 2, expected: "the signedData content type (1.2.840.113549.1.7.2)", found: "1.2.840.113549.1.7.1")) {
            try CMSSignedData.read(data)
        }
    }

    @Test func everyTruncationIsATypedError() throws {
        let bytes = CodeSignatureCMSWriter.write(.apple(Self.leaf))
        var lengths = Array(0..<min(120, bytes.count))
        lengths += stride(from: 120, to: bytes.count, by: 7)
        for length in lengths {
            #expect(throws: BERError.self, "truncated to \(length)") { try CMSSignedData.read(Array(bytes.prefix(length))) }
        }
    }

    @Test func randomByteFlipsEndInAnEnvelopeOrATypedError() throws {
        var random = SeededRandom(seed: 0xC3A5_0B01)
        for indefinite in [true, false] {
            var signer = FixtureSigner.apple(Self.leaf)
            signer.indefiniteLengths = indefinite
            let bytes = CodeSignatureCMSWriter.write(signer)
            for _ in 0..<400 {
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    damaged[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
                // `read` throws only BERError (typed throws): what this checks is that nothing traps or hangs.
                _ = try? CMSSignedData.read(damaged).signerCertificate
            }
        }
    }

    @Test func deepNestingIsCappedNotRecursedWithoutEnd() {
        let depth = 10_000
        let bytes = Array(repeating: [UInt8(0x30), 0x80], count: depth).flatMap { $0 } + Array(repeating: 0, count: depth * 2)
        #expect(throws: BERError.nestedTooDeep(offset: 2 * (BERLimits.standard.maximumDepth + 1), limit: BERLimits.standard.maximumDepth)) {
            try CMSSignedData.read(bytes)
        }
    }
}
