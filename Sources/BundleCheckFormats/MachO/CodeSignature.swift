/// `LC_CODE_SIGNATURE` of one slice and what its SuperBlob holds.
///
/// Blob sizes are payload sizes, without the 8-byte blob header. An ad-hoc
/// signature carries an empty CMS blob: `hasCMSSignature` with size 0.
public struct CodeSignature: Sendable, Hashable {
    /// Where the signature data lies, relative to the start of its slice.
    public var dataOffset: UInt32
    public var dataSize: UInt32
    /// The data was larger than `MachOLimits.maxCodeSignatureBytes` and was skipped unread:
    /// every field below is then empty.
    public var isTooLargeToRead: Bool
    /// From the first CodeDirectory (the primary one, slot 0, when present).
    public var identifier: String?
    /// From the first CodeDirectory, when its version (≥ 0x20200) has a team field and it is set.
    public var teamIdentifier: String?
    public var codeDirectoryVersion: UInt32?
    public var codeDirectoryFlags: UInt32?

    /// The CodeDirectory flag of the hardened runtime (`CS_RUNTIME`, `codesign -d` prints
    /// `flags=0x10000(runtime)`), which notarization asks of every executable.
    public static let runtimeFlag: UInt32 = 0x10000

    /// Whether the primary CodeDirectory asks for the hardened runtime.
    public var hasHardenedRuntime: Bool { (codeDirectoryFlags ?? 0) & Self.runtimeFlag != 0 }
    /// The primary CodeDirectory and its alternates (other hash types).
    public var codeDirectoryCount: Int
    /// The XML entitlements plist (`0xfade7171`), for `PropertyListParser`.
    public var entitlementsXML: [UInt8]?
    /// Size of the DER entitlements (`0xfade7172`), when present.
    public var derEntitlementsSize: Int?
    /// Size of the CMS signature (`0xfade0b01`), when present.
    public var cmsSignatureSize: Int?
    /// What the CodeDirectory with the strongest hash type bundlecheck verifies seals; nil
    /// when no CodeDirectory has such a type, or its slots cannot be read (`sealProblem`).
    public var seal: CodeSeal?
    /// Why the hash slots of that CodeDirectory cannot be read, e.g. they run past its end.
    public var sealProblem: String?
    /// The CMS signature's bytes (a SignedData envelope, empty for an ad-hoc signature), for `CMSSignedData`.
    public var cmsSignature: [UInt8]?

    public init(
        dataOffset: UInt32,
        dataSize: UInt32,
        isTooLargeToRead: Bool = false,
        identifier: String? = nil,
        teamIdentifier: String? = nil,
        codeDirectoryVersion: UInt32? = nil,
        codeDirectoryFlags: UInt32? = nil,
        codeDirectoryCount: Int = 0,
        entitlementsXML: [UInt8]? = nil,
        derEntitlementsSize: Int? = nil,
        cmsSignatureSize: Int? = nil,
        cmsSignature: [UInt8]? = nil
    ) {
        self.dataOffset = dataOffset
        self.dataSize = dataSize
        self.isTooLargeToRead = isTooLargeToRead
        self.identifier = identifier
        self.teamIdentifier = teamIdentifier
        self.codeDirectoryVersion = codeDirectoryVersion
        self.codeDirectoryFlags = codeDirectoryFlags
        self.codeDirectoryCount = codeDirectoryCount
        self.entitlementsXML = entitlementsXML
        self.derEntitlementsSize = derEntitlementsSize
        self.cmsSignatureSize = cmsSignatureSize
        self.cmsSignature = cmsSignature
    }

    public var hasDEREntitlements: Bool { derEntitlementsSize != nil }
    public var hasCMSSignature: Bool { cmsSignatureSize != nil }
}
