import CIsal
import Foundation

/// Raw deflate data (RFC 1951, as a zip entry stores it) inflated piece by piece by ISA-L's
/// igzip, two to three times as fast as zlib on machine code: the only place in bundlecheck
/// that calls ISA-L's inflate. It keeps the last 32 KiB it wrote in its own state, so the
/// caller's output buffer is free once a call returns.
final class IsalInflater: DeflateInflater {
    /// ISA-L's state, 85 KiB, behind an untyped pointer (the shim says why).
    private let state: UnsafeMutableRawPointer

    /// ISA-L's status when it found the data damaged (`ISAL_INVALID_BLOCK`, `_SYMBOL`, `_LOOKBACK`).
    struct Failure: Error, Equatable {
        let code: Int32
    }

    /// nil when the state could not be allocated.
    init?() {
        guard let state = Self.spareStates.take() ?? bundlecheck_isal_inflate_create() else { return nil }
        self.state = state
    }

    deinit {
        Self.spareStates.give(state)
    }

    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(Failure) -> (consumed: Int, produced: Int, ended: Bool) {
        guard let outputBase = output.baseAddress, !output.isEmpty else { return (0, 0, false) }
        // ISA-L counts in 32 bits: a larger buffer is used in part, which the counts say.
        let inputCount = UInt32(min(input.count, Int(UInt32.max)))
        let outputCount = UInt32(min(output.count, Int(UInt32.max)))
        var consumed: UInt32 = 0
        var produced: UInt32 = 0
        var finished: Int32 = 0
        let status = bundlecheck_isal_inflate(
            state,
            input.baseAddress?.assumingMemoryBound(to: UInt8.self),
            inputCount,
            outputBase.assumingMemoryBound(to: UInt8.self),
            outputCount,
            &consumed,
            &produced,
            &finished
        )
        guard status >= 0 else { throw Failure(code: status) }
        return (Int(consumed), Int(produced), finished != 0)
    }

    /// States of finished inflaters, kept for the next entries: a package of 60,000 small
    /// deflated files would otherwise allocate and free 85 KiB for each, which left the heap
    /// 2 MiB larger (measured), for nothing.
    private static let spareStates = SpareStates()

    private final class SpareStates: @unchecked Sendable {
        /// One per worker that may be inflating at once, with room to spare.
        static let capacity = 4
        private let lock = NSLock()
        private var states: [UnsafeMutableRawPointer] = []

        /// A kept state, ready for a new stream; nil when none is kept.
        func take() -> UnsafeMutableRawPointer? {
            guard let state = lock.withLock({ states.popLast() }) else { return nil }
            bundlecheck_isal_inflate_restart(state)
            return state
        }

        func give(_ state: UnsafeMutableRawPointer) {
            let kept = lock.withLock {
                guard states.count < Self.capacity else { return false }
                states.append(state)
                return true
            }
            if !kept { bundlecheck_isal_inflate_destroy(state) }
        }
    }
}
