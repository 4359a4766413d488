import BundleCheckFormats
import BundleCheckModel
import Foundation

/// Evaluates declarative matchers over one package.
///
/// Built once per package from its container, its bundles and its path index;
/// the files each bundle owns are worked out once here, so every rule after
/// that only walks the entries of its subjects.
///
/// Files that cannot be read (too large, damaged, not UTF-8 for `text`) are
/// skipped: one bad entry must not stop the rules for the rest of the package.
struct RuleEngine {
    private let container: any PackageContainer
    private let bundles: [InspectedBundle]
    private let archiveSubject: MatchSubject
    /// One subject per bundle, in the order of `bundles`.
    private let bundleSubjects: [MatchSubject]

    init(container: any PackageContainer, bundles: [InspectedBundle], paths: PathIndex) {
        self.container = container
        self.bundles = bundles
        self.archiveSubject = MatchSubject(bundle: nil, paths: paths, positions: paths.entries.indices.map { Int32($0) })
        let owned = Self.entriesByOwner(paths: paths, bundles: bundles)
        self.bundleSubjects = bundles.indices.map { MatchSubject(bundle: bundles[$0], paths: paths, positions: owned[$0]) }
    }

    /// The hits of `matcher` over the subjects of `scope` that `isKept` keeps, each once, ordered by
    /// bundle, file and key path, cut as `FindingCap` cuts a rule's findings: the first
    /// `FindingCap.perRuleAndFile` of each file, and how many more each file had.
    ///
    /// A key-path search can match 100,000 values of one file; only the first hits of each
    /// file in that order are made and kept, the rest are counted. Counting is exact only
    /// when no other search adds hits to the same file (hits of two searches can be equal,
    /// and equal hits count once); when one does, the rule is evaluated again keeping every hit.
    /// `unfinished` names the files a search's own cap kept the rule from reading whole, in
    /// order of bundle and file.
    func cappedHits(
        of matcher: Matcher, scope: RuleScope, keeping isKept: (MatchHit) -> Bool
    ) -> (kept: [MatchHit], omitted: [(place: FindingCap.Place, count: Int)], unfinished: [(place: FindingCap.Place, reason: FindingCap.Unfinished)]) {
        let subjects = subjects(of: scope)
        var tally = SearchTally(limit: FindingCap.perRuleAndFile)
        var hits = subjects.flatMap { evaluate(matcher, on: $0, keeping: isKept, tally: &tally) }
        if tally.isInexact {
            var everything = SearchTally(limit: nil)
            hits = subjects.flatMap { evaluate(matcher, on: $0, keeping: isKept, tally: &everything) }
            tally = everything
        }
        // Sorted first, equal hits are neighbours: dropping repeats then needs no set of every hit.
        var unique: [MatchHit] = []
        for hit in MatchHit.sorted(hits.filter(isKept)) where unique.last != hit {
            unique.append(hit)
        }
        let (kept, omitted) = FindingCap.cut(unique) { FindingCap.Place(bundle: $0.bundle, file: $0.file) }
        var counts = omitted
        // Files whose search hits were counted, not made: past the kept ones, so already among those cut.
        for (place, uncounted) in tally.uncounted {
            if let index = counts.firstIndex(where: { $0.place == place }) {
                counts[index].count += uncounted
            } else {
                counts.append((place, uncounted))
            }
        }
        let unfinished = tally.unfinished.sorted { ($0.key.bundle ?? "", $0.key.file ?? "") < ($1.key.bundle ?? "", $1.key.file ?? "") }
        return (kept, counts, unfinished.map { ($0.key, $0.value) })
    }

    /// Every hit of `matcher` over the subjects of `scope`, each once, ordered by bundle, file and key path.
    func hits(of matcher: Matcher, scope: RuleScope) -> [MatchHit] {
        let subjects = subjects(of: scope)
        var tally = SearchTally(limit: nil)
        let hits = subjects.flatMap { evaluate(matcher, on: $0, keeping: { _ in true }, tally: &tally) }
        var unique: [MatchHit] = []
        for hit in MatchHit.sorted(hits) where unique.last != hit {
            unique.append(hit)
        }
        return unique
    }

