/// One component's payload read forward: the cpio archive inside its `Payload` member, through
/// libarchive (gzip, xz or plain cpio), behind our own pbzx decoder (`PBZXDecoder`) where
/// Apple's tools wrote pbzx, which libarchive 3.6 cannot read.
final class PayloadStream {
    /// How the payload is stored, as its first bytes say.
    let format: String
    private let cpio: LibarchiveReader
    /// Keeps the xar reader the payload's bytes come from alive as long as this stream.
    private let member: MemberSource

    /// Starts reading the payload member `xar` is at.
    init(reading xar: LibarchiveReader) throws {
        let member = MemberSource(xar: xar)
        self.member = member
        let start = try member.peek(6)
        let isInflated: Bool
        var pbzx: PBZXDecoder?
        switch start {
        case _ where start.starts(with: [0x1F, 0x8B]):
            format = "gzip"
            isInflated = false
        case _ where start.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]):
            format = "xz"
            isInflated = false
        case _ where start.starts(with: Array("0707".utf8)) || start.starts(with: [0xC7, 0x71]) || start.starts(with: [0x71, 0xC7]):
            format = "cpio"
            isInflated = true
        case _ where start.starts(with: Array("pbzx".utf8)):
            // libarchive 3.6 has no pbzx filter: our decoder hands it the cpio archive.
            format = "pbzx"
            isInflated = true
            pbzx = PBZXDecoder(source: { try member.read(into: $0) })
        case _ where start.starts(with: Array("BZh".utf8)):
            format = "bzip2"
            throw InstallerPackageError.malformed("the payload is compressed with bzip2, which Apple's tools no longer write and bundlecheck does not read")
        default:
            format = "unknown"
            throw InstallerPackageError.malformed("the payload is neither a gzip'd, xz'd or pbzx cpio archive nor a plain one")
        }
        do throws(LibarchiveReader.Failure) {
            cpio = try LibarchiveReader(cpioReading: { [pbzx] in try pbzx?.read(into: $0) ?? member.read(into: $0) }, isInflated: isInflated)
        } catch {
            throw InstallerPackageError.malformed("the payload cannot be read: \(error.message)")
        }
    }

    func next() throws -> LibarchiveReader.Entry? {
        try cpio.next()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try cpio.read(into: buffer)
    }

    /// The entry name as installed, relative to the install location: `./` taken off; nil for
    /// the payload's root itself. `isUnsafe` when it would leave the install location.
    static func installedName(_ raw: String) -> (name: String?, isUnsafe: Bool) {
        var name = Substring(raw)
        while name.hasPrefix("./") { name = name.dropFirst(2) }
        while name.count > 1 && name.hasSuffix("/") { name = name.dropLast() }
        if name.isEmpty || name == "." { return (nil, false) }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        let isUnsafe = name.hasPrefix("/") || components.contains("..") || components.contains("")
        return (String(name), isUnsafe)
    }

    /// The xar member's data, with the first bytes looked at once and handed over again.
    final class MemberSource {
        let xar: LibarchiveReader
        private var pending = PeekedBytes()

        init(xar: LibarchiveReader) {
            self.xar = xar
        }

        func peek(_ count: Int) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            try bytes.withUnsafeMutableBytes { buffer in
                while filled < count {
                    let got = try xar.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                    if got == 0 { break }
                    filled += got
                }
            }
            let peeked = Array(bytes[..<filled])
            pending.keep(peeked)
            return peeked
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            if let count = pending.handOut(into: buffer) { return count }
            return try xar.read(into: buffer)
        }
    }
}
