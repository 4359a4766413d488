/// Hashes a slice's code pages while the forward pass goes over them, before the CodeDirectory
/// (which sits after the code) says which hashes to expect.
///
/// Pages are 4096 bytes, the size codesign writes for iOS. Each page is hashed with every
/// algorithm asked for; the digests of the first `maxKeptPages` pages (`MachOLimits.maxKeptPageHashes`) are kept one by
/// one (32 bytes a page for SHA-256, under 1% of the code) so a mismatch can name its page,
/// and the digests of any later page are folded into one running digest. Memory is bounded
/// however large the executable: the pages themselves are kept only while a helper hashes them.
///
/// Given `sharing`, pages can be hashed on another thread: while a helper is there (its own
/// work done), the pages are copied into `CodePageBatch`es of 256 KiB and offered to it, at
/// most `maxOutstandingBatches` at a time, and their digests are taken back in page order,
/// so the result is the same whoever hashed which page. While no helper is there, the pages
/// are hashed here as they pass, without a copy.
final class CodePageHasher {
    static let pageSize = 4096
    /// Batches handed over and not yet taken back: with the one being filled, 2.25 MiB of
    /// copied pages at most.
    static let maxOutstandingBatches = 8
    /// How many pages pass between two looks for a helper.
    static let pagesBetweenLooks = 16

    let algorithms: [Digest.Algorithm]
    private let maxKeptPages: Int
    /// The page being filled, one digest per algorithm.
    private let pageDigests: [Digest]
    private var kept: [[UInt8]]
    /// Per algorithm, the digests of the pages past the kept ones folded into one SHA-256,
    /// whole and cut to 20 bytes (SHA-256 truncated slots hold the first 20 bytes).
    private let folds: [[Int: Digest]]
    /// Room for one page's digest of any algorithm.
    private let scratch: UnsafeMutableRawBufferPointer
    private var filled = 0
    private(set) var pageCount = 0
    private(set) var byteCount: UInt64 = 0
    private let sharing: SharedWork?
    /// Batches in page order: handed over (with a ticket) or hashed here (without).
    private var outstanding: [(batch: CodePageBatch, ticket: SharedWork.Ticket?)] = []
    /// The batch being filled, once pages go by batch.
    private var current: CodePageBatch?
    private var spareBatches: [CodePageBatch] = []
    private var pagesSinceLook = 0

    /// - Parameter expectedBytes: how much the slice can hold at most, so the kept digests are
    ///   reserved once instead of growing by doubling (which held up to twice them).
    init(
        algorithms: [Digest.Algorithm], maxKeptPages: Int = MachOLimits.standard.maxKeptPageHashes, expectedBytes: UInt64 = 0,
        sharing: SharedWork? = nil
    ) throws(DigestError) {
        self.algorithms = algorithms
        self.maxKeptPages = max(maxKeptPages, 0)
        self.sharing = sharing
        var digests: [Digest] = []
        var folds: [[Int: Digest]] = []
        for algorithm in algorithms {
            digests.append(try Digest(algorithm))
            var fold: [Int: Digest] = [algorithm.size: try Digest(.sha256)]
            if algorithm == .sha256 { fold[20] = try Digest(.sha256) }
            folds.append(fold)
        }
        self.pageDigests = digests
        let expectedPages = Int(min(expectedBytes / UInt64(Self.pageSize) + 1, UInt64(self.maxKeptPages)))
        self.kept = algorithms.map { algorithm in
            var digests: [UInt8] = []
            digests.reserveCapacity(expectedPages * algorithm.size)
            return digests
        }
        self.folds = folds
        scratch = .allocate(byteCount: Digest.Algorithm.allCases.map(\.size).max() ?? 64, alignment: 8)
    }

    deinit {
        // A hasher dropped half way (a read that failed) still owns batches a helper may hold.
        if let sharing { for entry in outstanding { if let ticket = entry.ticket { sharing.complete(ticket) } } }
        scratch.deallocate()
    }

    func feed(_ bytes: UnsafeRawBufferPointer) throws(DigestError) {
        byteCount += UInt64(bytes.count)
        var rest = bytes[...]
        while !rest.isEmpty {
            if current == nil, outstanding.isEmpty {
                if filled == 0, startsBatches() {
                    current = try takeBatch()
                    continue
                }
                let count = min(Self.pageSize - filled, rest.count)
                let part = UnsafeRawBufferPointer(rebasing: rest.prefix(count))
                for digest in pageDigests { try digest.update(part) }
                filled += count
                rest = rest.dropFirst(count)
                if filled == Self.pageSize { try endPage() }
            } else {
                let batch: CodePageBatch
                if let current { batch = current } else { batch = try takeBatch() }
                current = batch
                rest = rest.dropFirst(batch.append(rest))
                if batch.isFull {
                    current = nil
                    try hand(batch)
                }
            }
        }
    }