    /// How many entries a path matcher over `scope` walks: the sizes of its subjects together.
    /// Every entry has one owner, so for any bundle scope this is at most the package's entry
    /// count, however many bundles there are; tests hold the engine to that, as the work it
    /// stands for does not depend on the machine's speed.
    func entriesWalked(scope: RuleScope) -> Int {
        subjects(of: scope).reduce(0) { $0 + $1.positions.count }
    }

    private func subjects(of scope: RuleScope) -> [MatchSubject] {
        switch scope.subject {
        case .archive: scope.includes(packageOf: bundles) ? [archiveSubject] : []
        case .bundles: bundleSubjects.filter { $0.bundle.map(scope.includes) ?? false }
        case .release: []
        }
    }

    /// What the key-path searches of one evaluation left out, per file.
    private struct SearchTally {
        /// How many hits of one search in one file are made; nil for all of them.
        let limit: Int?
        /// Hits found but not made, by file.
        var uncounted: [FindingCap.Place: Int] = [:]
        /// Searches that found something, by file.
        var searches: [FindingCap.Place: Int] = [:]
        /// Files a search did not read whole, and why; kept whatever the matchers around it decide.
        var unfinished: [FindingCap.Place: FindingCap.Unfinished] = [:]

        init(limit: Int?) {
            self.limit = limit
        }

        /// Whether a file both lost hits to the limit and got hits from another search.
        var isInexact: Bool {
            uncounted.contains { searches[$0.key, default: 0] > 1 }
        }
    }

    // MARK: - Combinators

    private func evaluate(
        _ matcher: Matcher, on subject: MatchSubject, keeping isKept: (MatchHit) -> Bool, tally: inout SearchTally
    ) -> [MatchHit] {
        switch matcher {
        case .all(let children):
            let before = tally
            var union: [MatchHit] = []
            for child in children {
                let hits = evaluate(child, on: subject, keeping: isKept, tally: &tally)
                if hits.isEmpty {
                    let unfinished = tally.unfinished
                    tally = before
                    tally.unfinished = unfinished
                    return []
                }
                union += hits
            }
            return union
        case .any(let children):
            return children.flatMap { evaluate($0, on: subject, keeping: isKept, tally: &tally) }
        case .not(let child):
            // Only whether the child matches counts, not what it found.
            var scratch = SearchTally(limit: tally.limit)
            let childHits = evaluate(child, on: subject, keeping: { _ in true }, tally: &scratch)
            tally.unfinished.merge(scratch.unfinished) { first, _ in first }
            guard childHits.isEmpty else { return [] }
            return [MatchHit(bundle: subject.bundle?.path, file: subject.bundle?.infoPlistPath, keyPath: nil, line: nil, value: nil, identity: nil)]
        case .path(let pathMatcher):
            return pathHits(pathMatcher, on: subject)
        case .plist(let plistMatcher):
            return plistHits(plistMatcher, on: subject, keeping: isKept, tally: &tally)
        case .text(let textMatcher):
            return textHits(textMatcher, on: subject, tally: &tally)
        case .binary(let binaryMatcher):
            return binaryHits(binaryMatcher, on: subject)
        }
    }

    // MARK: - Executables

    /// One hit per matching value of the subject's executable (every bundle's for the archive),
    /// whatever the number of slices holding it.
    private func binaryHits(_ matcher: BinaryMatcher, on subject: MatchSubject) -> [MatchHit] {
        let sources = subject.bundle.map { [$0] } ?? bundles
        return sources.flatMap { bundle -> [MatchHit] in
            // Apple's WatchKit stub is not the developer's code: nothing in it is evidence.
            guard !bundle.runsAppleStub, let signing = bundle.signing, let executable = signing.executable else { return [] }
            var seen = Set<String>()
            return executable.slices.flatMap(\.evidence).filter { matcher.matches($0) && seen.insert($0.value).inserted }.map { evidence in
                MatchHit(
                    bundle: bundle.path, file: signing.executablePath, keyPath: nil, line: nil,
                    value: evidence.value, identity: "\(evidence.kind.rawValue):\(evidence.value)"
                )
            }
        }
    }

