import Foundation

/// Jobs a busy thread hands to threads that have nothing else to do.
///
/// `ParallelMap`'s workers take items until none is left; a worker that runs out while another
/// is still busy (the 11th executable of 11 on two cores) waits here, in `helpUntilWoken`, and
/// runs what the busy ones offer. A busy thread offers jobs only while some helper is here
/// (`offer` says no otherwise, and the thread runs the job itself), so while every thread has
/// its own work nothing is handed over and nothing is copied for it. A thread that gets ahead
/// of its helper takes a queued job back (`runHereIfQueued`) rather than wait.
package final class SharedWork: @unchecked Sendable {
    /// A job handed over: its state, which only the condition's lock guards.
    package final class Ticket: @unchecked Sendable {
        fileprivate enum State { case queued, running, done }
        fileprivate var state = State.queued
        fileprivate let job: @Sendable () -> Void

        fileprivate init(_ job: @escaping @Sendable () -> Void) {
            self.job = job
        }
    }

    private let condition = NSCondition()
    private var queue: [Ticket] = []
    /// Threads in `helpUntilWoken`, running a job or waiting for one.
    private var helpers = 0
    private var closed = false
    /// Counts `wake` calls: a helper returns when it changes.
    private var wakes = 0
    private var helped = 0

    package init() {}

    /// Whether some thread is here to help: only then is handing over worth it.
    package var hasHelper: Bool {
        condition.withLock { !closed && helpers > 0 }
    }

    /// Queues `job` for a helper; nil when none is here, and the caller runs it itself.
    package func offer(_ job: @escaping @Sendable () -> Void) -> Ticket? {
        condition.withLock {
            guard !closed, helpers > 0 else { return nil }
            let ticket = Ticket(job)
            queue.append(ticket)
            condition.broadcast()
            return ticket
        }
    }

    /// How many jobs helpers ran (for tests and benchmarks: that handing over happened).
    package var jobsRunByHelpers: Int {
        condition.withLock { helped }
    }

    /// Whether the ticket's job has run.
    package func isDone(_ ticket: Ticket) -> Bool {
        condition.withLock { ticket.state == .done }
    }

    /// Returns once the ticket's job has run: here, when no helper has started it yet.
    package func complete(_ ticket: Ticket) {
        guard !runHereIfQueued(ticket) else { return }
        condition.withLock {
            while ticket.state != .done { condition.wait() }
        }
    }

    /// Runs the ticket's job on this thread if no helper has started it; whether it did.
    @discardableResult
    package func runHereIfQueued(_ ticket: Ticket) -> Bool {
        let taken: Bool = condition.withLock {
            guard ticket.state == .queued else { return false }
            queue.removeAll { $0 === ticket }
            ticket.state = .running
            return true
        }
        guard taken else { return false }
        ticket.job()
        condition.withLock {
            ticket.state = .done
            condition.broadcast()
        }
        return true
    }

    /// How often `wake` was called: what `helpUntilWoken(since:)` compares with.
    package var wakeCount: Int {
        condition.withLock { wakes }
    }

    /// Runs offered jobs until `close`, or until `wake` is called after `wakeCount` was `seen`
    /// (at once, if it already was).
    package func helpUntilWoken(since seen: Int) {
        condition.lock()
        helpers += 1
        while !closed, wakes == seen {
            guard !queue.isEmpty else {
                condition.wait()
                continue
            }
            let ticket = queue.removeFirst()
            ticket.state = .running
            condition.unlock()
            ticket.job()
            condition.lock()
            ticket.state = .done
            helped += 1
            condition.broadcast()
        }
        helpers -= 1
        condition.unlock()
    }

    /// Sends every waiting helper back to its caller (which has work again).
    package func wake() {
        condition.withLock {
            wakes += 1
            condition.broadcast()
        }
    }

    /// No more jobs: every helper returns, and `offer` says no from now on.
    package func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }
}
