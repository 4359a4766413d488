import BundleCheckFormats

/// What `MachOWriter` puts in a slice's code signature: a SuperBlob whose CodeDirectories
/// hold real hashes of the slice's code pages, of the signature's requirements and
/// entitlements blobs and, when bound, of the bundle's Info.plist and CodeResources, as
/// codesign computes them. The CMS blob is empty (an ad-hoc signature's): no tool can verify
/// who signed it, but every hash does.
///
/// The `…AfterSigning` fields model a bundle edited after codesign ran: the hashes are those
/// of the signed state, the bytes written are the edited ones.
public struct FixtureCodeSignature: Sendable, Hashable {
    public var identifier: String
    public var teamIdentifier: String?
    /// The XML entitlements plist, e.g. from `XMLPropertyListWriter`; nil writes no blob.
    public var entitlementsXML: [UInt8]?
    /// DER entitlements bytes; nil writes no blob.
    public var entitlementsDER: [UInt8]?
    /// A CMS blob: empty, as an ad-hoc signature carries, unless `signer` is set.
    public var includesCMSBlob: Bool
    /// One CodeDirectory per hash type, the first primary (slot 0), the others alternates
    /// (0x1000 on): `[.sha256]` as Xcode signs today, `[.sha1, .sha256]` for old deployment targets.
    public var hashTypes: [CodeDirectoryHashType]
    /// The Info.plist bytes bound in special slot 1; nil leaves the slot zero (unbound).
    public var boundInfoPlist: [UInt8]?
    /// The `_CodeSignature/CodeResources` bytes bound in special slot 3; nil leaves it zero.
    public var boundCodeResources: [UInt8]?
    /// The entitlements blob a tool wrote in place of the signed `entitlementsXML`.
    public var entitlementsXMLAfterSigning: [UInt8]?
    /// A byte of `__TEXT` changed after the pages were hashed (the first code page then differs).
    public var patchesCodeAfterSigning: Bool
    /// The certificates and signer the CMS blob holds; nil leaves the blob empty.
    public var signer: FixtureSigner?
    /// The CodeDirectory's flags: 0, or `CodeSignature.runtimeFlag` for the hardened runtime
    /// (`codesign --options runtime`).
    public var codeDirectoryFlags: UInt32 = 0

    public init(
        identifier: String,
        teamIdentifier: String? = nil,
        entitlementsXML: [UInt8]? = nil,
        entitlementsDER: [UInt8]? = nil,
        includesCMSBlob: Bool = true,
        hashTypes: [CodeDirectoryHashType] = [.sha256],
        boundInfoPlist: [UInt8]? = nil,
        boundCodeResources: [UInt8]? = nil,
        entitlementsXMLAfterSigning: [UInt8]? = nil,
        patchesCodeAfterSigning: Bool = false,
        signer: FixtureSigner? = nil
    ) {
        self.identifier = identifier
        self.teamIdentifier = teamIdentifier
        self.entitlementsXML = entitlementsXML
        self.entitlementsDER = entitlementsDER
        self.includesCMSBlob = includesCMSBlob
        self.hashTypes = hashTypes
        self.boundInfoPlist = boundInfoPlist
        self.boundCodeResources = boundCodeResources
        self.entitlementsXMLAfterSigning = entitlementsXMLAfterSigning
        self.patchesCodeAfterSigning = patchesCodeAfterSigning
        self.signer = signer
    }
}
