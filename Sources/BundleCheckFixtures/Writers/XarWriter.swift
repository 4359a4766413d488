import BundleCheckFormats
import Foundation

/// Writes a xar archive, the container of a macOS installer package, as Apple's `pkgbuild`,
/// `productbuild` and `productsign` write it (through libxar).
///
/// Layout: a 28-byte big-endian header (`xar!`, header size 28, version 1, the compressed
/// and uncompressed lengths of the table of contents as 64-bit numbers, checksum algorithm
/// 1 = SHA-1), the table of contents (XML, as a zlib stream), then the heap. The heap starts
/// with the SHA-1 of the compressed table of contents (`<checksum>`, offset 0, size 20), then,
/// when signed, the RSA signature (`<signature style="RSA">`, offset 20) and the CMS
/// signature (`<x-signature style="CMS">`), each with the certificate chain in its
/// `<KeyInfo>`, then each member's data in the order of the members' ids, which is the order
/// libarchive reads them in.
///
/// Members are files at `/`-separated paths; the folders above them become nested `<file>`
/// elements of type `directory`. The signature bytes are filler (a CMS SignedData that names
/// the signer but signs nothing, and an RSA block of zeros): bundlecheck reads who signed a
/// package offline, it does not verify the signature; the certificates are real DER.
///
/// Identical writers give identical bytes for a given zlib. `Hostile` bends the archive for
/// tests of the reader's defences.
public struct XarWriter: Sendable {
    /// How a member's data is stored in the heap, and the `<encoding style>` that says so.
    public enum Encoding: Sendable, Hashable {
        /// As it is: `application/octet-stream` (what pkgbuild uses for the Payload, already compressed).
        case stored
        /// A zlib stream (RFC 1950): `application/x-gzip`, as libxar names it.
        case zlib

        var style: String {
            switch self {
            case .stored: "application/octet-stream"
            case .zlib: "application/x-gzip"
            }
        }
    }

    /// A file of the archive.
    public struct Member: Sendable, Hashable {
        /// `/`-separated, e.g. `PaiNotes.pkg/Payload`.
        public var path: String
        public var contents: [UInt8]
        public var encoding: Encoding
        /// The permissions written with the file's owner and times, as libxar writes a file
        /// it archived from disk (pkgbuild's Bom and Payload). nil writes only the name, type
        /// and data, as productbuild writes the files it makes in memory (PackageInfo,
        /// Distribution); libarchive then reports mode 0777.
        public var permissions: UInt16?

        public init(path: String, contents: [UInt8], encoding: Encoding = .zlib, permissions: UInt16? = 0o644) {
            self.path = path
            self.contents = contents
            self.encoding = encoding
            self.permissions = permissions
        }
    }

    /// The signatures of a signed archive: who signed (leaf first, then the chain as
    /// productsign embeds it), and the sizes the heap reserves.
    public struct Signature: Sendable, Hashable {
        public var certificates: [FixtureCertificate]
        /// The RSA signature's size: 256 bytes for a 2048-bit key, as Apple's installer certificates have.
        public var rsaSize: Int
        /// Whether the `<x-signature style="CMS">` productsign writes beside the RSA one is written.
        public var includesCMS: Bool
        /// The CMS signature's bytes; nil writes a SignedData of `certificates` naming the
        /// first as signer, zero-padded to a multiple of 1 KiB.
        public var cms: [UInt8]?

        public init(certificates: [FixtureCertificate], rsaSize: Int = 256, includesCMS: Bool = true, cms: [UInt8]? = nil) {
            self.certificates = certificates
            self.rsaSize = rsaSize
            self.includesCMS = includesCMS
            self.cms = cms
        }
    }

    /// What a member's `<data>` states, when it is not the truth.
    public struct DataOverride: Sendable, Hashable {
        public var offset: UInt64?
        public var length: UInt64?
        public var size: UInt64?
        /// The offset and length of this other member's data: two members whose heap ranges overlap.
        public var sameRangeAs: String?

