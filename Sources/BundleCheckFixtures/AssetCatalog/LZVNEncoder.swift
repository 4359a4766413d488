/// Compresses bytes into an LZVN stream (Apple's LZ77 codec: CoreUI's compression type 3, and
/// the `bvxn` blocks of an LZFSE stream), so that fixture catalogues hold pixels compressed the
/// way real ones are, not stored.
///
/// The format as the reference decoder (lzfse/lzfse, `lzvn_decode_base.c`) reads it: a stream
/// of opcodes, each a literal run, a match, or both, ending with the end-of-stream opcode 0x06
/// and 7 zero bytes. This encoder uses four of them: literals alone (`1110LLLL` for 1 to 15
/// bytes, `0xE0 L-16` for 16 to 271), a match of 3 to 10 bytes at a 16-bit distance with no
/// literal (`00MMM111 D D`, "large distance"), and matches that repeat the previous distance
/// (`1111MMMM` for 1 to 15 bytes, `0xF0 M-16` for 16 to 271), which extend a long one. The
/// match finder is greedy: the previous pixel (4 bytes back), the previous row (`rowLength`
/// back) and the last place the next four bytes were seen.
enum LZVNEncoder {
    static let endOfStream: [UInt8] = [0x06, 0, 0, 0, 0, 0, 0, 0]
    static let maximumDistance = 0xFFFF
    static let minimumMatch = 4

    /// `input` as an LZVN stream; `rowLength` (bytes of a pixel row) is tried as a distance first.
    static func encode(_ input: ArraySlice<UInt8>, rowLength: Int = 0) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 + 64)
        input.withUnsafeBufferPointer { source in
            let count = source.count
            guard let base = source.baseAddress else { return }
            // Raw pointers: the loops below run once a byte, and debug builds check every subscript.
            let table = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << 15)
            table.initialize(repeating: -1, count: 1 << 15)
            defer { table.deallocate() }
            var literalStart = 0
            var position = 0
            func load4(_ at: Int) -> UInt32 {
                UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self).littleEndian
            }
            func matchLength(_ candidate: Int) -> Int {
                var length = 0
                let limit = count - position
                let from = base + candidate
                let to = base + position
                while length + 8 <= limit,
                    UnsafeRawPointer(from + length).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(to + length).loadUnaligned(as: UInt64.self)
                {
                    length += 8
                }
                while length < limit, from[length] == to[length] { length += 1 }
                return length
            }
            while position + minimumMatch <= count {
                let hash = Int((load4(position) &* 2_654_435_761) >> 17)
                let seen = Int(table[hash])
                table[hash] = Int32(position)
                var bestLength = 0
                var bestDistance = 0
                for attempt in 0..<3 {
                    let candidate = attempt == 0 ? position - 4 : attempt == 1 ? position - rowLength : seen
                    let distance = position - candidate
                    guard candidate >= 0, distance > 0, distance <= maximumDistance else { continue }
                    let length = matchLength(candidate)
                    if length > bestLength {
                        bestLength = length
                        bestDistance = distance
                    }
                }
                guard bestLength >= minimumMatch else {
                    position += 1
                    continue
                }
                appendLiterals(source[literalStart..<position], to: &output)
                appendMatch(distance: bestDistance, length: bestLength, to: &output)
                position += bestLength
                literalStart = position
            }
            appendLiterals(source[literalStart..<count], to: &output)
        }
        return output + endOfStream
    }

    /// A stream of literal opcodes only: valid LZVN that any decoder takes, no smaller than the input.
    static func literalsOnly(_ input: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 271 * 2 + 16)
        input.withUnsafeBufferPointer { appendLiterals($0[...], to: &output) }
        return output + endOfStream
    }

    private static func appendLiterals(_ literals: Slice<UnsafeBufferPointer<UInt8>>, to output: inout [UInt8]) {
        var start = literals.startIndex
        while start < literals.endIndex {
            let run = min(271, literals.endIndex - start)
            if run < 16 {
                output.append(0xE0 | UInt8(run))
            } else {
                output += [0xE0, UInt8(run - 16)]
            }
            output += literals[start..<start + run]
            start += run
        }
    }

    private static func appendMatch(distance: Int, length: Int, to output: inout [UInt8]) {
        let first = min(length, 10)
        output += [UInt8(first - 3) << 3 | 0x07, UInt8(distance & 0xFF), UInt8(distance >> 8)]
        var left = length - first
        while left >= 16 {
            let run = min(271, left)
            output += [0xF0, UInt8(run - 16)]
            left -= run
        }
        if left > 0 { output.append(0xF0 | UInt8(left)) }
    }
}
