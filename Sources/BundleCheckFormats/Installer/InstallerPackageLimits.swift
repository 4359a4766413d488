/// How much of an untrusted installer package (`.pkg`) bundlecheck takes before libarchive
/// sees it, and what it keeps of it: Debian's libarchive is not built with sanitizers, so these
/// caps are what protects the process from a hostile xar header and table of contents. The
/// one place the values live; docs/limits.md lists them.
public struct InstallerPackageLimits: Sendable, Hashable {
    /// The xar header's own size field (28 bytes, more only with a named checksum).
    public var maxHeaderBytes: Int
    /// The compressed table of contents, as the header declares and as read.
    public var maxCompressedTOCBytes: Int
    /// The inflated table of contents, as declared and as inflated.
    public var maxTOCBytes: Int
    /// `<file>` elements in the table of contents (a flat package has a handful).
    public var maxMembers: Int
    /// Nesting of `<file>` elements (folders inside folders).
    public var maxMemberDepth: Int
    /// `Distribution`, `PackageInfo`: small XML files read whole.
    public var maxDescriptionBytes: Int
    /// A component's `Bom`, read whole (about 100 bytes a path).
    public var maxBomBytes: Int
    /// Components (`*.pkg` folders with a Payload) in one product archive.
    public var maxComponents: Int
    /// Entries of all payloads together, folders included.
    public var maxPayloadEntries: Int
    /// Bytes of all payload paths together.
    public var maxPayloadNameBytes: Int
    /// One payload path.
    public var maxPathBytes: Int
    /// Bytes the pass keeps from the start of every file (for the checks that look at a file's
    /// first bytes: Mach-O magic, PNG headers).
    public var prefixBytes: Int
    /// Bytes the pass keeps of the whole files its plan asks for, all together; past it, a file
    /// is read again when asked for.
    public var maxKeptBytes: Int

    public init(
        maxHeaderBytes: Int = 4096,
        maxCompressedTOCBytes: Int = 4 << 20,
        maxTOCBytes: Int = 16 << 20,
        maxMembers: Int = 10_000,
        maxMemberDepth: Int = 16,
        maxDescriptionBytes: Int = 8 << 20,
        maxBomBytes: Int = 64 << 20,
        maxComponents: Int = 64,
        maxPayloadEntries: Int = 2_000_000,
        maxPayloadNameBytes: Int = 256 << 20,
        maxPathBytes: Int = 4096,
        prefixBytes: Int = 64,
        maxKeptBytes: Int = 48 << 20
    ) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxCompressedTOCBytes = maxCompressedTOCBytes
        self.maxTOCBytes = maxTOCBytes
        self.maxMembers = maxMembers
        self.maxMemberDepth = maxMemberDepth
        self.maxDescriptionBytes = maxDescriptionBytes
        self.maxBomBytes = maxBomBytes
        self.maxComponents = maxComponents
        self.maxPayloadEntries = maxPayloadEntries
        self.maxPayloadNameBytes = maxPayloadNameBytes
        self.maxPathBytes = maxPathBytes
        self.prefixBytes = prefixBytes
        self.maxKeptBytes = maxKeptBytes
    }

    public static let standard = InstallerPackageLimits()
}
