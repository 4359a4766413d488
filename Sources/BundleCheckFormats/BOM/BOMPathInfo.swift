/// The information block of one path of an installer `Bom`: what `lsbom` prints of it.
///
/// Big-endian: the type (`BOMPathType`), a byte 1, 16 bits of flags, then (unless the flags' low
/// 4 bits are 0, a `mkbom -s` Bom of paths only) the mode (16 bits), user, group, modification
/// time and size (32 bits each) and a byte 1. A file then has its `cksum` CRC; a Mach-O file (the
/// flags' top 4 bits 1, or 2 for a universal one) a byte 1 and its architectures
/// (`BOMArchitecture`, a count then 16 bytes each); a link its target's CRC, the target's length
/// with its NUL, and the target; a device its device number. Apple ends the block with 8 zero
/// bytes (a directory's is 31 bytes, a file's 35), which are not read.
///
/// The layout follows bomutils and stuckliste, checked against a `Bom` written by Apple's tools
/// (a directory of 31 bytes, a file of 35 whose CRC is `cksum`'s).
struct BOMPathInfo {
    var type: BOMPathType
    var flags: UInt16
    var mode: UInt16 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
    var modificationTime: UInt32 = 0
    var size: UInt32 = 0
    var checksum: UInt32 = 0
    var deviceNumber: UInt32?
    var linkTarget: String?
    var architectures: [BOMArchitecture] = []

    /// Whether the block holds the type alone (the flags' low 4 bits are 0).
    var isPathOnly: Bool { flags & 0xF == 0 }

    static func read(_ block: BOMBlock) throws(BOMError) -> BOMPathInfo {
        let rawType = try block.uint8(at: 0)
        guard let type = BOMPathType(rawValue: rawType) else { throw .unknownPathType(block: block.id, type: rawType) }
        var info = BOMPathInfo(type: type, flags: try block.uint16(at: 2))
        guard !info.isPathOnly else { return info }
        info.mode = try block.uint16(at: 4)
        info.uid = try block.uint32(at: 6)
        info.gid = try block.uint32(at: 10)
        info.modificationTime = try block.uint32(at: 14)
        info.size = try block.uint32(at: 18)
        let rest = 23
        switch type {
        case .directory:
            break
        case .device:
            info.deviceNumber = try block.uint32(at: rest)
        case .file:
            info.checksum = try block.uint32(at: rest)
            if (1...2).contains(info.flags >> 12) {
                let count = try block.uint32(at: rest + 5)
                guard block.contains(rest + 9, Int(count) * 16) else {
                    throw .malformedPath(block: block.id, detail: "\(count) architectures do not fit in its \(block.count) bytes")
                }
                for index in 0..<Int(count) {
                    let offset = rest + 9 + index * 16
                    info.architectures.append(
                        BOMArchitecture(
                            cpuType: try block.uint32(at: offset), cpuSubtype: try block.uint32(at: offset + 4),
                            size: try block.uint32(at: offset + 8), checksum: try block.uint32(at: offset + 12)
                        ))
                }
            }
        case .link:
            info.checksum = try block.uint32(at: rest)
            let length = try block.uint32(at: rest + 4)
            guard block.contains(rest + 8, Int(length)) else {
                throw .malformedPath(block: block.id, detail: "a link target of \(length) bytes does not fit in its \(block.count) bytes")
            }
            let target = try block.slice(at: rest + 8, count: Int(length))
            guard let text = String(validating: target.prefix { $0 != 0 }, as: UTF8.self) else {
                throw .malformedPath(block: block.id, detail: "a link target that is not UTF-8")
            }
            info.linkTarget = text
        }
        return info
    }
}
