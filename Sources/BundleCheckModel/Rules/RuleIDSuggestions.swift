import BundleCheckFormats

/// Close rule ids for a mistyped one, for `--explain` and the configuration's messages.
package enum RuleIDSuggestions {
    /// At most five ids: those within a few edits of `id`, closest first, then those that
    /// contain it or that it contains (`version` suggests the `version-*` rules).
    package static func closest(to id: String, among ids: [String]) -> [String] {
        let typed = Array(id)
        let allowed = max(1, min(3, typed.count / 3))
        var scored: [(distance: Int, id: String)] = []
        for candidate in ids where candidate != id {
            let distance = BoundedEditDistance.distance(typed, Array(candidate), limit: allowed)
            if distance <= allowed {
                scored.append((distance, candidate))
            } else if typed.count >= 3, candidate.contains(id) || id.contains(candidate) {
                // After the near misses, in id order.
                scored.append((allowed + 1, candidate))
            }
        }
        return scored.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }.prefix(5).map(\.id)
    }

    /// `did you mean junk-file?`, or where to find the ids when nothing is close.
    package static func hint(_ suggestions: [String]) -> String {
        switch suggestions.count {
        case 0: "'bundlecheck --list-rules' lists every rule id"
        case 1: "did you mean \(suggestions[0])?"
        default: "did you mean one of: \(suggestions.joined(separator: ", "))?"
        }
    }
}
