/// A BOM store read from a stream that only goes forward (a deflated zip entry, which cannot
/// seek), holding only the parts asked for.
///
/// Reading a store means following ids: header → block table and variables → a tree's header →
/// its nodes → their keys and values. Each step needs bytes the previous one pointed at, and
/// they may lie behind what a pass has already read (Apple's tools put the block table and the
/// variables at the end, the trees' nodes near the start). So the store is read in passes, each
/// a fresh stream from `open`, keeping the byte ranges asked for and stopping after the last:
///
/// 1. at `init`: the first `streamedHeadLength` bytes (the header, and where Apple's tools put
///    `CARHEADER`, the trees' headers and their first nodes), the block table and variables;
/// 2. each `fetch`: the blocks a reader found it lacked (`BOMError.notFetched` from `block`),
///    in one pass whatever their order.
///
/// What is kept is capped (`BOMLimits.maxStreamedBytesKept`), and so are the passes
/// (`maxStreamPasses`), so neither a catalog's size nor its links bound the memory or the time.
package final class BOMStreamedStore: BOMBlockSource {
    /// A fresh reader of the store's bytes from its start.
    package typealias Open = () throws -> any EntryReader

    package let length: Int
    package let header: BOMStoreHeader
    package let blocks: BOMBlockTable
    package let variables: BOMVariables
    package let limits: BOMLimits
    /// Passes made over the stream so far.
    package private(set) var passes = 0

    private let open: Open
    /// The head of the file, the block table and the variables: kept by the first pass.
    private let head: KeptRange
    /// Blocks kept by `fetch`, by id: whole, or only a prefix.
    private var fetched: [UInt32: Held] = [:]
    /// The buffers fetches kept their blocks in; `Held` points into them.
    private var arenas: [[UInt8]] = []
    private var keptBytes: Int

    package init(length: Int, limits: BOMLimits = .standard, open: @escaping Open) throws {
        self.length = length
        self.limits = limits
        self.open = open
        let headLength = min(length, max(BOMStoreHeader.length, limits.streamedHeadLength))

        // One pass reads the head, and, once the header in it says where they lie, the block
        // table and the variables as they stream by.
        var table: KeptRange?
        var names: KeptRange?
        var parsedHeader: BOMStoreHeader?
        var headRange = KeptRange(start: 0, end: headLength)
        passes += 1
        try Self.pass(
            open(), length: length, readsPastRangeEnds: false,
            addingRanges: {
                guard parsedHeader == nil, headRange.isComplete else { return }
                let header = try BOMStoreHeader.read(headRange.bytes[...], fileLength: length)
                parsedHeader = header
                for range in [header.indexRange, header.variablesRange] {
                    guard range.count <= limits.maxStreamedBytesKept else {
                        throw BOMError.tooMuchKept(bytes: range.count, limit: limits.maxStreamedBytesKept)
                    }
                }
                // What of them lies in the head is there already; the pass has read no further.
                table = KeptRange(start: header.indexRange.lowerBound, end: header.indexRange.upperBound, seededFrom: headRange)
                names = KeptRange(start: header.variablesRange.lowerBound, end: header.variablesRange.upperBound, seededFrom: headRange)
            },
            keeping: { visit in
                try visit(&headRange)
                if table != nil { try visit(&table!) }
                if names != nil { try visit(&names!) }
            })
        guard let parsedHeader, let table, let names else {
            throw BOMError.truncated(part: "header", needed: BOMStoreHeader.length, available: headRange.bytes.count)
        }
        header = parsedHeader
        head = headRange
        keptBytes = headRange.bytes.count + table.bytes.count + names.bytes.count
        blocks = try BOMBlockTable.read(table.bytes[...], fileLength: length, limits: limits)
        variables = try BOMVariables.read(names.bytes[...], limits: limits)
    }

    package func block(_ id: UInt32, part: String) throws(BOMError) -> BOMBlock {
        let range = try blocks.range(of: id, part: part)
        guard let bytes = held(range, of: id) else { throw .notFetched(block: id) }
        return BOMBlock(id: id, bytes: bytes)
    }

    /// From the block table: known whether or not the block was fetched.
    package func blockLength(_ id: UInt32, part: String) throws(BOMError) -> Int {
        try blocks.range(of: id, part: part).count
    }

    package func blockPrefix(_ id: UInt32, count: Int, part: String) throws(BOMError) -> BOMBlock {
        let range = try blocks.range(of: id, part: part)
        guard let bytes = held(range.prefix(max(0, count)), of: id) else { throw .notFetched(block: id) }
        return BOMBlock(id: id, bytes: bytes)
    }

    /// Keeps the blocks `requests` name that are not held already, in one pass (none when all are).
    ///
    /// What a pass keeps goes into one buffer sized before it starts (the prefixes and whole
    /// blocks asked for), each block a slice of it: a fetch of 100,000 small blocks costs their
    /// bytes, not an array each. The rest of a block its caller wants on seeing its prefix goes
    /// into an array of its own (the App Store icon's pixels).
    ///
    /// `requests` is consumed: a sweep's list of every block is let go once the pending ranges
    /// are made from it, before the buffer is allocated (on a 256 MiB catalog, 3.8 MB of the peak).
    package func fetch(_ requests: consuming [BOMFetch]) throws {
        var pending: [Pending] = []
        pending.reserveCapacity(requests.count)
        var pendingBlocks: Set<UInt32> = []
        pendingBlocks.reserveCapacity(requests.count)
        var adding = 0
        for index in requests.indices {
            var request = requests[index]
            let range = try blocks.range(of: request.block, part: "a fetched block")
            var wanted = request.prefix.map { min($0, range.count) } ?? range.count
            // A prefix held already is decided on now; the rest, when wanted, is fetched whole.
            if wanted < range.count, let keepsRest = request.keepsRest, let prefix = held(range.prefix(wanted), of: request.block) {
                guard keepsRest(prefix) else { continue }
                request = .whole(request.block)
                wanted = range.count
            }
            guard held(range.prefix(wanted), of: request.block) == nil, pendingBlocks.insert(request.block).inserted else { continue }
            pending.append(
                Pending(
                    block: request.block, keepsRest: request.prefix == nil ? nil : request.keepsRest, start: range.lowerBound, end: range.lowerBound + wanted,
                    blockEnd: range.upperBound, arenaOffset: adding))
            adding += wanted
        }
        _ = consume requests
        guard !pending.isEmpty else { return }
        try checkKept(adding: adding)
        guard passes < limits.maxStreamPasses else { throw BOMError.tooManyPasses(limit: limits.maxStreamPasses) }
        passes += 1
        pending.sort { $0.start < $1.start }
        var arena = [UInt8](repeating: 0, count: adding)
        let extended = try arena.withUnsafeMutableBytes { buffer in try fetchPass(&pending, arena: buffer, adding: adding) }
        let arenaIndex = UInt32(arenas.count)
        arenas.append(arena)
        for item in pending {
            if item.rest.isEmpty {
                fetched[item.block] = Held(arena: arenaIndex, offset: UInt32(item.arenaOffset), count: UInt32(min(item.filled, item.arenaLength)))
            } else {
                // A block kept with its rest: a buffer of its own.
                fetched[item.block] = Held(arena: UInt32(arenas.count), offset: 0, count: UInt32(item.filled))
                arenas.append(Array(arena[item.arenaOffset..<(item.arenaOffset + item.arenaLength)]) + item.rest)
            }
        }
        keptBytes += adding + extended
    }

    /// The pass of a fetch over `pending`, sorted by start: reads forward 64 KiB at a time,
    /// skipping what no range wants, and hands each piece only to the ranges it reaches, so a
    /// fetch of 100,000 blocks costs what its bytes do. A prefix complete is decided on at once:
    /// when the caller wants the rest, its range grows to the block's end and keeps filling.
    /// Returns the bytes the rests added.
    private func fetchPass(_ pending: inout [Pending], arena: UnsafeMutableRawBufferPointer, adding: Int) throws -> Int {
        let reader = try open()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        var position = 0
        // Every range before `low` is decided and complete (its rest too, when it was wanted).
        var low = 0
        var extended = 0
        func settle(_ index: Int) throws {
            guard !pending[index].decided, pending[index].isComplete else { return }
            pending[index].decided = true
            let item = pending[index]
            let prefix = ArraySlice(UnsafeRawBufferPointer(rebasing: arena[item.arenaOffset..<(item.arenaOffset + item.arenaLength)]))
            guard item.end < item.blockEnd, let keepsRest = item.keepsRest, keepsRest(prefix) else { return }
            // Keeping a rest saves a pass later, so it is never a reason to fail: one that would
            // leave less than a quarter of the cap free is left to be fetched when asked for.
            let rest = item.blockEnd - item.end
            guard adding + extended + rest <= limits.maxStreamedBytesKept - keptBytes - limits.maxStreamedBytesKept / 4 else { return }
            extended += rest
            pending[index].setEnd(item.blockEnd)
            pending[index].rest.reserveCapacity(item.blockEnd - item.start - item.arenaLength)
        }
        while true {
            while low < pending.count, pending[low].decided, pending[low].isComplete { low += 1 }
            guard low < pending.count else { return extended }
            // The next byte some range wants: ranges are sorted by start, and none wants a byte before its start.
            var wanted = Int.max
            var index = low
            while index < pending.count, pending[index].start < wanted {
                try settle(index)
                if !pending[index].isComplete { wanted = min(wanted, pending[index].next) }
                index += 1
            }
            guard wanted != Int.max else { continue }
            if wanted > position {
                try reader.skip(UInt64(wanted - position))
                position = wanted
            }
            let count = try reader.read(into: buffer)
            guard count > 0 else { throw BOMError.streamEnded(at: position, declaredLength: length) }
            let piece = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            index = low
            while index < pending.count, pending[index].start < position + count {
                pending[index].take(piece, at: position, arena: arena)
                try settle(index)
                // The rest, when wanted, may lie in this piece too.
                pending[index].take(piece, at: position, arena: arena)
                index += 1
            }
            position += count
        }
    }

    /// A block a fetch pass is keeping: its first `arenaLength` bytes into the pass's buffer at
    /// `arenaOffset`, the rest (when its caller wants it) into `rest`. Offsets are 32-bit, as a
    /// BOM store's are, so a sweep of 100,000 blocks holds a few MiB of these.
    private struct Pending {
        let block: UInt32
        /// Asked once the prefix is kept; nil for a block asked for whole.
        let keepsRest: ((ArraySlice<UInt8>) -> Bool)?
        private let start32: UInt32
        private var end32: UInt32
        private let blockEnd32: UInt32
        private let arenaOffset32: UInt32
        private let arenaLength32: UInt32
        /// Bytes kept so far, from `start`.
        private var filled32: UInt32 = 0
        /// Whether `keepsRest` has been asked.
        var decided = false
        var rest: [UInt8] = []

        init(block: UInt32, keepsRest: ((ArraySlice<UInt8>) -> Bool)?, start: Int, end: Int, blockEnd: Int, arenaOffset: Int) {
            self.block = block
            self.keepsRest = keepsRest
            start32 = UInt32(start)
            end32 = UInt32(end)
            blockEnd32 = UInt32(blockEnd)
            arenaOffset32 = UInt32(arenaOffset)
            arenaLength32 = UInt32(end - start)
        }

        var start: Int { Int(start32) }
        var end: Int { Int(end32) }
        var blockEnd: Int { Int(blockEnd32) }
        var arenaOffset: Int { Int(arenaOffset32) }
        var arenaLength: Int { Int(arenaLength32) }
        var filled: Int { Int(filled32) }
        var next: Int { start + filled }
        var isComplete: Bool { next >= end }

        mutating func setEnd(_ end: Int) {
            end32 = UInt32(end)
        }

        /// Copies the part of `piece` (at file offset `offset`) that continues what is kept.
        mutating func take(_ piece: UnsafeRawBufferPointer, at offset: Int, arena: UnsafeMutableRawBufferPointer) {
            let from = next
            guard from < end, from >= offset, from < offset + piece.count else { return }
            let upTo = min(end, offset + piece.count)
            // What falls inside the prefix goes to the arena, what lies past it to `rest`.
            let prefixEnd = start + arenaLength
            if from < prefixEnd {
                let stop = min(upTo, prefixEnd)
                arena.baseAddress!.advanced(by: arenaOffset + (from - start))
                    .copyMemory(from: piece.baseAddress!.advanced(by: from - offset), byteCount: stop - from)
            }
            if upTo > prefixEnd {
                let first = max(from, prefixEnd)
                rest.append(contentsOf: piece[(first - offset)..<(upTo - offset)])
            }
            filled32 = UInt32(upTo - start)
        }
    }

    /// Where the bytes a fetch kept of a block lie: `count` bytes from its start, at `offset`
    /// in `arenas[arena]`. Twelve bytes a block, so 100,000 blocks cost little beside their bytes.
    private struct Held {
        let arena: UInt32
        let offset: UInt32
        let count: UInt32
    }

    /// The bytes of `range`, a prefix of block `id`'s range, when the head or a fetch holds them.
    private func held(_ range: Range<Int>, of id: UInt32) -> ArraySlice<UInt8>? {
        if let bytes = head.slice(range) { return bytes }
        guard let held = fetched[id], range.count <= Int(held.count) else { return nil }
        let start = Int(held.offset)
        return arenas[Int(held.arena)][start..<(start + range.count)]
    }

    private func checkKept(adding count: Int) throws {
        guard count <= limits.maxStreamedBytesKept - keptBytes else {
            throw BOMError.tooMuchKept(bytes: keptBytes + count, limit: limits.maxStreamedBytesKept)
        }
    }

    /// One forward pass: reads `reader` 64 KiB at a time, and lets `keeping` copy what its ranges
    /// want of each piece; `addingRanges` runs before each read, so it can add ranges as what is
    /// kept tells it where they are. Stops once every range is complete or at the end,
    /// skipping the stretches no range wants.
    ///
    /// Unless `readsPastRangeEnds`, no read goes past the end of an unfinished range, so a range
    /// `addingRanges` adds once another is complete finds the stream no further than that range's end.
    private static func pass(
        _ reader: any EntryReader, length: Int, readsPastRangeEnds: Bool,
        addingRanges: () throws -> Void,
        keeping: ((inout KeptRange) throws -> Void) throws -> Void
    ) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        var position = 0
        while true {
            try addingRanges()
            // Where the nearest unfinished range wants bytes next; nil when none does.
            var next: Int?
            var nearestEnd = Int.max
            try keeping { range in
                guard !range.isComplete else { return }
                let wanted = range.start + range.bytes.count
                next = min(next ?? wanted, wanted)
                nearestEnd = min(nearestEnd, range.end)
            }
            guard let wanted = next else { return }
            if wanted > position {
                try reader.skip(UInt64(wanted - position))
                position = wanted
            }
            let readLength = readsPastRangeEnds ? buffer.count : max(1, min(buffer.count, nearestEnd - position))
            let count = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<readLength]))
            guard count > 0 else { throw BOMError.streamEnded(at: position, declaredLength: length) }
            let piece = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            let pieceStart = position
            try keeping { range in range.take(piece, at: pieceStart) }
            position += count
        }
    }

    /// A byte range of the file and what of it has been read so far, from its start.
    struct KeptRange {
        let start: Int
        var end: Int
        var bytes: [UInt8] = []

        init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }

        /// A range whose bytes that `other` already holds are copied from it.
        init(start: Int, end: Int, seededFrom other: KeptRange) {
            self.init(start: start, end: end)
            let held = other.start + other.bytes.count
            if start >= other.start, start < held {
                bytes.append(contentsOf: other.bytes[(start - other.start)..<(min(end, held) - other.start)])
            }
        }

        var isComplete: Bool { start + bytes.count >= end }

        /// Copies the part of `piece` (which starts at file offset `offset`) that continues what is kept.
        mutating func take(_ piece: UnsafeRawBufferPointer, at offset: Int) {
            let from = start + bytes.count
            guard from < end, from >= offset, from < offset + piece.count else { return }
            let upTo = min(end, offset + piece.count)
            // At the first bytes, room for the whole range: no doubling past what is kept.
            if bytes.isEmpty { bytes.reserveCapacity(end - start) }
            bytes.append(contentsOf: piece[(from - offset)..<(upTo - offset)])
        }

        /// The bytes of `range` when they are all kept.
        func slice(_ range: Range<Int>) -> ArraySlice<UInt8>? {
            guard range.lowerBound >= start, range.upperBound <= start + bytes.count else { return nil }
            return bytes[(range.lowerBound - start)..<(range.upperBound - start)]
        }
    }
}
