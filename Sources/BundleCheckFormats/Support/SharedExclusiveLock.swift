import Foundation

/// A lock many may hold at once in shared mode, or one alone in exclusive mode.
///
/// Built on `NSCondition` rather than `pthread_rwlock_t` so that it needs neither Glibc nor
/// Darwin. A waiting exclusive holder stops new shared holders from entering, so a steady
/// stream of shared work cannot starve it.
final class SharedExclusiveLock: @unchecked Sendable {
    private let condition = NSCondition()
    private var sharedHolders = 0
    private var exclusiveHeld = false
    private var exclusiveWaiting = 0

    func withShared<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        while exclusiveHeld || exclusiveWaiting > 0 { condition.wait() }
        sharedHolders += 1
        condition.unlock()
        defer {
            condition.lock()
            sharedHolders -= 1
            if sharedHolders == 0 { condition.broadcast() }
            condition.unlock()
        }
        return try body()
    }

    func withExclusive<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        exclusiveWaiting += 1
        while exclusiveHeld || sharedHolders > 0 { condition.wait() }
        exclusiveWaiting -= 1
        exclusiveHeld = true
        condition.unlock()
        defer {
            condition.lock()
            exclusiveHeld = false
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
