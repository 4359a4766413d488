/// Who signed a fixture's code signature: the certificates its CMS blob carries and which of
/// them made the signature, as `CodeSignatureCMSWriter` writes them.
public struct FixtureSigner: Sendable, Hashable {
    /// Which certificate the SignerInfo names, and how.
    public enum Identification: Sendable, Hashable {
        /// The certificate at this index of `certificates`, by issuer and serial number (what
        /// codesign writes).
        case issuerAndSerialNumber(Int)
        /// The certificate at this index, by its subjectKeyIdentifier (SignerInfo version 3).
        case subjectKeyIdentifier(Int)
        /// No SignerInfo at all: only the chain tells which certificate is the leaf.
        case none
    }

    /// The certificates, in the order the blob stores them.
    public var certificates: [FixtureCertificate]
    public var identification: Identification
    /// Indefinite lengths on the envelope around DER certificates, as codesign writes it.
    public var indefiniteLengths: Bool

    public init(certificates: [FixtureCertificate], identification: Identification, indefiniteLengths: Bool = true) {
        self.certificates = certificates
        self.identification = identification
        self.indefiniteLengths = indefiniteLengths
    }

    /// What codesign writes for a team's certificate: the leaf first, then the WWDR
    /// intermediate and the root, the leaf named by issuer and serial number.
    public static func apple(_ leaf: FixtureCertificate) -> FixtureSigner {
        FixtureSigner(
            certificates: [leaf, .worldwideDeveloperRelations, .appleRoot],
            identification: .issuerAndSerialNumber(0)
        )
    }
}
