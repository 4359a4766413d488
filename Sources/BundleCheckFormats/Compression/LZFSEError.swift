/// Why bytes are not an LZFSE (or LZVN) stream that can be decoded; `description` is a lowercase
/// phrase. Blocks are counted from 0; `offset` is where the block's magic starts, counted from
/// the first byte of the input (a raw LZVN stream is block 0 at offset 0). A fault inside a
/// block's payload also says where in the input it was found (`at`) when that is known.
package enum LZFSEError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input ends where a block's magic, or the `bvx$` that ends the stream, should be.
    case missingEndOfStream(block: Int, offset: Int)
    /// Four bytes that open no kind of block.
    case unknownBlockMagic(block: Int, offset: Int, magic: [UInt8])
    /// The input ends inside a block's header.
    case truncatedBlockHeader(block: Int, offset: Int, kind: String, length: Int, available: Int)
    /// The input ends inside a block's payload.
    case truncatedBlockPayload(block: Int, offset: Int, length: Int, available: Int)
    /// The blocks so far declare more bytes than `LZFSELimits.maxOutput`.
    case outputLimitExceeded(block: Int, offset: Int, limit: Int)
    /// A block declares more decoded bytes than its payload could ever produce.
    case declaredSizeImpossible(block: Int, offset: Int, declared: Int, most: Int)
    /// A header field outside what the format allows.
    case headerFieldOutOfRange(block: Int, offset: Int, field: String, value: Int, allowed: ClosedRange<Int>)
    /// A `bvx2` header's packed frequencies do not end where the header does.
    case malformedFrequencies(block: Int, offset: Int)
    /// A frequency table whose frequencies do not add up to its number of states.
    case badFrequencyTable(block: Int, offset: Int, table: String, sum: Int, states: Int)
    /// A bit stream (the literals', or the L, M, D triples') whose last bytes are not a valid
    /// start, or that needs bytes before its payload.
    case badBitStream(block: Int, offset: Int, stream: String)
    /// A triple takes more literals than the block decoded.
    case literalsExhausted(block: Int, offset: Int, match: Int, literals: Int)
    /// A triple, or an LZVN opcode, writes past the bytes the block (or the caller) declared.
    case decodesPastDeclaredSize(block: Int, offset: Int, declared: Int)
    /// A block ends having decoded fewer bytes than it declares.
    case decodesShort(block: Int, offset: Int, decoded: Int, declared: Int)
    /// A match that reaches before the first decoded byte, or has no distance yet.
    case matchDistanceOutOfRange(block: Int, offset: Int, distance: Int, available: Int)
    /// An LZVN opcode the format leaves undefined.
    case lzvnUndefinedOpcode(block: Int, offset: Int, at: Int, opcode: UInt8)
    /// An LZVN stream that ends inside an opcode, or before its end-of-stream opcode.
    case lzvnTruncated(block: Int, offset: Int, at: Int)
    /// An LZVN block whose end-of-stream opcode comes before the end of its payload.
    case lzvnEndsBeforePayload(block: Int, offset: Int, unused: Int)
    /// A negative output count asked of `LZVNDecoder`.
    case negativeOutputCount(Int)

    package var description: String {
        switch self {
        case .missingEndOfStream(let block, let offset):
            "a truncated LZFSE stream (it ends at offset \(offset), where block \(block) or the end-of-stream marker should start)"
        case .unknownBlockMagic(let block, let offset, let magic):
            "a malformed LZFSE stream (block \(block) at offset \(offset) starts with \(Self.bytes(magic)), no block's magic)"
        case .truncatedBlockHeader(let block, let offset, let kind, let length, let available):
            "a truncated LZFSE stream (the \(length)-byte \(kind) header of block \(block) at offset \(offset) has \(available) bytes)"
        case .truncatedBlockPayload(let block, let offset, let length, let available):
            "a truncated LZFSE stream (the \(length)-byte payload of block \(block) at offset \(offset) has \(available) bytes)"
        case .outputLimitExceeded(let block, let offset, let limit):
            "an LZFSE stream that decodes to more than \(limit) bytes (by block \(block) at offset \(offset))"
        case .declaredSizeImpossible(let block, let offset, let declared, let most):
            "a malformed LZFSE or LZVN stream (block \(block) at offset \(offset) declares \(declared) decoded bytes, more than the \(most) its payload can hold)"
        case .headerFieldOutOfRange(let block, let offset, let field, let value, let allowed):
            "a malformed LZFSE stream (block \(block) at offset \(offset) has \(field) \(value), outside \(allowed.lowerBound)...\(allowed.upperBound))"
        case .malformedFrequencies(let block, let offset):
            "a malformed LZFSE stream (the frequency tables of block \(block) at offset \(offset) do not end with its header)"
        case .badFrequencyTable(let block, let offset, let table, let sum, let states):
            "a malformed LZFSE stream (the \(table) frequencies of block \(block) at offset \(offset) add up to \(sum), not \(states))"
        case .badBitStream(let block, let offset, let stream):
            "a malformed LZFSE stream (the \(stream) bit stream of block \(block) at offset \(offset) is damaged or runs out)"
        case .literalsExhausted(let block, let offset, let match, let literals):
            "a malformed LZFSE stream (match \(match) of block \(block) at offset \(offset) takes more than the block's \(literals) literals)"
        case .decodesPastDeclaredSize(let block, let offset, let declared):
            "a malformed LZFSE or LZVN stream (block \(block) at offset \(offset) decodes to more than the \(declared) bytes it declares)"
        case .decodesShort(let block, let offset, let decoded, let declared):
            "a malformed LZFSE or LZVN stream (block \(block) at offset \(offset) decodes to \(decoded) bytes, not the \(declared) it declares)"
        case .matchDistanceOutOfRange(let block, let offset, let distance, let available):
            distance == 0
                ? "a malformed LZFSE or LZVN stream (a match of block \(block) at offset \(offset) repeats a distance before any was given)"
                : "a malformed LZFSE or LZVN stream (a match of block \(block) at offset \(offset) reaches \(distance) bytes back, past the \(available) decoded)"
        case .lzvnUndefinedOpcode(let block, let offset, let at, let opcode):
            "a malformed LZVN stream (block \(block) at offset \(offset) has the undefined opcode \(Self.hex(UInt32(opcode), digits: 2)) at offset \(at))"
        case .lzvnTruncated(let block, let offset, let at):
            "a truncated LZVN stream (block \(block) at offset \(offset) ends inside an opcode, or without its end-of-stream opcode, at offset \(at))"
        case .lzvnEndsBeforePayload(let block, let offset, let unused):
            "a malformed LZFSE stream (the LZVN block \(block) at offset \(offset) ends \(unused) bytes before its payload does)"
        case .negativeOutputCount(let count):
            "an LZVN stream asked to decode to \(count) bytes"
        }
    }

    /// The block the error is about (0 for a raw LZVN stream and a bad output count).
    package var block: Int {
        switch self {
        case .missingEndOfStream(let block, _), .unknownBlockMagic(let block, _, _), .truncatedBlockHeader(let block, _, _, _, _),
            .truncatedBlockPayload(let block, _, _, _), .outputLimitExceeded(let block, _, _),
            .declaredSizeImpossible(let block, _, _, _), .headerFieldOutOfRange(let block, _, _, _, _),
            .malformedFrequencies(let block, _), .badFrequencyTable(let block, _, _, _, _), .badBitStream(let block, _, _),
            .literalsExhausted(let block, _, _, _), .decodesPastDeclaredSize(let block, _, _), .decodesShort(let block, _, _, _),
            .matchDistanceOutOfRange(let block, _, _, _), .lzvnUndefinedOpcode(let block, _, _, _), .lzvnTruncated(let block, _, _),
            .lzvnEndsBeforePayload(let block, _, _):
            block
        case .negativeOutputCount:
            0
        }
    }

    /// Four bytes as text when they are printable ASCII (`"bvx3"`), otherwise in hex.
    private static func bytes(_ bytes: [UInt8]) -> String {
        if bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) { return "\"" + String(decoding: bytes, as: UTF8.self) + "\"" }
        return bytes.map { hex(UInt32($0), digits: 2) }.joined(separator: " ")
    }

    private static func hex(_ value: UInt32, digits: Int = 8) -> String {
        let text = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
