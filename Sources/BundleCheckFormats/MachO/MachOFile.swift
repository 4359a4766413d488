/// What the Mach-O reader found in one file: its kind and one entry per architecture.
public struct MachOFile: Sendable, Hashable {
    public var kind: MachOFileKind
    /// In file order (a fat file's slices sorted by offset).
    public var slices: [MachOSlice]

    public init(kind: MachOFileKind, slices: [MachOSlice]) {
        self.kind = kind
        self.slices = slices
    }

    /// The architecture names of every slice, in file order, e.g. `["armv7", "arm64"]`.
    public var architectures: [String] {
        slices.map(\.architecture)
    }
}

/// Whether a Mach-O file holds one architecture or several behind a fat header.
public enum MachOFileKind: String, Sendable, Hashable {
    /// A fat (universal) file: a big-endian `fat_header`, then one Mach-O per architecture.
    case fat
    /// A single Mach-O.
    case thin
}
