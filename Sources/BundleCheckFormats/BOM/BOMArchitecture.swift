/// One architecture of a Mach-O file as an installer `Bom` records it: the CPU type and subtype
/// (`mach/machine.h`), the size of that slice and its `cksum` CRC.
package struct BOMArchitecture: Sendable, Hashable {
    package let cpuType: UInt32
    package let cpuSubtype: UInt32
    package let size: UInt32
    package let checksum: UInt32

    package init(cpuType: UInt32, cpuSubtype: UInt32, size: UInt32, checksum: UInt32) {
        self.cpuType = cpuType
        self.cpuSubtype = cpuSubtype
        self.size = size
        self.checksum = checksum
    }
}
