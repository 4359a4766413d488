/// The entropy coder of LZFSE blocks: tANS ("finite state entropy"), as Jarek Duda described it
/// and Apple's reference implementation uses it. A coder has a power-of-two number of states; a
/// symbol of normalized frequency `f` owns `f` consecutive states, and decoding a state gives its
/// symbol and, after a few more bits of the stream, the next state.
///
/// The tables are built from a block's frequencies, which are untrusted: they must fill the
/// states exactly (as the encoder's normalization always does), and every entry is checked to
/// lead to a state inside the table, so that the hot loops can follow states without a check.
enum LZFSEFiniteStateEntropy {
    /// A state of the literal coder: the byte it decodes to, and the next state, `nextBase` plus
    /// the next `bits` bits of the stream.
    struct SymbolEntry {
        var bits: UInt8
        var symbol: UInt8
        var nextBase: UInt16
    }

    /// A state of an L, M or D coder: the value is `valueBase` plus the low `valueBits` of the
    /// next `totalBits` bits of the stream, the next state `nextBase` plus the bits above them.
    struct ValueEntry {
        var totalBits: UInt8
        var valueBits: UInt8
        var nextBase: UInt16
        var valueBase: Int32
    }

    /// Why a table cannot be built: its frequencies add up to `sum`, not its number of states.
    struct OverfullTable: Error {
        var sum: Int
    }

    /// Fills `table` (`states` entries) for the literal coder from `frequencies`, one a symbol.
    /// An empty table (every frequency 0) is accepted only when `mayBeEmpty`, that is when no
    /// symbol will be decoded with it; its states then decode to 0 and stay at 0.
    static func buildSymbolTable(
        _ frequencies: UnsafeBufferPointer<UInt16>, states: Int, mayBeEmpty: Bool, into table: UnsafeMutablePointer<SymbolEntry>
    ) throws(OverfullTable) {
        table.update(repeating: SymbolEntry(bits: 0, symbol: 0, nextBase: 0), count: states)
        try forEachState(frequencies, states: states, mayBeEmpty: mayBeEmpty) { state, symbol, bits, nextBase in
            table[state] = SymbolEntry(bits: UInt8(bits), symbol: UInt8(truncatingIfNeeded: symbol), nextBase: UInt16(nextBase))
        }
    }

    /// Fills `table` for an L, M or D coder: as `buildSymbolTable`, each symbol standing for a
    /// range of values, `extraBits[symbol]` bits wide from `bases[symbol]`.
    static func buildValueTable(
        _ frequencies: UnsafeBufferPointer<UInt16>, states: Int, mayBeEmpty: Bool, extraBits: [UInt8], bases: [Int32],
        into table: UnsafeMutablePointer<ValueEntry>
    ) throws(OverfullTable) {
        table.update(repeating: ValueEntry(totalBits: 0, valueBits: 0, nextBase: 0, valueBase: 0), count: states)
        try forEachState(frequencies, states: states, mayBeEmpty: mayBeEmpty) { state, symbol, bits, nextBase in
            let extra = extraBits[symbol]
            table[state] = ValueEntry(totalBits: UInt8(bits) + extra, valueBits: extra, nextBase: UInt16(nextBase), valueBase: bases[symbol])
        }
    }

    /// Calls `body` for each state with its symbol and how its successor is found.
    ///
    /// A symbol of frequency `f` reads `k` or `k - 1` bits, `k` being the shift that puts `f << k`
    /// in `states..<2 * states`: its first `(2 * states >> k) - f` states read `k` bits, the others
    /// `k - 1`, and the ranges the successors cover, taken in order, tile all the states once.
    private static func forEachState(
        _ frequencies: UnsafeBufferPointer<UInt16>, states: Int, mayBeEmpty: Bool, _ body: (Int, Int, Int, Int) -> Void
    ) throws(OverfullTable) {
        let sum = frequencies.reduce(0) { $0 + Int($1) }
        guard sum == states || (sum == 0 && mayBeEmpty) else { throw OverfullTable(sum: sum) }
        let stateBits = states.trailingZeroBitCount
        var state = 0
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            let count = Int(frequency)
            // `count <= states`, since they sum to `states`: the shift is never negative.
            let shift = stateBits - (Int.bitWidth - 1 - count.leadingZeroBitCount)
            let wide = ((2 * states) >> shift) - count
            for index in 0..<count {
                let (bits, nextBase) =
                    index < wide
                    ? (shift, ((count + index) << shift) - states)
                    : (shift - 1, (index - wide) << (shift - 1))
                // The tiling argument above, checked rather than trusted: a successor outside the
                // table would be a read out of bounds in the decoding loops.
                guard nextBase >= 0, nextBase + (1 << bits) <= states else { throw OverfullTable(sum: sum) }
                body(state, symbol, bits, nextBase)
                state += 1
            }
        }
    }

    /// Reads a bit stream from its end towards its start, as the encoder wrote it forward: the
    /// accumulator holds the next bits at its top, and is topped up a few whole bytes at a time.
    ///
    /// Every byte it loads lies in `start..<end`; a refill that would need bytes before `start`
    /// fails, and `take` is only asked for bits the last refill guaranteed (at least 56 are there
    /// after one, and no caller takes more than 54 between refills).
    struct BackwardBitReader {
        private var accumulator: UInt64
        /// Valid bits in the accumulator, 0 to 63; the bits above them are 0.
        private var count: Int
        /// The lowest byte loaded so far.
        private var position: UnsafePointer<UInt8>
        private let start: UnsafePointer<UInt8>

        /// A reader of the stream whose last byte is just before `end`. `finalBits` (0 to -7)
        /// says how many bits of the last whole word the encoder left unused; the unused bits
        /// must be 0. Nil when the stream does not start (end) so.
        init?(start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, finalBits: Int) {
            let length = end - start
            self.start = start
            if finalBits < 0 {
                guard length >= 8 else { return nil }
                position = end - 8
                accumulator = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
                count = 64 + finalBits
            } else {
                // A stream that ends on a whole word is read 7 bytes first, so that the
                // accumulator never holds 64 bits (whose shift Swift would make a special case).
                guard length >= 7 else { return nil }
                position = end - 7
                accumulator = 0
                for index in 0..<7 { accumulator |= UInt64(position[index]) << UInt64(8 * index) }
                count = 56
            }
            guard accumulator >> UInt64(count) == 0 else { return nil }
        }

        /// Loads whole bytes until at least 56 bits are there; false when the stream's start is
        /// reached first.
        @inline(__always)
        mutating func refill() -> Bool {
            let bytes = (63 - count) >> 3
            guard bytes > 0 else { return true }
            guard position - start >= bytes else { return false }
            position -= bytes
            // `position + 8` is at most the previous `position + 7`: every byte loaded is in the stream.
            let incoming = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            let added = bytes << 3
            accumulator = accumulator &<< UInt64(added) | incoming & ((1 &<< UInt64(added)) &- 1)
            count &+= added
            return true
        }

        /// The next `bits` bits (at most what the last refill left), the first read highest.
        @inline(__always)
        mutating func take(_ bits: Int) -> UInt64 {
            count &-= bits
            let value = accumulator &>> UInt64(count)
            accumulator &= (1 &<< UInt64(count)) &- 1
            return value
        }
    }
}