    func feed(_ bytes: [UInt8]) throws(DigestError) {
        let failure: DigestError? = bytes.withUnsafeBytes { raw in
            do throws(DigestError) {
                try feed(raw)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Ends the last, partial page and takes back every batch. Call once, after the last byte.
    func finish() throws(DigestError) {
        if let batch = current {
            current = nil
            batch.hash()
            outstanding.append((batch, nil))
        }
        while let entry = outstanding.first {
            if let ticket = entry.ticket { sharing?.complete(ticket) }
            try retireFirst()
        }
        if filled > 0 { try endPage() }
    }

    /// Compares the pages hashed with `slots`, `slotSize` bytes each, of `hashType`.
    func compare(with slots: ArraySlice<UInt8>, hashType: CodeDirectoryHashType, slotSize: Int) throws(DigestError) -> CodePageCheck {
        guard let algorithm = hashType.algorithm, let index = algorithms.firstIndex(of: algorithm) else {
            return .unverifiable("its \(hashType) hashes were not computed")
        }
        guard slots.count == pageCount * slotSize else {
            return .unverifiable("it lists \(slots.count / max(slotSize, 1)) code pages, but \(pageCount) were hashed")
        }
        let size = algorithm.size
        let keptCount = min(pageCount, maxKeptPages)
        for page in 0..<keptCount {
            let computed = kept[index][(page * size)..<(page * size + slotSize)]
            let start = slots.startIndex + page * slotSize
            if !computed.elementsEqual(slots[start..<(start + slotSize)]) { return .mismatched(firstPage: page) }
        }
        guard pageCount > keptCount, let fold = folds[index][slotSize] else { return .matched }
        let expected = try Digest.hash(slots.dropFirst(keptCount * slotSize), .sha256)
        return try fold.finish() == expected ? .matched : .mismatchedAfter(page: keptCount)
    }

    /// Whether to copy pages from here on for a helper: looked at every few pages, since it
    /// takes the shared lock.
    private func startsBatches() -> Bool {
        guard let sharing else { return false }
        pagesSinceLook += 1
        guard pagesSinceLook >= Self.pagesBetweenLooks else { return false }
        pagesSinceLook = 0
        return sharing.hasHelper
    }

    private func takeBatch() throws(DigestError) -> CodePageBatch {
        if let batch = spareBatches.popLast() { return batch }
        return try CodePageBatch(algorithms: algorithms)
    }

    /// Offers a full batch to a helper, or hashes it here when none is there. With
    /// `maxOutstandingBatches` out, a batch no helper has started yet is hashed here: the
    /// helper is behind, and this thread has time.
    private func hand(_ batch: CodePageBatch) throws(DigestError) {
        try retireDone()
        while outstanding.count >= Self.maxOutstandingBatches {
            // The latest is the likeliest not to be started.
            var ranOne = false
            for entry in outstanding.reversed() {
                if let ticket = entry.ticket, sharing?.runHereIfQueued(ticket) == true {
                    ranOne = true
                    break
                }
            }
            if !ranOne, let ticket = outstanding.first?.ticket { sharing?.complete(ticket) }
            try retireDone()
        }
        if let ticket = sharing?.offer({ batch.hash() }) {
            outstanding.append((batch, ticket))
            return
        }
        batch.hash()
        outstanding.append((batch, nil))
        try retireDone()
    }

    /// Takes the digests of the batches at the front that are done.
    private func retireDone() throws(DigestError) {
        while let entry = outstanding.first, entry.ticket.map({ sharing?.isDone($0) ?? true }) ?? true {
            try retireFirst()
        }
    }

    /// Takes the first outstanding batch's digests, which must be done, in page order.
    private func retireFirst() throws(DigestError) {
        let batch = outstanding.removeFirst().batch
        if let failure = batch.failure { throw failure }
        for page in 0..<batch.pageCount {
            for index in algorithms.indices { try record(batch.digest(page: page, algorithm: index), algorithm: index) }
            pageCount += 1
        }
        batch.reset()
        spareBatches.append(batch)
    }

    private func endPage() throws(DigestError) {
        for (index, digest) in pageDigests.enumerated() {
            let slot = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<digest.algorithm.size])
            try digest.finish(into: slot)
            try record(UnsafeRawBufferPointer(slot), algorithm: index)
        }
        pageCount += 1
        filled = 0
    }

    /// Keeps the page's digest, or folds it once past the kept pages; `pageCount` is the page's number.
    private func record(_ value: UnsafeRawBufferPointer, algorithm index: Int) throws(DigestError) {
        if pageCount < maxKeptPages {
            kept[index].append(contentsOf: value)
        } else {
            for (size, fold) in folds[index] { try fold.update(UnsafeRawBufferPointer(rebasing: value[0..<size])) }
        }
    }
}
