/// Names a CPU type and subtype the way Apple's tools do (`arm64`, `armv7`, `x86_64`).
enum MachOArchitectureName {
    static let cpuTypeX86: Int32 = 7
    static let cpuTypeX86_64: Int32 = 0x0100_0007
    static let cpuTypeARM: Int32 = 12
    static let cpuTypeARM64: Int32 = 0x0100_000C
    static let cpuTypeARM64_32: Int32 = 0x0200_000C
    /// The high byte of a subtype holds capability bits (e.g. arm64e's pointer-auth ABI version).
    static let capabilityMask: UInt32 = 0xff00_0000

    static func name(cpuType: Int32, cpuSubtype: Int32) -> String {
        let subtype = UInt32(bitPattern: cpuSubtype) & ~capabilityMask
        switch (cpuType, subtype) {
        case (cpuTypeARM, 9): return "armv7"
        case (cpuTypeARM, 11): return "armv7s"
        case (cpuTypeARM, 12): return "armv7k"
        case (cpuTypeARM64, 0), (cpuTypeARM64, 1): return "arm64"
        case (cpuTypeARM64, 2): return "arm64e"
        case (cpuTypeARM64_32, _): return "arm64_32"
        case (cpuTypeX86_64, 3): return "x86_64"
        case (cpuTypeX86_64, 8): return "x86_64h"
        case (cpuTypeX86, 3): return "i386"
        default: return "cpu(\(cpuType),\(subtype))"
        }
    }
}