    // MARK: - Paths

    private func pathHits(_ matcher: PathMatcher, on subject: MatchSubject) -> [MatchHit] {
        var hits: [MatchHit] = []
        // Tree order puts a folder's contents right after it, so one prefix is
        // enough to skip everything beneath the last folder that matched.
        var skippedFolder: String?
        for position in subject.positions {
            // Most paths fail on their last component's bytes, before a `String` is made of them.
            let mayMatch = subject.paths.withNameBytes(at: Int(position)) { name in
                matcher.globs.contains { $0.mayMatch(lastComponent: name) }
            }
            guard mayMatch else { continue }
            let entry = subject.entry(at: position)
            if let folder = skippedFolder {
                if entry.path.utf8.starts(with: folder.utf8) { continue }
                skippedFolder = nil
            }
            guard matcher.globs.contains(where: { $0.matches(components: entry.components) }),
                !matcher.exclude.contains(where: { $0.matches(components: entry.components) })
            else { continue }
            hits.append(
                MatchHit(
                    bundle: subject.bundle?.path, file: entry.path, keyPath: nil, line: nil,
                    value: String(entry.relativePath), identity: entry.path
                ))
            if entry.isFolder { skippedFolder = entry.path + "/" }
        }
        return hits
    }

    // MARK: - Property lists

    private func plistHits(
        _ matcher: PlistMatcher, on subject: MatchSubject, keeping isKept: (MatchHit) -> Bool, tally: inout SearchTally
    ) -> [MatchHit] {
        let sources = subject.bundle.map { [$0] } ?? bundles
        return sources.flatMap { bundle -> [MatchHit] in
            let hits: [MatchHit]
            let file: String
            switch matcher.source {
            case .infoPlist:
                file = bundle.infoPlistPath
                hits = plistHits(matcher, document: bundle.infoPlist, file: file, bundle: bundle.path, keeping: isKept, tally: &tally)
            case .entitlements:
                // Signed entitlements, else the .xcent; a bundle with neither has no values.
                let dictionary = bundle.signing?.entitlements?.dictionary
                file = bundle.signing?.entitlementsPath ?? bundle.signing?.executablePath ?? bundle.path
                hits = plistHits(matcher, document: dictionary.map(Self.document), file: file, bundle: bundle.path, keeping: isKept, tally: &tally)
            case .profile:
                let dictionary = bundle.signing?.profile?.propertyList
                file = bundle.signing?.profilePath ?? bundle.layout.profilePath
                hits = plistHits(matcher, document: dictionary.map(Self.document), file: file, bundle: bundle.path, keeping: isKept, tally: &tally)
            }
            if !hits.isEmpty {
                tally.searches[FindingCap.Place(bundle: bundle.path, file: file), default: 0] += 1
            }
            return hits
        }
    }

    /// Entitlements and profiles come out of binaries and envelopes: no source lines to point at.
    private static func document(_ dictionary: PlistDictionary) -> PropertyListDocument {
        PropertyListDocument(format: .binary, root: .dictionary(dictionary))
    }

