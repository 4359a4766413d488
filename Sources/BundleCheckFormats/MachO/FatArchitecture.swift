/// One `fat_arch` or `fat_arch_64` record of a fat header.
struct FatArchitecture: Sendable, Hashable {
    /// Position in the fat header, for messages.
    var index: Int
    var cpuType: Int32
    var cpuSubtype: Int32
    var offset: UInt64
    var size: UInt64
}