        public init(offset: UInt64? = nil, length: UInt64? = nil, size: UInt64? = nil, sameRangeAs: String? = nil) {
            self.offset = offset
            self.length = length
            self.size = size
            self.sameRangeAs = sameRangeAs
        }
    }

    /// Ways to write an archive that a careful reader must refuse or survive.
    public struct Hostile: Sendable, Hashable {
        /// The header's magic is `xar?` rather than `xar!`.
        public var badMagic = false
        /// The uncompressed TOC length the header states (e.g. 1 << 40), in place of the real one.
        public var declaredTOCLength: UInt64?
        /// The compressed TOC length the header states, in place of the real one.
        public var declaredCompressedTOCLength: UInt64?
        /// The TOC checksum stored in the heap has its first byte flipped.
        public var badTOCChecksum = false
        /// Members (by path) whose `<extracted-checksum>` has its first byte flipped.
        public var badExtractedChecksums: Set<String> = []
        /// What members' `<data>` elements state, by member path.
        public var dataOverrides: [String: DataOverride] = [:]
        /// A chain of this many nested folders, each named `n`, after the members.
        public var nestedFolderDepth = 0

        public init() {}
    }

    /// 2020-01-01T00:00:00Z: the TOC's creation time and every member's times.
    public static let fixedTime = Date(timeIntervalSince1970: TimeInterval(ZipArchiveWriter.fixedModificationTime))
    /// The header's size, as it states it.
    public static let headerSize = 28
    /// The TOC checksum's size: a SHA-1.
    public static let checksumSize = 20

    public private(set) var members: [Member] = []
    public var signature: Signature?
    public var creationTime: Date = XarWriter.fixedTime
    public var hostile = Hostile()

    public init(signature: Signature? = nil) {
        self.signature = signature
    }

    public mutating func add(_ member: Member) {
        members.append(member)
    }

    public mutating func addFile(_ path: String, contents: [UInt8], encoding: Encoding = .zlib, permissions: UInt16? = 0o644) {
        add(Member(path: path, contents: contents, encoding: encoding, permissions: permissions))
    }

    /// The table of contents as written (before compression), with the heap it describes.
    public func tableOfContents() throws -> String {
        try layout().toc
    }

    /// The archive's bytes.
    public func bytes() throws -> [UInt8] {
        let (toc, heap) = try layout()
        let compressed = try ZlibCompressor.compress(Array(toc.utf8), format: .zlib)
        var checksum = try Digest.hash(compressed, .sha1)
        if hostile.badTOCChecksum { checksum[0] ^= 0xFF }

        var output: [UInt8] = hostile.badMagic ? Array("xar?".utf8) : Array("xar!".utf8)
        Self.appendBigEndian(UInt64(Self.headerSize), bytes: 2, to: &output)
        Self.appendBigEndian(1, bytes: 2, to: &output)
        Self.appendBigEndian(hostile.declaredCompressedTOCLength ?? UInt64(compressed.count), bytes: 8, to: &output)
        Self.appendBigEndian(hostile.declaredTOCLength ?? UInt64(toc.utf8.count), bytes: 8, to: &output)
        Self.appendBigEndian(1, bytes: 4, to: &output) // SHA-1
        output += compressed
        output += checksum
        output += heap
        return output
    }

    public func write(to path: String) throws {
        try Data(bytes()).write(to: URL(fileURLWithPath: path))
    }

    // MARK: - Layout

    /// A node of the member tree: a folder (no member) or a file.
    private final class Node {
        let name: String
        var member: Member?
        var children: [Node] = []

        init(name: String, member: Member? = nil) {
            self.name = name
            self.member = member
        }

        func child(named name: String) -> Node {
            if let existing = children.first(where: { $0.name == name && $0.member == nil }) { return existing }
            let node = Node(name: name)
            children.append(node)
            return node
        }
    }

