/// Whether a Mach-O file holds one architecture or several behind a fat header.
public enum MachOFileKind: String, Sendable, Hashable {
    /// A fat (universal) file: a big-endian `fat_header`, then one Mach-O per architecture.
    case fat
    /// A single Mach-O.
    case thin
}
