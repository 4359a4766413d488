/// Decodes one `bvx1` or `bvx2` block: its literal bytes first, all of them (four interleaved
/// FSE streams read from the end of the literal payload back), then its L, M, D triples (three
/// FSE coders sharing one stream, read the same way), each copying L literals and then M bytes
/// from D bytes back. A triple's D of 0 repeats the previous triple's distance.
///
/// The header was checked (`LZFSECompressedBlockHeader.validate`) and the tables are built
/// checked, so the states index their tables without a check; what the loops check is what the
/// stream's bits decide: a bit stream running out, a triple taking more literals than there are
/// or writing past the block's declared size, and a distance reaching before the output.
enum LZFSECompressedBlock {
    /// The tables and literal buffer of a block, allocated once per stream and reused.
    final class Workspace {
        /// The block's literals, with room for the copies' 16-byte reads past the last one.
        let literals: UnsafeMutablePointer<UInt8>
        static let literalCapacity = LZFSEFormat.maxLiteralsPerBlock + 64
        let literalTable: UnsafeMutablePointer<LZFSEFiniteStateEntropy.SymbolEntry>
        let literalLengthTable: UnsafeMutablePointer<LZFSEFiniteStateEntropy.ValueEntry>
        let matchLengthTable: UnsafeMutablePointer<LZFSEFiniteStateEntropy.ValueEntry>
        let distanceTable: UnsafeMutablePointer<LZFSEFiniteStateEntropy.ValueEntry>
        let frequencies: UnsafeMutableBufferPointer<UInt16>

        init() {
            literals = .allocate(capacity: Self.literalCapacity)
            // Zeroed so that the copies' reads past the decoded literals read defined bytes.
            literals.initialize(repeating: 0, count: Self.literalCapacity)
            literalTable = .allocate(capacity: LZFSEFormat.literalStates)
            literalLengthTable = .allocate(capacity: LZFSEFormat.literalLengthStates)
            matchLengthTable = .allocate(capacity: LZFSEFormat.matchLengthStates)
            distanceTable = .allocate(capacity: LZFSEFormat.distanceStates)
            frequencies = .allocate(capacity: LZFSEFormat.frequencyCount)
            frequencies.initialize(repeating: 0)
        }

        deinit {
            literals.deallocate()
            literalTable.deallocate()
            literalLengthTable.deallocate()
            matchLengthTable.deallocate()
            distanceTable.deallocate()
            frequencies.deallocate()
        }
    }

    /// Decodes `block` of `input` into its `decodedCount` bytes at `destination` (followed by
    /// `LZFSECopy.slack` writable bytes); matches may reach back to `origin`.
    static func decode(
        _ block: LZFSEBlockHeader, _ fields: LZFSECompressedBlockHeader, input: UnsafeBufferPointer<UInt8>,
        into destination: UnsafeMutablePointer<UInt8>, origin: UnsafeMutablePointer<UInt8>, workspace: Workspace
    ) throws(LZFSEError) {
        guard let base = input.baseAddress else { throw .badBitStream(block: block.index, offset: block.offset, stream: "literal") }
        try buildTables(block, fields, input: input, workspace: workspace)
        try decodeLiterals(block, fields, base: base, workspace: workspace)
        try decodeTriples(block, fields, base: base, into: destination, origin: origin, workspace: workspace)
    }

    private static func buildTables(
        _ block: LZFSEBlockHeader, _ fields: LZFSECompressedBlockHeader, input: UnsafeBufferPointer<UInt8>, workspace: Workspace
    ) throws(LZFSEError) {
        try fields.readFrequencies(input, block: block, into: workspace.frequencies)
        let frequencies = UnsafeBufferPointer(workspace.frequencies)
        let noMatches = fields.matchCount == 0
        func build(_ table: String, states: Int, _ make: () throws(LZFSEFiniteStateEntropy.OverfullTable) -> Void) throws(LZFSEError) {
            do {
                try make()
            } catch {
                throw .badFrequencyTable(block: block.index, offset: block.offset, table: table, sum: error.sum, states: states)
            }
        }
        try build("L", states: LZFSEFormat.literalLengthStates) { () throws(LZFSEFiniteStateEntropy.OverfullTable) in
            try LZFSEFiniteStateEntropy.buildValueTable(
                UnsafeBufferPointer(rebasing: frequencies[0..<20]), states: LZFSEFormat.literalLengthStates, mayBeEmpty: noMatches,
                extraBits: LZFSEFormat.literalLengthExtraBits, bases: LZFSEFormat.literalLengthBases, into: workspace.literalLengthTable
            )
        }
        try build("M", states: LZFSEFormat.matchLengthStates) { () throws(LZFSEFiniteStateEntropy.OverfullTable) in
            try LZFSEFiniteStateEntropy.buildValueTable(
                UnsafeBufferPointer(rebasing: frequencies[20..<40]), states: LZFSEFormat.matchLengthStates, mayBeEmpty: noMatches,
                extraBits: LZFSEFormat.matchLengthExtraBits, bases: LZFSEFormat.matchLengthBases, into: workspace.matchLengthTable
            )
        }
        try build("D", states: LZFSEFormat.distanceStates) { () throws(LZFSEFiniteStateEntropy.OverfullTable) in
            try LZFSEFiniteStateEntropy.buildValueTable(
                UnsafeBufferPointer(rebasing: frequencies[40..<104]), states: LZFSEFormat.distanceStates, mayBeEmpty: noMatches,
                extraBits: LZFSEFormat.distanceExtraBits, bases: LZFSEFormat.distanceBases, into: workspace.distanceTable
            )
        }
        try build("literal", states: LZFSEFormat.literalStates) { () throws(LZFSEFiniteStateEntropy.OverfullTable) in
            try LZFSEFiniteStateEntropy.buildSymbolTable(
                UnsafeBufferPointer(rebasing: frequencies[104..<360]), states: LZFSEFormat.literalStates,
                mayBeEmpty: fields.literalCount == 0, into: workspace.literalTable
            )
        }
    }

