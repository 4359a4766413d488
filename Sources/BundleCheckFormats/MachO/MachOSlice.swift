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
    /// `LC_UUID`, when present (the linker writes one unless told `-no_uuid`).
    public var uuid: MachOUUID?
    /// `LC_ENCRYPTION_INFO(_64)`, when present.
    public var encryption: EncryptionInfo?
    /// Segment names in load-command order, e.g. `__PAGEZERO`, `__TEXT`.
    public var segmentNames: [String]
    /// The sizes of the `__TEXT` segment's sections added up, as Apple's executable size limits
    /// count them; nil when the slice has no `__TEXT` segment.
    public var textSectionsSize: UInt64?
    /// Dylibs the slice links, in load-command order.
    public var linkedDylibs: [LinkedDylib]
    /// A library's own `LC_ID_DYLIB` current version (`5.9.0`); nil for an executable.
    public var dylibVersion: MachOVersion?
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
        uuid: MachOUUID? = nil,
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
        self.uuid = uuid
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

/// The `filetype` of a Mach-O header, with names for the common ones.
public struct MachOFileType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let object = MachOFileType(rawValue: 0x1)
    public static let execute = MachOFileType(rawValue: 0x2)
    public static let dylib = MachOFileType(rawValue: 0x6)
    public static let bundle = MachOFileType(rawValue: 0x8)
    public static let dsym = MachOFileType(rawValue: 0xA)

    /// e.g. `execute`, `dylib`, or `filetype(<number>)`.
    public var name: String {
        switch rawValue {
        case 0x1: "object"
        case 0x2: "execute"
        case 0x3: "fvmlib"
        case 0x4: "core"
        case 0x5: "preload"
        case 0x6: "dylib"
        case 0x7: "dylinker"
        case 0x8: "bundle"
        case 0x9: "dylib_stub"
        case 0xA: "dsym"
        case 0xB: "kext_bundle"
        case 0xC: "fileset"
        default: "filetype(\(rawValue))"
        }
    }

    public var description: String { name }
}

/// `LC_ENCRYPTION_INFO(_64)`: the range the App Store encrypts, and whether it is encrypted now.
public struct EncryptionInfo: Sendable, Hashable {
    public var cryptOffset: UInt32
    public var cryptSize: UInt32
    /// 0 before the App Store encrypts the binary, 1 after.
    public var cryptID: UInt32

    public init(cryptOffset: UInt32, cryptSize: UInt32, cryptID: UInt32) {
        self.cryptOffset = cryptOffset
        self.cryptSize = cryptSize
        self.cryptID = cryptID
    }

    public var isEncrypted: Bool { cryptID != 0 }
}

/// A dylib a slice links, e.g. `/System/Library/Frameworks/UIKit.framework/UIKit` or `@rpath/X.framework/X`.
public struct LinkedDylib: Sendable, Hashable {
    public var path: String
    public var kind: LinkedDylibKind

    public init(path: String, kind: LinkedDylibKind = .load) {
        self.path = path
        self.kind = kind
    }
}

/// Which load command links a dylib.
public enum LinkedDylibKind: String, Sendable, Hashable, CaseIterable {
    /// `LC_LOAD_DYLIB`
    case load
    /// `LC_LOAD_WEAK_DYLIB`: missing at run time is allowed.
    case weak
    /// `LC_REEXPORT_DYLIB`
    case reexport
    /// `LC_LAZY_LOAD_DYLIB`
    case lazy
    /// `LC_LOAD_UPWARD_DYLIB`
    case upward
}
