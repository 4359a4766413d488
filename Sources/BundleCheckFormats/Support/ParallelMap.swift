import Foundation

/// Runs `transform` over `items` on at most `jobs` threads and returns the results in the
/// items' order, whatever order they finish in: reports must be byte-identical with
/// `--jobs 1` and the default. The calling thread is one of the workers.
package enum ParallelMap {
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ transform: @escaping @Sendable (Item) -> Result
    ) -> [Result] {
        map(items, jobs: jobs, transform, helpers: { transform })
    }

    /// Like `map(_:jobs:_:)`, for work that needs a resource only one thread at a time may use
    /// (a libzip archive handle): the calling thread runs `transform`, which may use what the
    /// caller holds; each other worker first calls `makeHelper` on its own thread, which makes
    /// its own resource and returns the transform that uses it there, or nil when it cannot (that
    /// worker then takes no items, and the others do its share). Worker k starts with item k,
    /// so every helper that could be made does some of the work, however quick the others are.
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ transform: (Item) -> Result,
        helpers makeHelper: @escaping @Sendable () -> ((Item) -> Result)?
    ) -> [Result] {
        let workers = min(max(jobs, 1), items.count)
        guard workers > 1 else { return items.map(transform) }
        let state = State<Result>(count: items.count, reserved: workers)
        let group = DispatchGroup()
        for worker in 1..<workers {
            DispatchQueue.global().async(group: group) {
                guard let helper = makeHelper() else {
                    state.giveBack(worker)
                    return
                }
                var index: Int? = worker
                while let current = index {
                    state.store(helper(items[current]), at: current)
                    index = state.nextIndex()
                }
            }
        }
        var index: Int? = 0
        while let current = index {
            state.store(transform(items[current]), at: current)
            index = state.nextIndex()
        }
        group.wait()
        // Items given back by helpers that could not start after this thread ran out of work.
        while let current = state.nextIndex() {
            state.store(transform(items[current]), at: current)
        }
        return state.results()
    }

    /// The next item to take and the results so far, behind one lock.
    private final class State<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        /// Items below this were handed out when the workers started.
        private var next: Int
        /// Starting items of helpers that could not start.
        private var givenBack: [Int] = []
        private var slots: [Result?]

        init(count: Int, reserved: Int) {
            slots = Array(repeating: nil, count: count)
            next = reserved
        }

        func nextIndex() -> Int? {
            lock.withLock {
                if let index = givenBack.popLast() { return index }
                guard next < slots.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func giveBack(_ index: Int) {
            lock.withLock { givenBack.append(index) }
        }

        func store(_ result: Result, at index: Int) {
            lock.withLock { slots[index] = result }
        }

        func results() -> [Result] {
            lock.withLock { slots.map { $0! } }
        }
    }
}
