import Foundation

/// Runs `transform` over `items` on at most `jobs` threads and returns the results in the
/// items' order, whatever order they finish in: reports must be byte-identical with
/// `--jobs 1` and the default.
enum ParallelMap {
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ transform: @escaping @Sendable (Item) -> Result
    ) -> [Result] {
        let workers = min(max(jobs, 1), items.count)
        guard workers > 1 else { return items.map(transform) }
        let state = State<Result>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let index = state.nextIndex() {
                    state.store(transform(items[index]), at: index)
                }
            }
        }
        group.wait()
        return state.results()
    }

    /// The next item to take and the results so far, behind one lock.
    private final class State<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var slots: [Result?]

        init(count: Int) {
            slots = Array(repeating: nil, count: count)
        }

        func nextIndex() -> Int? {
            lock.withLock {
                guard next < slots.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func store(_ result: Result, at index: Int) {
            lock.withLock { slots[index] = result }
        }

        func results() -> [Result] {
            lock.withLock { slots.map { $0! } }
        }
    }
}
