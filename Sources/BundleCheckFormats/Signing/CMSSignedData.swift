/// The parts of a CMS SignedData envelope (RFC 5652) that say who signed: the certificates it
/// carries and how each signer names its own. A code signature's CMS blob is such an envelope,
/// with detached content (the CodeDirectory is signed, not carried).
///
/// The walk is ContentInfo (content type signedData) → `[0] EXPLICIT` SignedData → version,
/// digestAlgorithms, encapContentInfo, optional `[0] IMPLICIT` certificates, optional `[1]`
/// crls, signerInfos. Certificate choices other than a plain Certificate (attribute
/// certificates, `other`) are skipped. Nothing is verified.
package struct CMSSignedData: Sendable, Hashable {
    /// The certificates of the `certificates` set, in the order they are stored.
    package let certificates: [X509Certificate]
    /// Each SignerInfo's `sid`, in order.
    package let signers: [CMSSignerIdentifier]

    static let signedDataOID = "1.2.840.113549.1.7.2"

    package init(certificates: [X509Certificate], signers: [CMSSignerIdentifier]) {
        self.certificates = certificates
        self.signers = signers
    }

    /// Reads the envelope that `bytes` must hold entirely.
    package static func read(_ bytes: [UInt8], limits: BERLimits = .standard) throws(BERError) -> CMSSignedData {
        let contentInfo = try BERReader.read(bytes, limits: limits)
        try contentInfo.expect(.sequence, "a ContentInfo SEQUENCE")
        let contentType = try contentInfo.child(0, .objectIdentifier, "the content type")
        let type = try contentType.objectIdentifier()
        guard type == signedDataOID else {
            throw BERError.unexpectedElement(offset: contentType.offset, expected: "the signedData content type (\(signedDataOID))", found: type)
        }
        let signedData = try contentInfo.child(1, .contextSpecific(0), "the [0] content").child(0, .sequence, "a SignedData SEQUENCE")
        _ = try signedData.child(0, .integer, "the SignedData version")
        _ = try signedData.child(1, .set, "the digestAlgorithms SET")
        _ = try signedData.child(2, .sequence, "an encapContentInfo SEQUENCE")
        var rest = signedData.children.dropFirst(3)
        var certificates: [X509Certificate] = []
        if let set = rest.first, set.tag == .contextSpecific(0) {
            for choice in set.children where choice.tag == .sequence {
                certificates.append(try X509Certificate(choice))
            }
            rest = rest.dropFirst()
        }
        if rest.first?.tag == .contextSpecific(1) { rest = rest.dropFirst() }
        guard let signerInfos = rest.first, rest.count == 1 else {
            throw BERError.unexpectedElement(
                offset: signedData.offset, expected: "the signerInfos SET as the last element", found: "\(rest.count) elements after the certificates")
        }
        try signerInfos.expect(.set, "the signerInfos SET")
        let signers = try signerInfos.children.map { info throws(BERError) in try CMSSignerIdentifier(signerInfo: info) }
        return CMSSignedData(certificates: certificates, signers: signers)
    }

    /// The certificate the first signer signed with: the one its `sid` names. When the envelope
    /// has no signer, the one certificate that issued none of the others (a chain's leaf); nil
    /// when a signer names no carried certificate or no single leaf stands out.
    package var signerCertificate: X509Certificate? {
        if let signer = signers.first {
            return certificates.first(where: signer.names)
        }
        let leaves = certificates.indices.filter { index in
            !certificates.indices.contains { other in
                other != index && certificates[other].issuer.matchingKey == certificates[index].subject.matchingKey
            }
        }
        return leaves.count == 1 ? certificates[leaves[0]] : nil
    }
}

/// How a SignerInfo names the certificate it was made with (RFC 5652 5.3).
package enum CMSSignerIdentifier: Sendable, Hashable {
    /// The issuer's Name and the serialNumber INTEGER's content octets.
    case issuerAndSerialNumber(issuer: DistinguishedName, serialNumber: [UInt8])
    /// `[0] IMPLICIT SubjectKeyIdentifier`.
    case subjectKeyIdentifier([UInt8])

    init(signerInfo info: BERElement) throws(BERError) {
        try info.expect(.sequence, "a SignerInfo SEQUENCE")
        _ = try info.child(0, .integer, "the SignerInfo version")
        guard info.children.count > 1 else {
            throw BERError.unexpectedElement(offset: info.offset, expected: "the signer identifier", found: "the end of SEQUENCE")
        }
        let sid = info.children[1]
        if sid.tag == .sequence {
            let issuer = try DistinguishedName(try sid.child(0, .sequence, "the issuer Name"))
            let serial = try sid.child(1, .integer, "the serialNumber INTEGER")
            self = .issuerAndSerialNumber(issuer: issuer, serialNumber: Array(serial.content))
        } else if sid.tag == .contextSpecific(0, constructed: false) {
            self = .subjectKeyIdentifier(Array(sid.content))
        } else {
            throw BERError.unexpectedElement(offset: sid.offset, expected: "an IssuerAndSerialNumber or [0] SubjectKeyIdentifier", found: sid.tag.description)
        }
    }

    func names(_ certificate: X509Certificate) -> Bool {
        switch self {
        case .issuerAndSerialNumber(let issuer, let serialNumber):
            certificate.issuer.matchingKey == issuer.matchingKey && certificate.serialNumberBytes == serialNumber
        case .subjectKeyIdentifier(let identifier):
            certificate.subjectKeyIdentifier == identifier
        }
    }
}