    /// A bundle without a property list has no values: `missing` hits, nothing else does.
    /// Hits keep the places the search found; pointers are built for the findings a report keeps.
    /// With a limit in `tally`, only that many hits are made, the first by key path; the
    /// others that `isKept` keeps are counted there.
    private func plistHits(
        _ matcher: PlistMatcher, document: PropertyListDocument?, file: String, bundle: String,
        keeping isKept: (MatchHit) -> Bool, tally: inout SearchTally
    ) -> [MatchHit] {
        // The condition is tested during the search, so a value it rejects leaves nothing behind.
        let search = document.map { matcher.key.search(in: $0.root, where: matcher.condition.accepts) }
        if let search, !search.isComplete {
            tally.unfinished[FindingCap.Place(bundle: bundle, file: file)] = .visitCap(KeyPathPattern.maximumVisits)
        }
        let found = search?.matches ?? []
        func hit(_ place: JSONPointerTrail.Place, _ value: PlistValue) -> MatchHit {
            MatchHit(bundle: bundle, file: file, place: place, lines: document?.lines, value: value.displayText)
        }
        if case .missing = matcher.condition {
            guard found.isEmpty else { return [] }
            let pointer = matcher.key.literalPointer
            return [MatchHit(bundle: bundle, file: file, keyPath: pointer, line: nil, value: nil, identity: pointer?.description)]
        }
        let matching = found.indices
        guard let limit = tally.limit, matching.count > limit, let trail = search?.trail else {
            return matching.map { hit(found[$0].place, found[$0].value) }
        }
        // A hit is made to be judged and dropped at once unless it is among the first.
        let kept = matching.filter { isKept(hit(found[$0].place, found[$0].value)) }
        guard kept.count > limit else {
            // Hits `isKept` drops are dropped again later; one of them keeps an `all` matcher
            // seeing that this search matched, as it did before the filter.
            let dropped = kept.count < matching.count ? matching.first { !kept.contains($0) } : nil
            return (kept + (dropped.map { [$0] } ?? [])).map { hit(found[$0].place, found[$0].value) }
        }
        // One search, one trail: its places in key-path order are its hits in report order.
        let ranks = trail.ranks(of: kept.map { found[$0].place.index })
        let first = kept.sorted { ranks[Int(found[$0].place.index)] < ranks[Int(found[$1].place.index)] }.prefix(limit)
        tally.uncounted[FindingCap.Place(bundle: bundle, file: file), default: 0] += kept.count - limit
        return first.map { hit(found[$0].place, found[$0].value) }
    }

    // MARK: - Text

    private func textHits(_ matcher: TextMatcher, on subject: MatchSubject, tally: inout SearchTally) -> [MatchHit] {
        var hits: [MatchHit] = []
        for entry in subject.entries where !entry.isFolder {
            guard matcher.files.contains(where: { $0.matches(components: entry.components) }) else { continue }
            let place = FindingCap.Place(bundle: subject.bundle?.path, file: entry.path)
            switch readText(entry.path) {
            case .text(let text):
                let found = TextSearch.hits(of: matcher.pattern, in: text, file: entry.path, bundle: subject.bundle?.path)
                if found.count >= TextSearch.maximumHitsPerFile { tally.unfinished[place] = .hitCap(TextSearch.maximumHitsPerFile) }
                hits += found
            case .tooLarge:
                tally.unfinished[place] = .fileTooLarge(TextMatcher.maximumFileSize)
            case .unreadable:
                continue
            }
        }
        return hits
    }

    /// What a `text` matcher gets of a file.
    private enum TextRead {
        case text(String)
        /// Over `TextMatcher.maximumFileSize`: the rule says it did not check the file.
        case tooLarge
        /// Not UTF-8, or damaged: not text, so nothing for a text rule to find.
        case unreadable
    }

    /// The file as UTF-8 text. Containers throw only `BundleCheckError`; anything else is a
    /// bug and is not hidden.
    private func readText(_ path: String) -> TextRead {
        do {
            guard try container.size(of: path) <= UInt64(TextMatcher.maximumFileSize) else { return .tooLarge }
            let bytes = try container.read(path, limit: TextMatcher.maximumFileSize)
            return String(validating: bytes, as: UTF8.self).map(TextRead.text) ?? .unreadable
        } catch is BundleCheckError {
            return .unreadable
        } catch {
            preconditionFailure("a container threw \(error) reading \(path); containers throw only BundleCheckError")
        }
    }

    // MARK: - Ownership

