import Foundation

/// An X.509 certificate (RFC 5280), read for what a signing report needs: whom it names, who
/// issued it, its serial number and when it is valid.
///
/// The walk is Certificate → TBSCertificate → optional `[0]` version, serialNumber, signature
/// algorithm, issuer, validity (notBefore, notAfter), subject, subjectPublicKeyInfo, then the
/// optional unique ids and `[3]` extensions, of which only subjectKeyIdentifier is read. The
/// signature is not verified: bundlecheck runs offline, without a trust store.
public struct X509Certificate: Sendable, Hashable {
    public let subject: DistinguishedName
    public let issuer: DistinguishedName
    /// The serialNumber INTEGER's content octets, as encoded (big-endian two's complement).
    package let serialNumberBytes: [UInt8]
    public let notBefore: Date
    public let notAfter: Date
    /// The subjectKeyIdentifier extension (2.5.29.14), by which a CMS signer may name its certificate.
    package let subjectKeyIdentifier: [UInt8]?
    /// The OIDs of its extensions, in order: Apple marks its signing certificates' purpose with
    /// its own (1.2.840.113635.100.6.1.x).
    package let extensionOIDs: [String]
    /// SHA-256 of the certificate's encoding: what compares it with a profile's
    /// `DeveloperCertificates`; nil when it could not be hashed.
    package let fingerprint: [UInt8]?

    static let subjectKeyIdentifierOID = "2.5.29.14"

    package init(
        subject: DistinguishedName, issuer: DistinguishedName, serialNumberBytes: [UInt8],
        notBefore: Date, notAfter: Date, subjectKeyIdentifier: [UInt8]? = nil, extensionOIDs: [String] = [], fingerprint: [UInt8]? = nil
    ) {
        self.subject = subject
        self.issuer = issuer
        self.serialNumberBytes = serialNumberBytes
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.subjectKeyIdentifier = subjectKeyIdentifier
        self.extensionOIDs = extensionOIDs
        self.fingerprint = fingerprint
    }

    /// Reads one DER (or BER) encoded certificate that `bytes` must hold entirely.
    package init(der bytes: [UInt8], limits: BERLimits = .standard) throws(BERError) {
        try self.init(try BERReader.read(bytes, limits: limits))
    }

    /// Reads a Certificate SEQUENCE already read by `BERReader`.
    init(_ element: BERElement) throws(BERError) {
        try element.expect(.sequence, "a Certificate SEQUENCE")
        let tbs = try element.child(0, .sequence, "a TBSCertificate SEQUENCE")
        var index = 0
        // version [0] EXPLICIT is left out for version 1 certificates.
        if tbs.children.first?.tag == .contextSpecific(0) { index += 1 }
        let serial = try tbs.child(index, .integer, "the serialNumber INTEGER")
        guard !serial.content.isEmpty else {
            throw BERError.unexpectedElement(offset: serial.offset, expected: "a serial number", found: "an empty INTEGER")
        }
        _ = try tbs.child(index + 1, .sequence, "the signature AlgorithmIdentifier")
        let issuer = try DistinguishedName(try tbs.child(index + 2, .sequence, "the issuer Name"))
        let validity = try tbs.child(index + 3, .sequence, "the Validity SEQUENCE")
        guard validity.children.count == 2 else {
            throw BERError.unexpectedElement(offset: validity.offset, expected: "notBefore and notAfter", found: "\(validity.children.count) elements")
        }
        let notBefore = try X509Time.date(validity.children[0])
        let notAfter = try X509Time.date(validity.children[1])
        let subject = try DistinguishedName(try tbs.child(index + 4, .sequence, "the subject Name"))
        _ = try tbs.child(index + 5, .sequence, "the SubjectPublicKeyInfo SEQUENCE")
        let extensions = tbs.children.dropFirst(index + 6).first { $0.tag == .contextSpecific(3) }
        self.init(
            subject: subject, issuer: issuer, serialNumberBytes: Array(serial.content),
            notBefore: notBefore, notAfter: notAfter,
            subjectKeyIdentifier: try extensions.flatMap(Self.subjectKeyIdentifier(in:)),
            extensionOIDs: extensions.map(Self.extensionOIDs(in:)) ?? [],
            fingerprint: try? Digest.hash(Array(element.encoded), .sha256)
        )
    }

    /// The serial number in hexadecimal, as Keychain Access shows it (without a sign octet).
    public var serialNumber: String {
        let bytes = serialNumberBytes.count > 1 && serialNumberBytes[0] == 0 ? serialNumberBytes.dropFirst() : serialNumberBytes[...]
        return bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + digits : digits
        }.joined()
    }

    /// `'Apple Distribution: Team (ID)'`, or `serial number 3C72…` for one without a common name:
    /// how findings and reports name it.
    public var quotedName: String {
        subject.commonName.map { "'\($0)'" } ?? "serial number \(serialNumber)"
    }

    /// True when `date` is past notAfter: the validity period includes its last second.
    public func isExpired(at date: Date) -> Bool {
        date > notAfter
    }

    /// Every extension's extnID that reads as an OID; the rest are passed over.
    private static func extensionOIDs(in extensions: BERElement) -> [String] {
        guard let list = extensions.children.first, list.tag == .sequence else { return [] }
        return list.children.compactMap { item in
            guard item.tag == .sequence, let id = item.children.first, id.tag == .objectIdentifier else { return nil }
            return try? id.objectIdentifier()
        }
    }

    /// The key identifier of `[3] EXPLICIT Extensions`, when a well-formed one is there.
    private static func subjectKeyIdentifier(in extensions: BERElement) throws(BERError) -> [UInt8]? {
        let list = try extensions.child(0, .sequence, "the Extensions SEQUENCE")
        for item in list.children where item.tag == .sequence {
            guard let id = item.children.first, id.tag == .objectIdentifier,
                try id.objectIdentifier() == subjectKeyIdentifierOID,
                let value = item.children.last, value.tag == .octetString
            else { continue }
            // extnValue wraps the DER of a KeyIdentifier OCTET STRING; offsets inside it would
            // mislead, so a broken one is reported at the extension value.
            guard let identifier = try? BERReader.read(Array(value.content)), let bytes = try? identifier.octetStringBytes() else {
                throw BERError.unexpectedElement(offset: value.offset, expected: "a KeyIdentifier OCTET STRING", found: "other bytes")
            }
            return bytes
        }
        return nil
    }
}
