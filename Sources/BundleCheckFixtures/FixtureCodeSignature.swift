/// What `MachOWriter` puts in a slice's code signature. The hashes are not real:
/// no tool can verify it, but every reader sees a well-formed SuperBlob.
public struct FixtureCodeSignature: Sendable, Hashable {
    public var identifier: String
    public var teamIdentifier: String?
    /// The XML entitlements plist, e.g. from `XMLPropertyListWriter`; nil writes no blob.
    public var entitlementsXML: [UInt8]?
    /// DER entitlements bytes; nil writes no blob.
    public var entitlementsDER: [UInt8]?
    /// A CMS blob: empty, as an ad-hoc signature carries, unless `signer` is set.
    public var includesCMSBlob: Bool
    /// The certificates and signer the CMS blob holds; nil leaves the blob empty.
    public var signer: FixtureSigner?

    public init(
        identifier: String,
        teamIdentifier: String? = nil,
        entitlementsXML: [UInt8]? = nil,
        entitlementsDER: [UInt8]? = nil,
        includesCMSBlob: Bool = true,
        signer: FixtureSigner? = nil
    ) {
        self.identifier = identifier
        self.teamIdentifier = teamIdentifier
        self.entitlementsXML = entitlementsXML
        self.entitlementsDER = entitlementsDER
        self.includesCMSBlob = includesCMSBlob
        self.signer = signer
    }
}
