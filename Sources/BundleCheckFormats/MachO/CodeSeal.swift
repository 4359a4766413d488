/// What a slice's code signature seals, as its CodeDirectory states it: the hashes of the
/// bundle's Info.plist, of `_CodeSignature/CodeResources` and of the signature's own blobs
/// (the special slots), and one hash per page of the slice up to `codeLimit`.
///
/// Read from one CodeDirectory: the one with the strongest hash type bundlecheck verifies
/// (`CodeDirectoryHashType.verifiedByStrength`). The reader compares the blobs inside the
/// signature and, when asked, the code pages; the files outside the executable are compared
/// by whoever reads them, through `matches(_:_:)`.
public struct CodeSeal: Sendable, Hashable {
    public var hashType: CodeDirectoryHashType
    /// The CodeDirectory's slot in the SuperBlob: 0 for the primary, 0x1000 and up for alternates.
    public var codeDirectorySlot: UInt32
    /// Bytes per code page; 0 when one page covers everything up to `codeLimit`.
    public var pageSize: UInt64
    /// How many bytes of the slice, from its start, the code pages cover.
    public var codeLimit: UInt64
    public var codePageCount: Int
    /// The bound special slots and their hashes; a zero-filled slot binds nothing and is left out.
    public var specialSlots: [CodeSignatureSlot: [UInt8]]
    /// Bound slots for blobs of the signature itself (requirements, entitlements) whose blob
    /// hashes to something else, or is missing.
    public var mismatchedBlobs: [CodeSignatureSlot]
    /// How the slice's code pages compared with their hashes.
    public var codePages: CodePageCheck
    /// Where the code slots lie in the SuperBlob, for the reader's comparison.
    var codeSlots: Range<Int>
    /// Where the blobs of the bound `CodeSignatureSlot.signatureBlobs` lie in the SuperBlob
    /// (a bound slot without its blob is missing here).
    var signatureBlobs: [CodeSignatureSlot: Range<Int>] = [:]

    init(
        hashType: CodeDirectoryHashType,
        codeDirectorySlot: UInt32,
        pageSize: UInt64,
        codeLimit: UInt64,
        codePageCount: Int,
        specialSlots: [CodeSignatureSlot: [UInt8]],
        codeSlots: Range<Int>
    ) {
        self.hashType = hashType
        self.codeDirectorySlot = codeDirectorySlot
        self.pageSize = pageSize
        self.codeLimit = codeLimit
        self.codePageCount = codePageCount
        self.specialSlots = specialSlots
        self.mismatchedBlobs = []
        self.codePages = .notHashed
        self.codeSlots = codeSlots
    }

    /// Whether `bytes` hash to what `slot` binds; nil when the slot binds nothing.
    package func matches(_ slot: CodeSignatureSlot, _ bytes: [UInt8]) throws(DigestError) -> Bool? {
        guard let algorithm = hashType.algorithm else { return nil }
        return try matches(slot, digests: SealedFileDigests(of: bytes, in: [algorithm]))
    }

    /// Whether the file whose hashes are `digests` is what `slot` binds; nil when the slot binds nothing.
    package func matches(_ slot: CodeSignatureSlot, digests: SealedFileDigests) throws(DigestError) -> Bool? {
        guard let expected = specialSlots[slot], let algorithm = hashType.algorithm else { return nil }
        return try digests.digest(algorithm).prefix(expected.count).elementsEqual(expected)
    }
}

/// The special slots of a CodeDirectory: hashes of what the signature binds besides the code,
/// stored before the code slots (slot n at `hashOffset - n × hashSize`).
public enum CodeSignatureSlot: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// The bundle's Info.plist, as stored.
    case infoPlist = 1
    /// The requirements blob of the signature.
    case requirements = 2
    /// The bundle's `_CodeSignature/CodeResources`, as stored.
    case resourceDirectory = 3
    /// Application-specific data; unused for iOS apps.
    case application = 4
    /// The XML entitlements blob of the signature, its 8-byte header included.
    case entitlements = 5
    /// A representation-specific blob; unused for Mach-O.
    case representation = 6
    /// The DER entitlements blob of the signature.
    case derEntitlements = 7

    /// The slots whose data is a blob of the signature itself, at the same slot of the SuperBlob.
    static let signatureBlobs: [CodeSignatureSlot] = [.requirements, .entitlements, .derEntitlements]

    public static func < (lhs: CodeSignatureSlot, rhs: CodeSignatureSlot) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// What the slot binds, e.g. `entitlements`.
    public var name: String {
        switch self {
        case .infoPlist: "Info.plist"
        case .requirements: "requirements"
        case .resourceDirectory: "CodeResources"
        case .application: "application data"
        case .entitlements: "entitlements"
        case .representation: "representation data"
        case .derEntitlements: "DER entitlements"
        }
    }

    /// e.g. `special slot 5 (entitlements)`.
    public var description: String {
        "special slot \(rawValue) (\(name))"
    }
}

/// How a slice's code pages compared with the hashes its CodeDirectory holds.
public enum CodePageCheck: Sendable, Hashable {
    /// Not compared: the reader was not asked to hash the code pages.
    case notHashed
    /// Every page hashes to its slot.
    case matched
    /// The first page that differs, counted from 0 at the slice's start.
    case mismatched(firstPage: Int)
    /// Some page at or after this one differs: past the digests the reader keeps one by one,
    /// it compares the rest as a whole.
    case mismatchedAfter(page: Int)
    /// Could not be compared, and why (e.g. a page size other than the 4096 bytes hashed).
    case unverifiable(String)
}
