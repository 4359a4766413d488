/// One architecture of a Mach-O file: its header and what its load commands say.
public struct MachOSlice: Sendable, Hashable {
    /// e.g. `arm64`, `armv7`, `x86_64`, or `cpu(<type>,<subtype>)` for one bundlecheck does not name.
    public var architecture: String
    public var cpuType: Int32
    /// As the header states it, capability bits included.
    public var cpuSubtype: Int32
    public var is64Bit: Bool
    public var fileType: MachOFileType
    /// Where the slice starts in the file (0 for a thin file) and how long it is.
    public var offset: UInt64
    public var size: UInt64
    /// From `LC_BUILD_VERSION`, or implied by `LC_VERSION_MIN_*` (which cannot tell
    /// a simulator: an `x86_64` slice with `LC_VERSION_MIN_IPHONEOS` reads as `ios`).
    public var platform: MachOPlatform?
    public var minimumOS: MachOVersion?
    public var sdk: MachOVersion?
    /// `LC_ENCRYPTION_INFO(_64)`, when present.
    public var encryption: EncryptionInfo?
    /// Segment names in load-command order, e.g. `__PAGEZERO`, `__TEXT`.
    public var segmentNames: [String]
    /// Dylibs the slice links, in load-command order.
    public var linkedDylibs: [LinkedDylib]
    /// `LC_CODE_SIGNATURE` and what its data holds; nil when the slice is unsigned.
    public var codeSignature: CodeSignature?
    /// What `MachOReader.read(_:size:evidence:)`'s filter wanted of the slice's strings,
    /// selectors, class names and imported symbols, without duplicates, in file order;
    /// empty when evidence was not asked for.
    public var evidence: [BinaryEvidence]

    public init(
        architecture: String,
        cpuType: Int32,
        cpuSubtype: Int32,
        is64Bit: Bool,
        fileType: MachOFileType,
        offset: UInt64,
        size: UInt64,
        platform: MachOPlatform? = nil,
        minimumOS: MachOVersion? = nil,
        sdk: MachOVersion? = nil,
        encryption: EncryptionInfo? = nil,
        segmentNames: [String] = [],
        linkedDylibs: [LinkedDylib] = [],
        codeSignature: CodeSignature? = nil,
        evidence: [BinaryEvidence] = []
    ) {
        self.architecture = architecture
        self.cpuType = cpuType
        self.cpuSubtype = cpuSubtype
        self.is64Bit = is64Bit
        self.fileType = fileType
        self.offset = offset
        self.size = size
        self.platform = platform
        self.minimumOS = minimumOS
        self.sdk = sdk
        self.encryption = encryption
        self.segmentNames = segmentNames
        self.linkedDylibs = linkedDylibs
        self.codeSignature = codeSignature
        self.evidence = evidence
    }

    /// An `__LLVM` segment: the slice carries bitcode, which the App Store no longer accepts.
    public var hasBitcodeSegment: Bool {
        segmentNames.contains("__LLVM")
    }
}
