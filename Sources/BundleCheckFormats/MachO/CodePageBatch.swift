/// Consecutive code pages copied out of the forward pass so that another thread can hash them
/// (`CodePageHasher` hands them over through `SharedWork`), with the digests that thread
/// writes: one slot per page and algorithm, in page order.
///
/// A batch is filled, hashed and read by one thread at a time (the ticket's lock orders
/// them), and is used again for later pages once its digests are read: a hasher allocates a
/// batch only when all of its batches are out, so at most `maxOutstandingBatches` + 1.
final class CodePageBatch: @unchecked Sendable {
    static let pages = 64
    static let capacity = pages * CodePageHasher.pageSize

    let algorithms: [Digest.Algorithm]
    private let bytes: UnsafeMutableRawBufferPointer
    /// Per algorithm, `pages` slots of its size.
    private let digests: [UnsafeMutableRawBufferPointer]
    private let contexts: [Digest]
    private(set) var count = 0
    private(set) var failure: DigestError?

    init(algorithms: [Digest.Algorithm]) throws(DigestError) {
        self.algorithms = algorithms
        var contexts: [Digest] = []
        for algorithm in algorithms { contexts.append(try Digest(algorithm)) }
        self.contexts = contexts
        bytes = .allocate(byteCount: Self.capacity, alignment: 64)
        digests = algorithms.map { .allocate(byteCount: Self.pages * $0.size, alignment: 8) }
    }

    deinit {
        bytes.deallocate()
        for buffer in digests { buffer.deallocate() }
    }

    var isFull: Bool { count == Self.capacity }

    /// Pages held, the last of which may be partial (the last of the code).
    var pageCount: Int { (count + CodePageHasher.pageSize - 1) / CodePageHasher.pageSize }

    /// Copies what fits of `source`; returns how many bytes it took.
    func append(_ source: Slice<UnsafeRawBufferPointer>) -> Int {
        let taken = min(source.count, Self.capacity - count)
        guard taken > 0 else { return 0 }
        UnsafeMutableRawBufferPointer(rebasing: bytes[count..<(count + taken)])
            .copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(taken)))
        count += taken
        return taken
    }

    /// Hashes every page held with every algorithm; a failure is kept for the owner to throw.
    func hash() {
        do throws(DigestError) {
            for page in 0..<pageCount {
                let start = page * CodePageHasher.pageSize
                let part = UnsafeRawBufferPointer(rebasing: bytes[start..<min(start + CodePageHasher.pageSize, count)])
                for (index, context) in contexts.enumerated() {
                    let size = algorithms[index].size
                    try context.update(part)
                    try context.finish(into: UnsafeMutableRawBufferPointer(rebasing: digests[index][(page * size)..<((page + 1) * size)]))
                }
            }
        } catch {
            failure = error
        }
    }

    /// The digest of page `page` with the algorithm at `index`, once hashed.
    func digest(page: Int, algorithm index: Int) -> UnsafeRawBufferPointer {
        let size = algorithms[index].size
        return UnsafeRawBufferPointer(rebasing: digests[index][(page * size)..<((page + 1) * size)])
    }

    /// Empty again, for the next pages.
    func reset() {
        count = 0
        failure = nil
    }
}
