/// Writes the CMS blob of a fixture code signature: a SignedData envelope with detached
/// content, the signer's certificates and one SignerInfo naming the signing certificate.
///
/// Digests and the signature are filler bytes: bundlecheck reads who signed, it does not
/// verify the signature.
public enum CodeSignatureCMSWriter {
    static let signedDataOID = "1.2.840.113549.1.7.2"
    static let dataOID = "1.2.840.113549.1.7.1"
    static let sha256OID = "2.16.840.1.101.3.4.2.1"
    static let rsaEncryptionOID = "1.2.840.113549.1.1.1"

    public static func write(_ signer: FixtureSigner) -> [UInt8] {
        let digest = BERNode.sequence([.objectIdentifier(sha256OID), .null])
        var signerInfos: [BERNode] = []
        let identifier: (version: UInt64, sid: BERNode)?
        switch signer.identification {
        case .issuerAndSerialNumber(let index):
            let certificate = signer.certificates[index]
            identifier = (1, .sequence([certificate.issuer.node, .primitive(tag: 0x02, bytes: certificate.serialNumber)]))
        case .subjectKeyIdentifier(let index):
            identifier = (3, .primitive(tag: 0x80, bytes: signer.certificates[index].subjectKeyIdentifier ?? []))
        case .none:
            identifier = nil
        }
        if let identifier {
            signerInfos.append(
                .sequence([
                    .integer(identifier.version), identifier.sid, digest,
                    .sequence([.objectIdentifier(rsaEncryptionOID), .null]),
                    .octetString(Array(repeating: 0x5A, count: 32)),
                ]))
        }
        let signedData = BERNode.sequence([
            .integer(1),
            .set([digest]),
            .sequence([.objectIdentifier(dataOID)]),
            // certificates [0] IMPLICIT SET OF: the same octets as an explicit [0] around them.
            .explicit(0, signer.certificates.map { .encoded($0.der) }),
            .set(signerInfos),
        ])
        return BERNode.sequence([.objectIdentifier(signedDataOID), .explicit(0, [signedData])])
            .encoded(indefiniteLengths: signer.indefiniteLengths)
    }
}
