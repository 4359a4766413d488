import Foundation
import Testing

@testable import BundleCheckFormats

/// Handing jobs to threads with nothing else to do: only while one is there, each job run once,
/// whoever runs it, and every helper back with its caller when the work is over.
/// A broken hand-over hangs rather than fails: the time limit turns that into a failure.
@Suite(.hangGuard) struct SharedWorkTests {
    /// Runs `helpUntilWoken` on a thread of its own until the work is closed.
    static func startHelper(_ work: SharedWork) -> DispatchGroup {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { work.helpUntilWoken(since: work.wakeCount) }
        while !work.hasHelper { usleep(100) }
        return group
    }

    @Test func nothingIsHandedOverWithoutAHelper() {
        let work = SharedWork()
        #expect(!work.hasHelper)
        #expect(work.offer({}) == nil)
    }

    @Test func aHelperRunsWhatIsOfferedAndCompleteWaitsForIt() {
        let work = SharedWork()
        let helper = Self.startHelper(work)
        let counter = Counter()
        let tickets = (0..<20).compactMap { _ in work.offer { counter.add() } }
        #expect(tickets.count == 20)
        for ticket in tickets { work.complete(ticket) }
        #expect(tickets.allSatisfy(work.isDone))
        #expect(counter.value == 20, "each job once, whoever ran it")
        work.close()
        #expect(helper.wait(timeout: .now() + 10) == .success)
        #expect(work.offer({}) == nil, "closed")
    }

    @Test func aQueuedJobCanBeTakenBackAndRunHere() {
        let work = SharedWork()
        let helper = Self.startHelper(work)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // The helper is kept busy by the first job, so the second stays queued.
        let busy = work.offer {
            started.signal()
            release.wait()
        }!
        started.wait()
        let counter = Counter()
        let queued = work.offer { counter.add() }!
        #expect(work.runHereIfQueued(queued))
        #expect(counter.value == 1 && work.isDone(queued))
        #expect(!work.runHereIfQueued(queued), "a job runs once")
        release.signal()
        work.complete(busy)
        work.close()
        #expect(helper.wait(timeout: .now() + 10) == .success)
        #expect(work.jobsRunByHelpers == 1)
    }

    @Test func wakeSendsHelpersBackToTheirCaller() {
        let work = SharedWork()
        let seen = work.wakeCount
        work.wake()
        // Woken after the count was read: returns at once instead of waiting.
        work.helpUntilWoken(since: seen)
        let helper = Self.startHelper(work)
        work.wake()
        #expect(helper.wait(timeout: .now() + 10) == .success)
        #expect(!work.hasHelper)
    }
}

/// A count several threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