    /// A member's data as it sits in the heap.
    private struct Stored {
        var offset: UInt64
        var archived: [UInt8]
        var extractedChecksum: [UInt8]
        var archivedChecksum: [UInt8]
        var size: Int
    }

    private func tree() -> Node {
        let root = Node(name: "")
        for member in members {
            var parts = member.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            let leaf = parts.popLast() ?? member.path
            var folder = root
            for part in parts { folder = folder.child(named: part) }
            folder.children.append(Node(name: leaf, member: member))
        }
        if hostile.nestedFolderDepth > 0 {
            var folder = root
            for _ in 0..<hostile.nestedFolderDepth {
                let next = Node(name: "n")
                folder.children.append(next)
                folder = next
            }
        }
        return root
    }

    /// The TOC text and the heap after the TOC checksum.
    private func layout() throws -> (toc: String, heap: [UInt8]) {
        let root = tree()
        var heap: [UInt8] = []
        var signatureBlocks: [(element: String, style: String, offset: Int, size: Int)] = []
        var next = Self.checksumSize
        if let signature {
            heap += [UInt8](repeating: 0, count: signature.rsaSize)
            signatureBlocks.append(("signature", "RSA", next, signature.rsaSize))
            next += signature.rsaSize
            if signature.includesCMS {
                let cms = signature.cms ?? Self.paddedCMS(for: signature.certificates)
                heap += cms
                signatureBlocks.append(("x-signature", "CMS", next, cms.count))
                next += cms.count
            }
        }

        // Heap data in id order: the order the members are met walking the tree.
        var stored: [String: Stored] = [:]
        func place(_ node: Node) throws {
            if let member = node.member {
                let archived =
                    member.encoding == .zlib
                    ? try ZlibCompressor.compress(member.contents, format: .zlib) : member.contents
                stored[member.path] = Stored(
                    offset: UInt64(next), archived: archived,
                    extractedChecksum: try Digest.hash(member.contents, .sha1),
                    archivedChecksum: try Digest.hash(archived, .sha1), size: member.contents.count
                )
                heap += archived
                next += archived.count
            }
            for child in node.children { try place(child) }
        }
        try place(root)

        var xml = XMLText()
        xml.line(0, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        xml.line(0, "<xar>")
        xml.line(1, "<toc>")
        xml.line(2, "<checksum style=\"sha1\">")
        xml.line(3, "<size>\(Self.checksumSize)</size>")
        xml.line(3, "<offset>0</offset>")
        xml.line(2, "</checksum>")
        xml.line(2, "<creation-time>\(Self.timestamp(creationTime, zone: false))</creation-time>")
        for block in signatureBlocks {
            xml.line(2, "<\(block.element) style=\"\(block.style)\">")
            xml.line(3, "<offset>\(block.offset)</offset>")
            xml.line(3, "<size>\(block.size)</size>")
            xml.line(3, "<KeyInfo xmlns=\"http://www.w3.org/2000/09/xmldsig#\">")
            xml.line(4, "<X509Data>")
            for certificate in signature?.certificates ?? [] {
                xml.line(5, "<X509Certificate>\(Self.base64Lines(certificate.der))</X509Certificate>")
            }
            xml.line(4, "</X509Data>")
            xml.line(3, "</KeyInfo>")
            xml.line(2, "</\(block.element)>")
        }
        var id = 0
        func describe(_ node: Node, depth: Int) {
            id += 1
            xml.line(depth, "<file id=\"\(id)\">")
            xml.line(depth + 1, "<name>\(XMLText.escaped(node.name))</name>")
            if let member = node.member, let data = stored[member.path] {
                xml.line(depth + 1, "<type>file</type>")
                if let permissions = member.permissions {
                    ownership(mode: permissions, inode: id, depth: depth + 1, time: Self.timestamp(creationTime, zone: true))
                }
                dataElement(member: member, data: data, depth: depth + 1)
            } else {
                xml.line(depth + 1, "<type>directory</type>")
                // What productbuild states for the folders it makes: no inode, root, 1970.
                ownership(mode: 0o700, inode: 0, depth: depth + 1, time: "1970-01-01T00:00:00Z")
            }
            for child in node.children { describe(child, depth: depth + 1) }
            xml.line(depth, "</file>")
        }
        func ownership(mode: UInt16, inode: Int, depth: Int, time: String) {
            xml.line(depth, "<inode>\(inode)</inode>")
            xml.line(depth, "<deviceno>\(inode == 0 ? 0 : 16_777_220)</deviceno>")
            xml.line(depth, "<mode>0\(String(mode, radix: 8))</mode>")
            xml.line(depth, "<uid>0</uid>")
            xml.line(depth, "<user>root</user>")
            xml.line(depth, "<gid>0</gid>")
            xml.line(depth, "<group>wheel</group>")
            xml.line(depth, "<atime>\(time)</atime>")
            xml.line(depth, "<mtime>\(time)</mtime>")
            xml.line(depth, "<ctime>\(time)</ctime>")
        }
        func dataElement(member: Member, data: Stored, depth: Int) {
            let override = hostile.dataOverrides[member.path]
            let shared = override?.sameRangeAs.flatMap { stored[$0] }
            let offset = override?.offset ?? shared?.offset ?? data.offset
            let length = override?.length ?? shared.map { UInt64($0.archived.count) } ?? UInt64(data.archived.count)
            let size = override?.size ?? UInt64(data.size)
            var extracted = data.extractedChecksum
            if hostile.badExtractedChecksums.contains(member.path) { extracted[0] ^= 0xFF }
            xml.line(depth, "<data>")
            xml.line(depth + 1, "<archived-checksum style=\"sha1\">\(Self.hex(data.archivedChecksum))</archived-checksum>")
            xml.line(depth + 1, "<extracted-checksum style=\"sha1\">\(Self.hex(extracted))</extracted-checksum>")
            xml.line(depth + 1, "<encoding style=\"\(member.encoding.style)\"/>")
            xml.line(depth + 1, "<size>\(size)</size>")
            xml.line(depth + 1, "<offset>\(offset)</offset>")
            xml.line(depth + 1, "<length>\(length)</length>")
            xml.line(depth, "</data>")
        }
        for child in root.children { describe(child, depth: 2) }
        xml.line(1, "</toc>")
        xml.line(0, "</xar>")
        return (xml.text, heap)
    }

    // MARK: - Encoding helpers

    /// A CMS SignedData carrying `certificates`, the first named as signer, zero-padded to a
    /// multiple of 1 KiB (productsign reserves more than the signature needs and pads it).
    static func paddedCMS(for certificates: [FixtureCertificate]) -> [UInt8] {
        guard !certificates.isEmpty else { return [UInt8](repeating: 0, count: 1024) }
        var cms = CodeSignatureCMSWriter.write(FixtureSigner(certificates: certificates, identification: .issuerAndSerialNumber(0)))
        let padded = (cms.count + 1023) / 1024 * 1024
        cms += [UInt8](repeating: 0, count: padded - cms.count)
        return cms
    }

    /// Base64 in lines of 72 characters, as the certificates in productsign's KeyInfo are.
    static func base64Lines(_ bytes: [UInt8]) -> String {
        let text = Data(bytes).base64EncodedString()
        var lines: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 72, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(text[start..<end])
            start = end
        }
        return lines.joined(separator: "\n")
    }

    /// `2020-01-01T00:00:00`, with a `Z` for the members' times (the TOC's creation time has none).
    static func timestamp(_ date: Date, zone: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let text =
            String(format: "%04d", parts.year ?? 0) + "-" + two(parts.month) + "-" + two(parts.day)
            + "T" + two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second)
        return zone ? text + "Z" : text
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    private static func appendBigEndian(_ value: UInt64, bytes count: Int, to output: inout [UInt8]) {
        for index in stride(from: count - 1, through: 0, by: -1) {
            output.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }
}
