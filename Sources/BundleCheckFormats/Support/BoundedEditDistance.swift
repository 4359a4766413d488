/// Levenshtein distance for "did you mean" suggestions, giving up early past a limit so
/// that comparing against a whole table stays cheap.
package enum BoundedEditDistance {
    /// Insertions, deletions and substitutions from `lhs` to `rhs`, or `limit + 1` once every path exceeds `limit`.
    package static func distance(_ lhs: [Character], _ rhs: [Character], limit: Int) -> Int {
        guard abs(lhs.count - rhs.count) <= limit else { return limit + 1 }
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            if let smallest = current.min(), smallest > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return min(previous[rhs.count], limit + 1)
    }

    /// The candidate nearest to `typed` within `limit` edits, for "did you mean"; ties go to the
    /// alphabetically first, so the answer does not depend on the candidates' order.
    package static func nearest(to typed: [Character], among candidates: some Sequence<String>, limit: Int) -> String? {
        var best: (distance: Int, candidate: String)?
        // A length more than `limit` apart is never near: skipped before it is copied.
        for candidate in candidates where abs(candidate.count - typed.count) <= limit {
            let distance = distance(typed, Array(candidate), limit: limit)
            if distance <= limit, best.map({ (distance, candidate) < ($0.distance, $0.candidate) }) ?? true {
                best = (distance, candidate)
            }
        }
        return best?.candidate
    }
}