    /// The literals, four at a time (the encoder pads them to a multiple of 4, and a count that
    /// is not one decodes the last group whole: the buffer has room). The stream may be shorter
    /// than a word: its first load then reaches back into the block's header (at least 32 bytes),
    /// bits the encoder never meant to be read, so the stream is bounded by the block's start.
    private static func decodeLiterals(
        _ block: LZFSEBlockHeader, _ fields: LZFSECompressedBlockHeader, base: UnsafePointer<UInt8>, workspace: Workspace
    ) throws(LZFSEError) {
        let end = base + block.payloadStart + fields.literalPayloadLength
        guard var reader = LZFSEFiniteStateEntropy.BackwardBitReader(start: base + block.offset, end: end, finalBits: fields.literalBits) else {
            throw .badBitStream(block: block.index, offset: block.offset, stream: "literal")
        }
        let table = UnsafePointer(workspace.literalTable)
        var states = fields.literalStates
        @inline(__always)
        func next(_ state: inout Int, _ reader: inout LZFSEFiniteStateEntropy.BackwardBitReader) -> UInt8 {
            let entry = table[state]
            state = Int(entry.nextBase) &+ Int(truncatingIfNeeded: reader.take(Int(entry.bits)))
            return entry.symbol
        }
        var output = workspace.literals
        for _ in 0..<((fields.literalCount + 3) / 4) {
            // 4 literals of at most 10 bits each after a refill to 56 or more.
            guard reader.refill() else { throw .badBitStream(block: block.index, offset: block.offset, stream: "literal") }
            output[0] = next(&states.0, &reader)
            output[1] = next(&states.1, &reader)
            output[2] = next(&states.2, &reader)
            output[3] = next(&states.3, &reader)
            output += 4
        }
    }

    /// The triples, executed as they are decoded. The stream starts after 8 bytes of padding the
    /// encoder writes first, so it is bounded by its own payload.
    private static func decodeTriples(
        _ block: LZFSEBlockHeader, _ fields: LZFSECompressedBlockHeader, base: UnsafePointer<UInt8>,
        into destination: UnsafeMutablePointer<UInt8>, origin: UnsafeMutablePointer<UInt8>, workspace: Workspace
    ) throws(LZFSEError) {
        let start = base + block.payloadStart + fields.literalPayloadLength
        guard var reader = LZFSEFiniteStateEntropy.BackwardBitReader(start: start, end: start + fields.lmdPayloadLength, finalBits: fields.lmdBits) else {
            throw .badBitStream(block: block.index, offset: block.offset, stream: "L, M, D")
        }
        let lengths = UnsafePointer(workspace.literalLengthTable)
        let matches = UnsafePointer(workspace.matchLengthTable)
        let distances = UnsafePointer(workspace.distanceTable)
        @inline(__always)
        func value(
            _ table: UnsafePointer<LZFSEFiniteStateEntropy.ValueEntry>, _ state: inout Int, _ reader: inout LZFSEFiniteStateEntropy.BackwardBitReader
        ) -> Int {
            let entry = table[state]
            let bits = reader.take(Int(entry.totalBits))
            let valueBits = UInt64(entry.valueBits)
            // Wrapping arithmetic: the operands are 16- and 32-bit table fields and at most 23 bits.
            state = Int(entry.nextBase) &+ Int(truncatingIfNeeded: bits &>> valueBits)
            return Int(entry.valueBase) &+ Int(truncatingIfNeeded: bits & ((1 &<< valueBits) &- 1))
        }
        var lengthState = fields.literalLengthState, matchState = fields.matchLengthState, distanceState = fields.distanceState
        var literal = UnsafePointer(workspace.literals)
        let literalEnd = literal + fields.literalCount
        let literalBufferEnd = literal + Workspace.literalCapacity
        var output = destination
        let outputEnd = destination + block.decodedCount
        var distance = 0
        for triple in 0..<fields.matchCount {
            // At most 14 + 17 + 23 bits for one triple after a refill to 56 or more.
            guard reader.refill() else { throw .badBitStream(block: block.index, offset: block.offset, stream: "L, M, D") }
            let literalCount = value(lengths, &lengthState, &reader)
            let matchCount = value(matches, &matchState, &reader)
            let newDistance = value(distances, &distanceState, &reader)
            if newDistance != 0 { distance = newDistance }
            guard literalCount <= literalEnd - literal else {
                throw .literalsExhausted(block: block.index, offset: block.offset, match: triple, literals: fields.literalCount)
            }
            // L is at most 315 and M 2,359: the sum cannot wrap.
            guard literalCount &+ matchCount <= outputEnd - output else {
                throw .decodesPastDeclaredSize(block: block.index, offset: block.offset, declared: block.decodedCount)
            }
            // The buffer holds 64 bytes past its largest count: the 16-byte copies stay inside it.
            LZFSECopy.literals(from: literal, sourceAvailable: literalBufferEnd - literal, to: output, count: literalCount)
            literal += literalCount
            output += literalCount
            if matchCount > 0 {
                guard distance > 0, distance <= output - origin else {
                    throw .matchDistanceOutOfRange(block: block.index, offset: block.offset, distance: distance, available: output - origin)
                }
                LZFSECopy.match(at: output, distance: distance, count: matchCount)
                output += matchCount
            }
        }
        guard output == outputEnd else {
            throw .decodesShort(block: block.index, offset: block.offset, decoded: output - destination, declared: block.decodedCount)
        }
    }
}
