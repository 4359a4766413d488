/// Reads a fat header (always big-endian) and checks its slices against the file.
enum FatHeaderParser {
    static let fatMagic: UInt32 = 0xCAFE_BABE
    static let fatMagic64: UInt32 = 0xCAFE_BABF

    /// What the first eight bytes of a `0xcafebabe` file say.
    enum Header {
        /// A fat Mach-O with this many architectures.
        case fat(count: UInt32, is64: Bool)
        /// A Java class file, which shares the magic number: its next four bytes are
        /// a class-file version (major 45 or later), far above any real architecture count.
        case javaClass
    }

    /// Tells a fat header from a Java class file, and refuses counts above `maxArchitectures`.
    ///
    /// The Java test does not depend on the cap: a count that reads as a class-file version
    /// (major 45 to 100) is at least 45, more than any real fat file lists.
    static func header(magic: UInt32, count: UInt32, maxArchitectures: Int) throws(MachOError) -> Header {
        let minor = count >> 16
        let major = count & 0xffff
        if magic == fatMagic, minor == 0 || minor == 0xffff, (45...100).contains(major) {
            return .javaClass
        }
        guard count > 0 else { throw MachOError.noArchitectures }
        guard UInt64(count) <= UInt64(max(maxArchitectures, 0)) else {
            throw MachOError.tooManyArchitectures(count: count, limit: maxArchitectures)
        }
        return .fat(count: count, is64: magic == fatMagic64)
    }

    /// Parses the `count` records in `bytes` (read just after the 8-byte header) and
    /// returns them sorted by offset, each inside the file and clear of the header and of each other.
    static func architectures(_ bytes: [UInt8], count: Int, is64: Bool, fileSize: UInt64) throws(MachOError) -> [FatArchitecture] {
        let view = ByteView(bytes)
        let recordSize = is64 ? 32 : 20
        let headerEnd = UInt64(8 + count * recordSize)
        var records: [FatArchitecture] = []
        for index in 0..<count {
            let base = index * recordSize
            guard let cpuType = view.int32BE(at: base), let cpuSubtype = view.int32BE(at: base + 4) else {
                throw MachOError.truncated(part: "fat header", end: headerEnd)
            }
            let offset: UInt64?
            let size: UInt64?
            if is64 {
                offset = view.uint64BE(at: base + 8)
                size = view.uint64BE(at: base + 16)
            } else {
                offset = view.uint32BE(at: base + 8).map(UInt64.init)
                size = view.uint32BE(at: base + 12).map(UInt64.init)
            }
            guard let offset, let size else { throw MachOError.truncated(part: "fat header", end: headerEnd) }
            let (end, overflow) = offset.addingReportingOverflow(size)
            guard !overflow, offset >= headerEnd, end <= fileSize, size >= MachOReader.headerSize32 else {
                throw MachOError.sliceOutOfBounds(index: index, offset: offset, size: size, fileSize: fileSize)
            }
            records.append(FatArchitecture(index: index, cpuType: cpuType, cpuSubtype: cpuSubtype, offset: offset, size: size))
        }
        records.sort { $0.offset < $1.offset }
        for (earlier, later) in zip(records, records.dropFirst()) where later.offset < earlier.offset + earlier.size {
            throw MachOError.slicesOverlap(first: min(earlier.index, later.index), second: max(earlier.index, later.index))
        }
        return records
    }
}

/// One `fat_arch` or `fat_arch_64` record of a fat header.
struct FatArchitecture: Sendable, Hashable {
    /// Position in the fat header, for messages.
    var index: Int
    var cpuType: Int32
    var cpuSubtype: Int32
    var offset: UInt64
    var size: UInt64
}
