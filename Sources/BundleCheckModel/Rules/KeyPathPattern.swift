import BundleCheckFormats

/// A JSON Pointer pattern: `*` matches one component, `**` any number (zero included).
package struct KeyPathPattern: Sendable, Hashable, CustomStringConvertible {
    package let components: [String]

    /// Most values one search looks at, so that `/**` over a hostile plist stays bounded.
    package static let maximumVisits = 100_000

    package init(components: [String]) {
        self.components = components
    }

    /// Parses pointer syntax (`/NSAppTransportSecurity/NSAllowsArbitraryLoads`, `/**`); nil when malformed.
    package init?(parsing text: String) {
        guard let pointer = JSONPointer(parsing: text) else { return nil }
        self.components = pointer.components
    }

    package var description: String {
        JSONPointer(components: components).description
    }

    /// Whether any component is `*` or `**`.
    package var hasWildcards: Bool {
        components.contains { $0 == "*" || $0 == "**" }
    }

    /// The pattern as a concrete pointer, when it has no wildcards.
    package var literalPointer: JSONPointer? {
        hasWildcards ? nil : JSONPointer(components: components)
    }

    /// Every location under `root` that the pattern matches, in document order, each once.
    ///
    /// `*` takes any dictionary key or array index; `**` any number of them.
    /// A dictionary key that occurs twice is one location holding the last value,
    /// as lookups see it. The walk stops after `maximumVisits` values.
    package func values(in root: PlistValue) -> [(pointer: JSONPointer, value: PlistValue)] {
        values(in: root, maximumVisits: Self.maximumVisits)
    }

    /// The same search with another visit cap (tests).
    func values(in root: PlistValue, maximumVisits: Int) -> [(pointer: JSONPointer, value: PlistValue)] {
        search(in: root, maximumVisits: maximumVisits).matches.map { ($0.place.pointer, $0.value) }
    }

    /// What one search found and what it cost.
    package struct Search: Sendable {
        /// The matches the search's test accepted, in document order; each place's pointer is
        /// built only when asked for.
        package let matches: [(place: JSONPointerTrail.Place, value: PlistValue)]
        /// The places of the matches and of the containers opened on the way to them; a value
        /// visited and rejected leaves no place.
        package let trail: JSONPointerTrail
        /// Values visited, at most the visit cap.
        package let visits: Int
        /// The most children ever held waiting to be visited: open containers along the path,
        /// and the entries of open dictionaries (an array's are read in place, however wide).
        package let mostQueued: Int
        /// False when the visit cap stopped the walk with values left that the pattern could
        /// match: the matches are then the first ones only, and a rule must say so.
        package let isComplete: Bool
    }

    /// The search of `values(in:)`, its pointers left unbuilt.
    ///
    /// One pre-order walk of the document carrying the set of pattern positions
    /// reached so far (a small NFA), so each location is visited once whatever the
    /// number of `**`, and results come in document order. The walk keeps a place per
    /// visited value on a trail (a step from its parent), never a copy of the path,
    /// and one frame per open container: an array's children are read where they are,
    /// a dictionary's are listed once (a repeated key keeps its last value). Every child
    /// handed out is visited, and the innermost frame's come first, so only the first
    /// children in that order, as many as the visits left, can still be visited: the rest
    /// are dropped whenever the frames hold twice that many, which keeps them within three
    /// times the visit cap however many wide dictionaries are open.
    ///
    /// A location the pattern matches is kept only when `accepts` takes its value, so a
    /// condition on the values (a regular expression, a type) costs no place for each value
    /// it rejects: a search of `/**` keeps what its rule reports, not every value it looked at.
    package func search(
        in root: PlistValue, maximumVisits: Int = Self.maximumVisits, where accepts: (PlistValue) -> Bool = { _ in true }
    ) -> Search {
        var trail = JSONPointerTrail.Builder()
        var matched: [(place: Int32, value: PlistValue)] = []
        var frames: [Frame] = []
        var visits = 0
        var mostQueued = 0
        var queued = 0
        var isComplete = true
        // Visits one value: matches it, opens it when its children can match, and records its
        // place when it is a match or a parent of later ones.
        func visit(_ value: PlistValue, key: String, parent: Int32?, states: [Int]) {
            visits += 1
            let isMatch = states.contains(components.count) && accepts(value)
            let room = maximumVisits - visits
            // Children past the visits left are never listed: the search then ends incomplete.
            let opened = children(of: value, states: states, atMost: room)
            if opened?.isCut ?? false { isComplete = false }
            let children = opened.flatMap { $0.children.remaining > 0 ? $0.children : nil }
            guard isMatch || children != nil else { return }
            let place = parent.map { trail.add(key, under: $0) } ?? trail.addRoot()
            if isMatch {
                matched.append((place, value))
            }
            guard let children else { return }
            frames.append(Frame(place: place, states: states, children: children))
            queued += children.remaining
            mostQueued = max(mostQueued, queued)
            if queued > 2 * room {
                queued = Self.keepReachable(&frames, room: room)
                isComplete = false
            }
        }
        guard maximumVisits > 0 else { return Search(matches: [], trail: trail.build(), visits: 0, mostQueued: 0, isComplete: false) }
        visit(root, key: "", parent: nil, states: closure([0]))
        while visits < maximumVisits, let frame = frames.last {
            guard let (key, child) = frames[frames.count - 1].children.next() else {
                frames.removeLast()
                continue
            }
            queued -= 1
            let next = closure(advancing(frame.states, over: key))
            if !next.isEmpty {
                visit(child, key: key, parent: frame.place, states: next)
            }
        }
        // Children still queued when the cap stopped the walk were never visited.
        if frames.contains(where: { $0.children.remaining > 0 }) { isComplete = false }
        let finished = trail.build()
        return Search(
            matches: matched.map { (finished.place($0.place), $0.value) }, trail: finished, visits: visits,
            mostQueued: mostQueued, isComplete: isComplete
        )
    }

    // MARK: - Private

    /// Cuts the open frames to the first `room` children in visiting order (innermost frame
    /// first) and returns how many they hold then.
    private static func keepReachable(_ frames: inout [Frame], room: Int) -> Int {
        var left = room
        for index in frames.indices.reversed() {
            let remaining = frames[index].children.remaining
            if remaining > left { frames[index].children.keep(atMost: left) }
            left -= Swift.min(remaining, left)
        }
        return room - left
    }

    /// A container being walked: its place, the pattern positions reached at it, and the
    /// children still to visit.
    private struct Frame {
        let place: Int32
        let states: [Int]
        var children: Children
    }

    /// The children of one container, handed out in document order.
    private struct Children {
        private enum Source {
            /// Listed keys and values (a dictionary's, or the one child a literal names).
            case listed([(key: String, value: PlistValue)])
            /// Every element of an array, read in place up to `end`.
            case array([PlistValue], end: Int)
        }

        private var source: Source
        private var position = 0

        init(listed entries: [(key: String, value: PlistValue)]) {
            source = .listed(entries)
        }

        init(array: [PlistValue], atMost limit: Int) {
            source = .array(array, end: Swift.min(array.count, limit))
        }

        /// Children not handed out yet.
        var remaining: Int {
            switch source {
            case .listed(let entries): entries.count - position
            case .array(_, let end): end - position
            }
        }

        /// Keeps only the next `count` children; a list is copied down to them, so the
        /// memory of the dropped ones goes.
        mutating func keep(atMost count: Int) {
            switch source {
            case .listed(let entries):
                source = .listed(Array(entries[position..<position + Swift.min(count, entries.count - position)]))
                position = 0
            case .array(let array, let end):
                source = .array(array, end: Swift.min(end, position + count))
            }
        }

        mutating func next() -> (key: String, value: PlistValue)? {
            guard remaining > 0 else { return nil }
            defer { position += 1 }
            switch source {
            case .listed(let entries): return entries[position]
            case .array(let array, _): return (String(position), array[position])
            }
        }
    }

    /// Adds the position after each `**`, which may take no component at all.
    private func closure(_ states: [Int]) -> [Int] {
        var result: [Int] = []
        for var state in states {
            while true {
                if !result.contains(state) { result.append(state) }
                guard state < components.count, components[state] == "**" else { break }
                state += 1
            }
        }
        return result.sorted()
    }

    private func advancing(_ states: [Int], over key: String) -> [Int] {
        var next: [Int] = []
        for state in states where state < components.count {
            switch components[state] {
            case "**": next.append(state)
            case "*": next.append(state + 1)
            case key: next.append(state + 1)
            default: break
            }
        }
        return next
    }

    /// The first `limit` children worth visiting, nil for none: all of them when a wildcard is
    /// pending, else the one the literal component names. Without a `**` among the states
    /// there is never more than one state, so a literal needs one lookup. `isCut` says that
    /// there were more than `limit` (a dictionary's count includes repeated keys: it may say so
    /// of one that had no more distinct keys).
    private func children(of value: PlistValue, states: [Int], atMost limit: Int) -> (children: Children, isCut: Bool)? {
        let pending = states.filter { $0 < components.count }.map { components[$0] }
        guard let first = pending.first else { return nil }
        let needsScan = pending.contains { $0 == "*" || $0 == "**" }
        switch value {
        case .dictionary(let dictionary):
            if needsScan {
                return (Children(listed: Self.effectiveEntries(of: dictionary, atMost: limit)), dictionary.count > limit)
            }
            let named = pending.compactMap { key in dictionary[key].map { (key, $0) } }
            return (Children(listed: Array(named.prefix(limit))), named.count > limit)
        case .array(let array):
            if needsScan { return (Children(array: array, atMost: limit), array.count > limit) }
            guard pending.count == 1, let index = JSONPointer.arrayIndex(first), index < array.count else { return nil }
            return (Children(listed: limit > 0 ? [(first, array[index])] : []), limit < 1)
        default:
            return nil
        }
    }

    /// The first `limit` keys, each once, in order of first appearance, with its last value;
    /// one pass, since looking each key up again would be quadratic in a hostile dictionary,
    /// and a table of no more keys than can still be visited.
    private static func effectiveEntries(of dictionary: PlistDictionary, atMost limit: Int) -> [(key: String, value: PlistValue)] {
        guard limit > 0 else { return [] }
        var position: [String: Int] = [:]
        position.reserveCapacity(Swift.min(dictionary.count, limit))
        var entries: [(key: String, value: PlistValue)] = []
        for entry in dictionary.entries {
            if let index = position[entry.key] {
                entries[index].value = entry.value
            } else if entries.count < limit {
                position[entry.key] = entries.count
                entries.append((entry.key, entry.value))
            }
        }
        return entries
    }
}