    /// The entries each bundle owns, by index in `bundles`. Tree order lists a
    /// folder before its contents, so the owner of an entry is found with one
    /// lookup of its parent folder: the bundle whose folder is the deepest one above it.
    private static func entriesByOwner(paths: PathIndex, bundles: [InspectedBundle]) -> [[Int32]] {
        var bundleIndex: [String: Int] = [:]
        for (index, bundle) in bundles.enumerated() where bundleIndex[bundle.path] == nil {
            bundleIndex[bundle.path] = index
        }
        var owned = [[Int32]](repeating: [], count: bundles.count)
        // For each folder: the bundle that owns what is directly inside it.
        var ownerOfContents: [Substring: Int] = [:]
        for (position, entry) in zip(paths.entries.indices, paths.entries) {
            let path = entry.path
            let parent = path.lastSlash.map { path[..<$0] }
            let owner = parent.flatMap { ownerOfContents[$0] }
            if let owner { owned[owner].append(Int32(position)) }
            if entry.isFolder {
                if let own = bundleIndex[path] {
                    ownerOfContents[path[...]] = own
                } else if let owner {
                    ownerOfContents[path[...]] = owner
                }
            }
        }
        return owned
    }
}

/// What one evaluation of a matcher looks at: one bundle, or the whole package.
struct MatchSubject: Sendable {
    /// Nil for the archive as a whole.
    let bundle: InspectedBundle?
    let paths: PathIndex
    /// Positions in `paths` of the files and folders the subject owns, in tree order: for a
    /// bundle, those beneath its folder but not inside a nested bundle (whose folder it does own).
    let positions: [Int32]

    /// The subject's entries, each made when the evaluation reaches it and dropped after.
    var entries: some Sequence<SubjectEntry> {
        positions.lazy.map(entry(at:))
    }

    /// The entry at `position` in `paths`, one of `positions`.
    func entry(at position: Int32) -> SubjectEntry {
        let entry = paths.entries[Int(position)]
        return SubjectEntry(path: entry.path, droppingPrefixOf: bundle.map { $0.path.utf8.count + 1 } ?? 0, isFolder: entry.isFolder)
    }
}

/// A file or folder as one match subject sees it.
struct SubjectEntry: Sendable {
    /// The full container path, which hits carry.
    let path: String
    /// The path relative to the subject: to the bundle folder, or the whole path for the archive.
    let relativePath: Substring
    /// `relativePath` split at `/`, once for every glob that looks at it.
    let components: PathComponents
    let isFolder: Bool

    init(path: String, droppingPrefixOf length: Int, isFolder: Bool) {
        self.path = path
        // `length` is that of a folder path and its `/`, so it falls between characters.
        self.relativePath = path[path.utf8.index(path.startIndex, offsetBy: length)...]
        self.components = PathComponents(relativePath)
        self.isFolder = isFolder
    }
}

/// A path's `/`-separated components as the positions of its slashes, not as an array of
/// substrings: every entry of a package keeps its split for the whole run (twice: for the
/// archive and for its bundle), and 60,000 entries' `[Substring]` took 27 MiB where these
/// offsets take a few. Components are made on access, which only compares them.
struct PathComponents: RandomAccessCollection, Sendable {
    private let text: Substring
    /// UTF-8 offsets from `text`'s start of each `/`.
    private let slashes: [UInt32]

    init(_ text: Substring) {
        self.text = text
        var slashes: [UInt32] = []
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "/") {
            slashes.append(UInt32(truncatingIfNeeded: offset))
        }
        self.slashes = slashes
    }

    var startIndex: Int { 0 }
    var endIndex: Int { slashes.count + 1 }

    subscript(position: Int) -> Substring {
        let utf8 = text.utf8
        let start = position == 0 ? utf8.startIndex : utf8.index(utf8.startIndex, offsetBy: Int(slashes[position - 1]) + 1)
        let end = position == slashes.count ? utf8.endIndex : utf8.index(utf8.startIndex, offsetBy: Int(slashes[position]))
        return text[start..<end]
    }
}
