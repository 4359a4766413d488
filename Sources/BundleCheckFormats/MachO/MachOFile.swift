/// What the Mach-O reader found in one file: its kind and one entry per architecture.
public struct MachOFile: Sendable, Hashable {
    public var kind: MachOFileKind
    /// In file order (a fat file's slices sorted by offset).
    public var slices: [MachOSlice]
    /// The SHA-256 of the whole file, lowercase hex, when the read was asked to take it
    /// (an SBOM names each executable by it); nil otherwise.
    public var sha256: String?

    public init(kind: MachOFileKind, slices: [MachOSlice], sha256: String? = nil) {
        self.kind = kind
        self.slices = slices
        self.sha256 = sha256
    }

    /// The architecture names of every slice, in file order, e.g. `["armv7", "arm64"]`.
    public var architectures: [String] {
        slices.map(\.architecture)
    }

    /// Every slice's `__TEXT` sections added up, as Apple's executable size limit counts them
    /// for a whole binary (saturating); 0 when no slice has a `__TEXT` segment.
    public var textSectionsSize: UInt64 {
        slices.compactMap(\.textSectionsSize).reduce(0) { $0.saturatingAdd($1) }
    }

    /// A library's current version as its `LC_ID_DYLIB` states it; nil when none does, or when it
    /// is 0, as the Swift runtime's copies leave it.
    package var currentVersion: MachOVersion? {
        slices.lazy.compactMap(\.dylibVersion).first { $0.encoded != 0 }
    }
}

/// Whether a Mach-O file holds one architecture or several behind a fat header.
public enum MachOFileKind: String, Sendable, Hashable {
    /// A fat (universal) file: a big-endian `fat_header`, then one Mach-O per architecture.
    case fat
    /// A single Mach-O.
    case thin
}
