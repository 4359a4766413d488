import Foundation
import Testing

@testable import BundleCheckFormats

/// Code pages hashed partly by a helper thread give the digests, and the verdicts, that
/// hashing them all on one thread gives.
@Suite(.hangGuard) struct CodePageSharingTests {
    /// Bytes no page of which repeats another (a xorshift stream).
    static func code(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    static func slots(_ code: [UInt8], _ algorithm: Digest.Algorithm) throws -> [UInt8] {
        try stride(from: 0, to: code.count, by: CodePageHasher.pageSize).flatMap { start in
            try Digest.hash(code[start..<min(start + CodePageHasher.pageSize, code.count)], algorithm)
        }
    }

    /// Feeds `code` as the forward pass does: the header first, then 64 KiB reads, so pages
    /// straddle the chunks; a helper waits in `work` throughout.
    static func hash(_ code: [UInt8], maxKeptPages: Int, work: SharedWork?) throws -> CodePageHasher {
        let hasher = try CodePageHasher(algorithms: [.sha256, .sha1], maxKeptPages: maxKeptPages, sharing: work)
        var start = 0
        for length in [248] + Array(repeating: 64 << 10, count: code.count / (64 << 10) + 1) where start < code.count {
            let end = min(start + length, code.count)
            try code[start..<end].withUnsafeBytes { try hasher.feed($0) }
            start = end
        }
        try hasher.finish()
        return hasher
    }

    @Test(arguments: [5_000, 3 << 20, 2_621_440, 3 * (1 << 20) + 100])
    func aHelperHashesPagesToTheSameDigests(size: Int) throws {
        let code = Self.code(size)
        let sha256 = try Self.slots(code, .sha256)
        let sha1 = try Self.slots(code, .sha1)
        let truncated = stride(from: 0, to: sha256.count, by: 32).flatMap { sha256[$0..<($0 + 20)] }
        let pages = (size + 4095) / 4096
        let work = SharedWork()
        let helper = SharedWorkTests.startHelper(work)
        defer {
            work.close()
            _ = helper.wait(timeout: .now() + 10)
        }
        // Kept digests and the fold past them both come from batches.
        for kept in [pages, 100] {
            let hasher = try Self.hash(code, maxKeptPages: kept, work: work)
            #expect(hasher.pageCount == pages && hasher.byteCount == UInt64(size))
            #expect(try hasher.compare(with: sha256[...], hashType: .sha256, slotSize: 32) == .matched)
            #expect(try hasher.compare(with: sha1[...], hashType: .sha1, slotSize: 20) == .matched)
            #expect(try hasher.compare(with: truncated[...], hashType: .sha256Truncated, slotSize: 20) == .matched)
        }
        if size > 1 << 20 {
            #expect(work.jobsRunByHelpers > 0, "the helper hashed some batches")
        }
        // A changed page is found where it is, before and past the kept pages.
        for page in [3, pages - 1] where pages > 3 {
            var changed = code
            changed[page * 4096 + 7] ^= 1
            let hasher = try Self.hash(changed, maxKeptPages: 100, work: work)
            let check = try hasher.compare(with: sha256[...], hashType: .sha256, slotSize: 32)
            #expect(check == (page < 100 ? .mismatched(firstPage: page) : .mismatchedAfter(page: 100)))
        }
    }

    @Test func withoutAHelperNothingIsHandedOver() throws {
        let code = Self.code(2 << 20)
        let work = SharedWork()
        let hasher = try Self.hash(code, maxKeptPages: 10_000, work: work)
        #expect(try hasher.compare(with: Self.slots(code, .sha256)[...], hashType: .sha256, slotSize: 32) == .matched)
        #expect(work.jobsRunByHelpers == 0)
    }
}
