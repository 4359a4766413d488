/// A tiny BER/DER encoder for fixtures: a tree of elements, written with definite
/// lengths (DER-shaped) or with indefinite lengths on every constructed element
/// (as Apple's profile signer writes them).
///
/// Tags are single identifier octets (numbers up to 30), which is all a CMS
/// envelope needs. Sets are written in the order given, not sorted as DER requires.
public indirect enum BERNode: Sendable, Hashable {
    case primitive(tag: UInt8, bytes: [UInt8])
    case constructed(tag: UInt8, children: [BERNode])
    /// An element encoded already (a DER certificate inside an indefinite-length envelope), written as it is.
    case encoded([UInt8])

    public static func sequence(_ children: [BERNode]) -> BERNode { .constructed(tag: 0x30, children: children) }
    public static func set(_ children: [BERNode]) -> BERNode { .constructed(tag: 0x31, children: children) }
    public static func octetString(_ bytes: [UInt8]) -> BERNode { .primitive(tag: 0x04, bytes: bytes) }
    public static let null = BERNode.primitive(tag: 0x05, bytes: [])
    public static func utf8String(_ text: String) -> BERNode { .primitive(tag: 0x0C, bytes: Array(text.utf8)) }
    public static func printableString(_ text: String) -> BERNode { .primitive(tag: 0x13, bytes: Array(text.utf8)) }
    /// A BIT STRING of whole bytes (no unused bits).
    public static func bitString(_ bytes: [UInt8]) -> BERNode { .primitive(tag: 0x03, bytes: [0] + bytes) }

    /// `[number]` EXPLICIT (constructed, context-specific) around `children`.
    public static func explicit(_ number: UInt8, _ children: [BERNode]) -> BERNode {
        precondition(number <= 30, "BERNode writes single-octet tags only")
        return .constructed(tag: 0xA0 | number, children: children)
    }

    /// An OCTET STRING split into primitive chunks of at most `chunkSize` bytes inside a constructed one.
    public static func chunkedOctetString(_ bytes: [UInt8], chunkSize: Int) -> BERNode {
        precondition(chunkSize > 0, "chunkSize must be positive")
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map {
            BERNode.octetString(Array(bytes[$0..<min($0 + chunkSize, bytes.count)]))
        }
        return .constructed(tag: 0x24, children: chunks)
    }

    /// A non-negative INTEGER, minimally encoded.
    public static func integer(_ value: UInt64) -> BERNode {
        var bytes: [UInt8] = []
        var rest = value
        repeat {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        } while rest > 0
        // A leading bit of 1 would read as negative.
        if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return .primitive(tag: 0x02, bytes: bytes)
    }

    /// An OBJECT IDENTIFIER from dotted text such as `1.2.840.113549.1.7.2`.
    public static func objectIdentifier(_ dotted: String) -> BERNode {
        let arcs = dotted.split(separator: ".").map { UInt64($0)! }
        precondition(arcs.count >= 2 && arcs[0] <= 2, "an object identifier needs two arcs, the first at most 2")
        var bytes: [UInt8] = []
        for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
            var digits: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                digits.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            bytes += digits
        }
        return .primitive(tag: 0x06, bytes: bytes)
    }

    /// The encoding; with `indefiniteLengths`, every constructed element ends in `00 00`.
    public func encoded(indefiniteLengths: Bool = false) -> [UInt8] {
        switch self {
        case .primitive(let tag, let bytes):
            return [tag] + Self.definiteLength(bytes.count) + bytes
        case .constructed(let tag, let children):
            let body = children.flatMap { $0.encoded(indefiniteLengths: indefiniteLengths) }
            if indefiniteLengths { return [tag, 0x80] + body + [0x00, 0x00] }
            return [tag] + Self.definiteLength(body.count) + body
        case .encoded(let bytes):
            return bytes
        }
    }

    /// Short form below 128, else the long form with as few octets as the value needs.
    private static func definiteLength(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var octets: [UInt8] = []
        var rest = count
        while rest > 0 {
            octets.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(octets.count)] + octets
    }
}
