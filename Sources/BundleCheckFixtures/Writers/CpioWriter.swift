/// Writes a cpio archive in the POSIX.1 portable ASCII ("odc", magic `070707`) format, the
/// one `pkgbuild` writes a component's `Payload` in (before gzip or pbzx wraps it).
///
/// Each entry is a 76-byte header of octal fields (device 6, inode 6, mode 6, uid 6, gid 6,
/// link count 6, rdev 6, modification time 11, name size 6 counting the name's NUL, file
/// size 11), the name and its NUL, then the data, with no padding anywhere. A symbolic
/// link's data is its target. The archive ends with an entry named `TRAILER!!!`.
///
/// Entries are written as added, with nothing checked: a test may add `../evil`, a size
/// that is not the data's, or cut the archive short (`bytes(truncatedTo:)`).
public struct CpioWriter: Sendable {
    /// One cpio entry as it is written.
    public struct Entry: Sendable, Hashable {
        public var name: String
        /// The whole `st_mode`: type bits (`0o040000` folder, `0o100000` file, `0o120000`
        /// link) and permissions.
        public var mode: UInt32
        public var uid: UInt32
        public var gid: UInt32
        /// nil writes 1 for files and links, 2 plus the number of subfolders for folders.
        public var linkCount: UInt32?
        public var modificationTime: Int
        public var data: [UInt8]
        /// The size the header states, when it is not `data.count`.
        public var declaredSize: Int?

        public init(
            name: String, mode: UInt32, uid: UInt32 = 0, gid: UInt32 = 0, linkCount: UInt32? = nil,
            modificationTime: Int = CpioWriter.fixedModificationTime, data: [UInt8] = [], declaredSize: Int? = nil
        ) {
            self.name = name
            self.mode = mode
            self.uid = uid
            self.gid = gid
            self.linkCount = linkCount
            self.modificationTime = modificationTime
            self.data = data
            self.declaredSize = declaredSize
        }
    }

    /// 2020-01-01T00:00:00Z, as seconds since 1970, as the zip writer dates its entries.
    public static let fixedModificationTime = ZipArchiveWriter.fixedModificationTime
    public static let folderType: UInt32 = 0o040000
    public static let fileType: UInt32 = 0o100000
    public static let symbolicLinkType: UInt32 = 0o120000
    /// The device every entry states (pkgbuild writes the volume's; any fixed value will do).
    public static let device: UInt32 = 0o1000004

    public private(set) var entries: [Entry] = []
    /// The owner written for entries added by `addFolder`, `addFile` and `addSymbolicLink`:
    /// root and wheel, as `pkgbuild --ownership recommended` leaves an app bundle.
    public var uid: UInt32 = 0
    public var gid: UInt32 = 0

    public init() {}

    public mutating func add(_ entry: Entry) {
        entries.append(entry)
    }

    public mutating func addFolder(_ name: String, permissions: UInt16 = 0o755) {
        add(Entry(name: name, mode: Self.folderType | UInt32(permissions & 0o7777), uid: uid, gid: gid))
    }

    public mutating func addFile(_ name: String, contents: [UInt8], permissions: UInt16 = 0o644, declaredSize: Int? = nil) {
        add(Entry(name: name, mode: Self.fileType | UInt32(permissions & 0o7777), uid: uid, gid: gid, data: contents, declaredSize: declaredSize))
    }

    public mutating func addSymbolicLink(_ name: String, target: String, permissions: UInt16 = 0o755) {
        add(Entry(name: name, mode: Self.symbolicLinkType | UInt32(permissions & 0o7777), uid: uid, gid: gid, data: Array(target.utf8)))
    }

    /// The archive: every entry, then the trailer unless `trailer` is false, cut to its first
    /// `truncatedTo` bytes when that is given.
    public func bytes(trailer: Bool = true, truncatedTo limit: Int? = nil) -> [UInt8] {
        var output: [UInt8] = []
        for (index, entry) in entries.enumerated() {
            Self.append(entry, inode: UInt32(index + 1), linkCount: entry.linkCount ?? defaultLinkCount(of: entry), to: &output)
        }
        if trailer {
            // The trailer states nothing but its name and one link, as cpio and pkgbuild write it.
            let end = Entry(name: "TRAILER!!!", mode: 0, linkCount: 1, modificationTime: 0)
            Self.append(end, inode: 0, device: 0, linkCount: 1, to: &output)
        }
        if let limit, limit < output.count {
            output.removeSubrange(max(0, limit)...)
        }
        return output
    }

    // MARK: - Private

    private func defaultLinkCount(of entry: Entry) -> UInt32 {
        guard entry.mode & 0o170000 == Self.folderType else { return 1 }
        let prefix = entry.name == "." ? "./" : entry.name + "/"
        let subfolders = entries.filter { other in
            guard other.mode & 0o170000 == Self.folderType, other.name.hasPrefix(prefix) else { return false }
            return !other.name.dropFirst(prefix.count).contains("/")
        }
        return 2 + UInt32(subfolders.count)
    }

    private static func append(_ entry: Entry, inode: UInt32, device: UInt32 = Self.device, linkCount: UInt32, to output: inout [UInt8]) {
        let name = Array(entry.name.utf8)
        var header = "070707"
        header += octal(device, width: 6)
        header += octal(inode, width: 6)
        header += octal(entry.mode, width: 6)
        header += octal(entry.uid, width: 6)
        header += octal(entry.gid, width: 6)
        header += octal(linkCount, width: 6)
        header += octal(0, width: 6) // rdev
        header += octal(entry.modificationTime, width: 11)
        header += octal(name.count + 1, width: 6)
        header += octal(entry.declaredSize ?? entry.data.count, width: 11)
        output += Array(header.utf8)
        output += name
        output.append(0)
        output += entry.data
    }

    /// `value` in octal, zero-padded to `width` digits; a value too wide keeps its low digits.
    private static func octal<Value: BinaryInteger>(_ value: Value, width: Int) -> String {
        let digits = String(value, radix: 8)
        if digits.count >= width { return String(digits.suffix(width)) }
        return String(repeating: "0", count: width - digits.count) + digits
    }
}
