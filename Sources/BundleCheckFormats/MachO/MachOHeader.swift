/// A `mach_header` or `mach_header_64`, little-endian.
struct MachOHeader: Sendable, Hashable {
    var is64Bit: Bool
    var cpuType: Int32
    var cpuSubtype: Int32
    var fileType: UInt32
    var commandCount: UInt32
    var commandsSize: UInt32

    /// 28 bytes for a 32-bit header, 32 for a 64-bit one (a reserved word at the end).
    var size: Int { is64Bit ? 32 : 28 }

    /// Parses a header whose magic has already been classified; `bytes` holds at least `size` bytes.
    init?(_ bytes: [UInt8], is64Bit: Bool) {
        let view = ByteView(bytes)
        guard let cpuType = view.int32LE(at: 4),
            let cpuSubtype = view.int32LE(at: 8),
            let fileType = view.uint32LE(at: 12),
            let commandCount = view.uint32LE(at: 16),
            let commandsSize = view.uint32LE(at: 20)
        else { return nil }
        self.is64Bit = is64Bit
        self.cpuType = cpuType
        self.cpuSubtype = cpuSubtype
        self.fileType = fileType
        self.commandCount = commandCount
        self.commandsSize = commandsSize
    }
}
