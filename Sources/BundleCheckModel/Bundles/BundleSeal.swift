import BundleCheckFormats

/// How a bundle compares with what its executable's code signature sealed: its Info.plist,
/// its `_CodeSignature/CodeResources`, the signature's own blobs, the executable's code pages
/// and, when asked (`--verify-resources`), every file CodeResources lists.
public struct BundleSeal: Sendable, Hashable {
    /// What differs, one entry per kind of problem (slices that agree are merged).
    public var mismatches: [SealMismatch]
    /// How many files of CodeResources were hashed and compared; nil when that was not asked.
    public var comparedResources: Int?
    /// Entries of CodeResources that could not be compared: nested code (sealed by its own
    /// signature), symbolic links, entries without a known hash, paths that leave the bundle.
    public var skippedResources: Int

    package init(mismatches: [SealMismatch] = [], comparedResources: Int? = nil, skippedResources: Int = 0) {
        self.mismatches = mismatches
        self.comparedResources = comparedResources
        self.skippedResources = skippedResources
    }
}

/// One way a bundle differs from what its signature sealed.
public enum SealMismatch: Sendable, Hashable {
    /// A file of the bundle bound in a special slot (Info.plist, CodeResources) that is
    /// missing or hashes otherwise, in the signatures of these architectures.
    case boundFile(CodeSignatureSlot, path: String, isMissing: Bool, architectures: [String])
    /// A blob of the signature itself (requirements, entitlements) that is missing or hashes
    /// otherwise than its special slot says.
    case signatureBlob(CodeSignatureSlot, architectures: [String])
    /// Code pages that differ from their hashes: per slice, the first page that differs
    /// (`isBeyondKeptPages`: some page at or after it).
    case codePages([CodePageMismatch])
    /// Files CodeResources lists whose contents hash otherwise, in its order.
    case modifiedResources([String])
    /// Files CodeResources lists, not optional, that are not in the bundle.
    case missingResources([String])
    /// A signature whose hashes cannot be read, or a CodeResources that cannot be parsed.
    case unreadable(file: String, reason: String)
}

/// The first code page of one slice that differs from its hash.
public struct CodePageMismatch: Sendable, Hashable {
    public var architecture: String
    /// Counted from 0 at the slice's start.
    public var page: Int
    public var pageSize: UInt64
    /// The reader compared the pages from `page` on as a whole: one of them differs.
    public var isBeyondKeptPages: Bool

    package init(architecture: String, page: Int, pageSize: UInt64, isBeyondKeptPages: Bool) {
        self.architecture = architecture
        self.page = page
        self.pageSize = pageSize
        self.isBeyondKeptPages = isBeyondKeptPages
    }
}
