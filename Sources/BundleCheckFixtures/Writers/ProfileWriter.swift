/// Wraps a property list in a CMS-shaped SignedData envelope, as an
/// `embedded.mobileprovision` is.
///
/// The envelope has the structure bundlecheck reads: ContentInfo (signedData) →
/// SignedData (version 1, a SHA-256 digest algorithm, encapContentInfo of type
/// data holding the plist as `[0] EXPLICIT` OCTET STRING), no certificates and
/// an empty signerInfos SET. Nothing is signed: bundlecheck does not verify
/// profile signatures, so fixtures need none.
public enum ProfileWriter {
    static let signedDataOID = "1.2.840.113549.1.7.2"
    static let dataOID = "1.2.840.113549.1.7.1"
    static let sha256OID = "2.16.840.1.101.3.4.2.1"

    /// The profile file for `profile`'s property list.
    public static func write(_ profile: FixtureProfile, encoding: ProfileEncoding = .der) -> [UInt8] {
        write(propertyList: XMLPropertyListWriter.write(profile.propertyList), encoding: encoding)
    }

    /// The profile file around `propertyList`, the plist's bytes as they are.
    public static func write(propertyList: [UInt8], encoding: ProfileEncoding) -> [UInt8] {
        let content: BERNode
        let indefinite: Bool
        switch encoding {
        case .der:
            content = .octetString(propertyList)
            indefinite = false
        case .indefiniteBER(let chunkSize):
            content = .chunkedOctetString(propertyList, chunkSize: chunkSize)
            indefinite = true
        }
        let signedData = BERNode.sequence([
            .integer(1),
            .set([.sequence([.objectIdentifier(sha256OID), .null])]),
            .sequence([.objectIdentifier(dataOID), .explicit(0, [content])]),
            .set([]),
        ])
        let contentInfo = BERNode.sequence([.objectIdentifier(signedDataOID), .explicit(0, [signedData])])
        return contentInfo.encoded(indefiniteLengths: indefinite)
    }
}
