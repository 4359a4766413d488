import Foundation

/// Runs `transform` over `items` on at most `jobs` threads and returns the results in the
/// items' order, whatever order they finish in: reports must be byte-identical with
/// `--jobs 1` and the default. The calling thread is one of the workers.
///
/// Items are taken in `order` (indices of `items`; their own order when nil), so the longest
/// can start first. A worker that finds none left while others are still busy helps them
/// through `sharing`, if given, until the last item is done.
package enum ParallelMap {
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, order: [Int]? = nil, sharing: SharedWork? = nil,
        _ transform: @escaping @Sendable (Item) -> Result
    ) -> [Result] {
        map(items, jobs: jobs, order: order, sharing: sharing, transform, helpers: { transform })
    }

    /// Like `map(_:jobs:_:)`, for work that needs a resource only one thread at a time may use
    /// (a libzip archive handle): the calling thread runs `transform`, which may use what the
    /// caller holds; each other worker first calls `makeHelper` on its own thread, which makes
    /// its own resource and returns the transform that uses it there, or nil when it cannot (that
    /// worker then takes no items, and the others do its share). Worker k starts with item
    /// `order[k]`, so every helper that could be made does some of the work, however quick the
    /// others are. `sharing` must be new: once closed it has no helpers to give.
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, order: [Int]? = nil, sharing: SharedWork? = nil, _ transform: (Item) -> Result,
        helpers makeHelper: @escaping @Sendable () -> ((Item) -> Result)?
    ) -> [Result] {
        let order = order.flatMap { isPermutation($0, of: items.count) ? $0 : nil } ?? Array(items.indices)
        let workers = min(max(jobs, 1), items.count)
        guard workers > 1 else { return Self.inOrder(items, order, transform) }
        let state = State<Result>(order: order, reserved: workers, sharing: sharing)
        let group = DispatchGroup()
        for worker in 1..<workers {
            DispatchQueue.global().async(group: group) {
                guard let helper = makeHelper() else {
                    state.giveBack(order[worker])
                    return
                }
                state.work(startingWith: order[worker], helper, items)
            }
        }
        state.work(startingWith: order[0], transform, items)
        group.wait()
        // Items given back by helpers that could not start after this thread ran out of work.
        while let current = state.nextIndex() {
            state.store(transform(items[current]), at: current)
        }
        return state.results()
    }

    /// One thread's share, in `order`; the results in the items' order.
    private static func inOrder<Item, Result>(_ items: [Item], _ order: [Int], _ transform: (Item) -> Result) -> [Result] {
        var slots = [Result?](repeating: nil, count: items.count)
        for index in order { slots[index] = transform(items[index]) }
        return slots.map { $0! }
    }

    private static func isPermutation(_ order: [Int], of count: Int) -> Bool {
        order.count == count && Set(order).count == count && order.allSatisfy { (0..<count).contains($0) }
    }

    /// The next item to take and the results so far, behind one lock.
    private final class State<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private let order: [Int]
        /// Positions in `order` below this were handed out when the workers started.
        private var next: Int
        /// Starting items of helpers that could not start.
        private var givenBack: [Int] = []
        private var slots: [Result?]
        private var stored = 0
        private let sharing: SharedWork?

        init(order: [Int], reserved: Int, sharing: SharedWork?) {
            self.order = order
            slots = Array(repeating: nil, count: order.count)
            next = reserved
            self.sharing = sharing
        }

        /// Takes items until none is left, then helps the busy workers until the last is done.
        func work<Item>(startingWith first: Int, _ transform: (Item) -> Result, _ items: [Item]) {
            var index: Int? = first
            while true {
                while let current = index {
                    store(transform(items[current]), at: current)
                    index = nextIndex()
                }
                guard let sharing else { return }
                // Read before looking for items, so an item given back after the look wakes the wait.
                let wakes = sharing.wakeCount
                index = nextIndex()
                if index != nil { continue }
                guard !isFinished else { return }
                sharing.helpUntilWoken(since: wakes)
                index = nextIndex()
            }
        }

        private var isFinished: Bool {
            lock.withLock { stored == slots.count }
        }

        func nextIndex() -> Int? {
            lock.withLock {
                if let index = givenBack.popLast() { return index }
                guard next < order.count else { return nil }
                defer { next += 1 }
                return order[next]
            }
        }

        func giveBack(_ index: Int) {
            lock.withLock { givenBack.append(index) }
            // A helper waiting for jobs comes back to take it.
            sharing?.wake()
        }

        func store(_ result: Result, at index: Int) {
            let finished: Bool = lock.withLock {
                slots[index] = result
                stored += 1
                return stored == slots.count
            }
            if finished { sharing?.close() }
        }

        func results() -> [Result] {
            lock.withLock { slots.map { $0! } }
        }
    }
}
