import BundleCheckFormats
import BundleCheckModel

/// One place where a matcher matched: what a rule turns into a finding.
struct MatchHit: Sendable, Hashable, Comparable {
    /// The bundle the hit is in; nil for path and text hits of an archive-scoped rule.
    let bundle: String?
    /// The file or folder at fault, as a full container path.
    let file: String?
    /// What matched, in words for a message: the path relative to the subject,
    /// the value's text, or the matched text; nil for `missing` and `not`.
    let value: String?
    private let location: Location

    /// Where a hit points inside its file: given outright, or a place a key-path
    /// search found, whose pointer (and so line and identity) is built only when
    /// asked for: for the findings a report keeps, not for every value matched.
    private enum Location: Sendable {
        case given(keyPath: JSONPointer?, line: Int?, identity: String?)
        case found(JSONPointerTrail.Place, lines: PropertyListLines?)
    }

    init(bundle: String?, file: String?, keyPath: JSONPointer?, line: Int?, value: String?, identity: String?) {
        self.bundle = bundle
        self.file = file
        self.value = value
        self.location = .given(keyPath: keyPath, line: line, identity: identity)
    }

    /// A plist hit at `place`; its identity is its pointer's text.
    init(bundle: String?, file: String?, place: JSONPointerTrail.Place, lines: PropertyListLines?, value: String?) {
        self.bundle = bundle
        self.file = file
        self.value = value
        self.location = .found(place, lines: lines)
    }

    /// Where in the file's property list, for plist hits.
    var keyPath: JSONPointer? {
        switch location {
        case .given(let keyPath, _, _): keyPath
        case .found(let place, _): place.pointer
        }
    }

    /// 1-based line: of the plist element (XML only) or of the text match.
    var line: Int? {
        switch location {
        case .given(_, let line, _): line
        case .found(let place, let lines): lines?.line(of: place.pointer)
        }
    }

    /// Tells apart the hits of one rule in one bundle for the fingerprint: the
    /// file path for path hits, the pointer for plist hits, `file:line` for text hits.
    var identity: String? {
        switch location {
        case .given(_, _, let identity): identity
        case .found(let place, _): place.pointer.description
        }
    }

    private var keyPathHash: UInt64? {
        switch location {
        case .given(let keyPath, _, _): keyPath.map(JSONPointerTrail.componentHash(of:))
        case .found(let place, _): place.componentHash
        }
    }

    static func == (lhs: MatchHit, rhs: MatchHit) -> Bool {
        guard lhs.bundle == rhs.bundle, lhs.file == rhs.file, lhs.value == rhs.value else { return false }
        if case .found(let left, _) = lhs.location, case .found(let right, _) = rhs.location {
            // One file, one document: the same place has the same line.
            return left == right
        }
        return lhs.keyPath == rhs.keyPath && lhs.line == rhs.line && lhs.identity == rhs.identity
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bundle)
        hasher.combine(file)
        hasher.combine(value)
        hasher.combine(keyPathHash)
    }

    /// By bundle, file, key path (its text), line, identity, then value; a missing part sorts first.
    /// A report reads bundle by bundle, file by file. Places found by one search compare
    /// without building their pointers.
    static func < (lhs: MatchHit, rhs: MatchHit) -> Bool {
        if let order = Self.order(lhs.bundle, rhs.bundle) { return order }
        if let order = Self.order(lhs.file, rhs.file) { return order }
        if case .found(let left, _) = lhs.location, case .found(let right, _) = rhs.location {
            if left != right { return JSONPointerTrail.Place.precedes(left, right) }
        } else if let order = Self.order(lhs.keyPath?.description, rhs.keyPath?.description) {
            return order
        }
        if let order = Self.order(lhs.line, rhs.line) { return order }
        if let order = Self.order(lhs.identity, rhs.identity) { return order }
        return Self.order(lhs.value, rhs.value) ?? false
    }

    /// `hits` in the order of `<`. Where all hits of one file are places found by one search,
    /// the places are ranked once on their trail and the hits sorted as numbers; other files'
    /// hits (paths, text, several searches) are sorted by comparing hits.
    static func sorted(_ hits: [MatchHit]) -> [MatchHit] {
        var groups: [FindingCap.Place: [Int]] = [:]
        for index in hits.indices {
            groups[FindingCap.Place(bundle: hits[index].bundle, file: hits[index].file), default: []].append(index)
        }
        let orderedGroups = groups.keys.sorted { lhs, rhs in
            order(lhs.bundle, rhs.bundle) ?? order(lhs.file, rhs.file) ?? false
        }
        var result: [MatchHit] = []
        result.reserveCapacity(hits.count)
        for group in orderedGroups {
            let members = groups[group] ?? []
            let places = members.compactMap { index -> JSONPointerTrail.Place? in
                if case .found(let place, _) = hits[index].location { return place }
                return nil
            }
            if let trail = places.first?.trail, places.count == members.count, places.allSatisfy({ $0.trail === trail }) {
                let ranks = trail.ranks(of: places.map(\.index))
                result += zip(members, places).sorted { ranks[Int($0.1.index)] < ranks[Int($1.1.index)] }.map { hits[$0.0] }
            } else {
                result += members.map { hits[$0] }.sorted()
            }
        }
        return result
    }

    /// Whether `lhs` sorts first, nil sorting before any value; nil when they are equal.
    private static func order<Value: Comparable>(_ lhs: Value?, _ rhs: Value?) -> Bool? {
        switch (lhs, rhs) {
        case (nil, nil): return nil
        case (nil, _): return true
        case (_, nil): return false
        case (let left?, let right?): return left == right ? nil : left < right
        }
    }
}

extension RuleDefinition {
    /// The finding a matcher hit becomes, worded by the rule's `message` template.
    func finding(for hit: MatchHit) -> Finding {
        finding(message(for: hit), at: FindingLocation(bundle: hit.bundle, file: hit.file, keyPath: hit.keyPath, line: hit.line), identity: hit.identity)
    }

    func message(for hit: MatchHit) -> String {
        let file = hit.file ?? ""
        let location = [hit.file, hit.keyPath?.description].compactMap { $0 }.joined(separator: " ")
        guard let template = messageTemplate else {
            return location.isEmpty ? title : "\(title): \(location)"
        }
        let replacements = [
            "{location}": location,
            "{file}": file,
            "{name}": PackagePath.name(file),
            "{bundle}": hit.bundle ?? "the package",
            "{bundle-name}": hit.bundle.map(PackagePath.name) ?? "the package",
            "{key-path}": hit.keyPath?.description ?? "",
            "{value}": hit.value ?? "",
        ]
        // One pass over the template, so a value holding "{file}" is not expanded again.
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            if let close = rest[open...].firstIndex(of: "}"), let value = replacements[String(rest[open...close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
            }
        }
        return result + rest
    }
}
