/// Hashes a slice's code pages while the forward pass goes over them, before the CodeDirectory
/// (which sits after the code) says which hashes to expect.
///
/// Pages are 4096 bytes, the size codesign writes for iOS. Each page is hashed with every
/// algorithm asked for; the digests of the first `maxKeptPages` pages (`MachOLimits.maxKeptPageHashes`) are kept one by
/// one (32 bytes a page for SHA-256, under 1% of the code) so a mismatch can name its page,
/// and the digests of any later page are folded into one running digest. Memory is bounded
/// however large the executable: the pages themselves are never kept.
final class CodePageHasher {
    static let pageSize = 4096

    let algorithms: [Digest.Algorithm]
    private let maxKeptPages: Int
    /// The page being filled, one digest per algorithm.
    private let pageDigests: [Digest]
    private var kept: [[UInt8]]
    /// Per algorithm, the digests of the pages past the kept ones folded into one SHA-256,
    /// whole and cut to 20 bytes (SHA-256 truncated slots hold the first 20 bytes).
    private let folds: [[Int: Digest]]
    private var filled = 0
    private(set) var pageCount = 0
    private(set) var byteCount: UInt64 = 0

    /// - Parameter expectedBytes: how much the slice can hold at most, so the kept digests are
    ///   reserved once instead of growing by doubling (which held up to twice them).
    init(
        algorithms: [Digest.Algorithm], maxKeptPages: Int = MachOLimits.standard.maxKeptPageHashes, expectedBytes: UInt64 = 0
    ) throws(DigestError) {
        self.algorithms = algorithms
        self.maxKeptPages = max(maxKeptPages, 0)
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
    }

    func feed(_ bytes: UnsafeRawBufferPointer) throws(DigestError) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = min(Self.pageSize - filled, rest.count)
            let part = UnsafeRawBufferPointer(rebasing: rest.prefix(count))
            for digest in pageDigests { try digest.update(part) }
            filled += count
            byteCount += UInt64(count)
            rest = rest.dropFirst(count)
            if filled == Self.pageSize { try endPage() }
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

    /// Ends the last, partial page. Call once, after the last byte.
    func finish() throws(DigestError) {
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

    private func endPage() throws(DigestError) {
        for (index, digest) in pageDigests.enumerated() {
            let value = try digest.finish()
            if pageCount < maxKeptPages {
                kept[index] += value
            } else {
                for (size, fold) in folds[index] { try fold.update(value.prefix(size)) }
            }
        }
        pageCount += 1
        filled = 0
    }
}
