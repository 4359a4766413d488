/// The architectures `MachOWriter` can write a header for.
public enum MachOFixtureArchitecture: String, Sendable, Hashable, CaseIterable {
    case arm64
    case arm64e
    case x86_64
    case armv7
    case i386
    /// Apple Watch's 64-bit CPU with 32-bit pointers: a 32-bit Mach-O (`MH_MAGIC`, 32-bit load commands).
    case arm64_32

    var cpuType: Int32 {
        switch self {
        case .arm64, .arm64e: 0x0100_000C
        case .x86_64: 0x0100_0007
        case .armv7: 12
        case .i386: 7
        case .arm64_32: 0x0200_000C // CPU_TYPE_ARM64_32
        }
    }

    var cpuSubtype: Int32 {
        switch self {
        case .arm64: 0
        // arm64e as Xcode writes it: subtype 2 with the pointer-auth ABI capability bit.
        case .arm64e: Int32(bitPattern: 0x8000_0002)
        case .x86_64, .i386: 3
        case .armv7: 9
        case .arm64_32: 1 // CPU_SUBTYPE_ARM64_32_V8
        }
    }

    var is64Bit: Bool {
        switch self {
        case .arm64, .arm64e, .x86_64: true
        case .armv7, .i386, .arm64_32: false
        }
    }
}
