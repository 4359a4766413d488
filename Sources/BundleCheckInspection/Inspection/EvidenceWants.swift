import BundleCheckFormats
import BundleCheckModel

/// Which executable strings a run keeps: those some rule's `binary` matcher or built-in check
/// asks for. Everything else is skipped while reading, so memory follows the hits.
struct EvidenceWants: BinaryEvidenceFilter {
    let matchers: [BinaryMatcher]
    /// What the built-in checks want of loose libraries, a narrower filter of its own.
    let libraryMatchers: [BinaryMatcher]
    /// The byte-level first cuts of the matchers of each kind, by position in `kinds`.
    private let screens: [[UTF8Screen]]
    /// `BinaryEvidenceKind.allCases` once: each use of `allCases` makes a new array.
    private static let kinds = BinaryEvidenceKind.allCases

    /// The `binary` matchers of the matcher rules, and what the built-in checks declare
    /// (`CheckReads.declared(by:)`, as the catalog and seal plans read it).
    init(rules: [RuleDefinition]) {
        let checks = CheckReads.declared(by: rules)
        let matchers = rules.flatMap { rule -> [BinaryMatcher] in
            guard case .matcher(let matcher) = rule.implementation else { return [] }
            return matcher.binaryMatchers
        }
        self.init(matchers: matchers + checks.evidence, libraryMatchers: checks.libraryEvidence)
    }

    /// Each matcher once: two checks may ask for the same strings (`handoff-types-undeclared`
    /// reads what `url-scheme-undeclared` collects), and every string that matches none is
    /// tested against every matcher.
    init(matchers: [BinaryMatcher], libraryMatchers: [BinaryMatcher] = []) {
        self.matchers = Self.unique(matchers)
        self.libraryMatchers = Self.unique(libraryMatchers)
        let matchers = self.matchers
        screens = Self.kinds.map { kind in matchers.filter { $0.kind == kind }.map { UTF8Screen($0.condition) } }
    }

    private static func unique(_ matchers: [BinaryMatcher]) -> [BinaryMatcher] {
        var seen: Set<String> = []
        return matchers.filter { seen.insert($0.identity).inserted }
    }

    /// Whether each binary is read to its end for the SHA-256 of the whole file
    /// (`InspectionSettings.digestsBinaries`).
    var digestsBinaries = false

    /// The filter for loose libraries.
    var forLibraries: EvidenceWants {
        EvidenceWants(matchers: libraryMatchers).digestingBinaries(digestsBinaries)
    }

    /// The same, reading each binary to its end for its SHA-256 when `digesting`.
    func digestingBinaries(_ digesting: Bool) -> EvidenceWants {
        var wants = self
        wants.digestsBinaries = digesting
        return wants
    }

    var isEmpty: Bool { matchers.isEmpty }

    /// Whether the run keeps every string `needs` asks for, of the executables and of the other
    /// binaries both: only then does what was kept say what the binaries use.
    func keeps(_ needs: [BinaryMatcher]) -> Bool {
        let kept = Set(matchers.map(\.identity))
        let keptOfLibraries = Set(libraryMatchers.map(\.identity))
        return needs.allSatisfy { kept.contains($0.identity) && keptOfLibraries.contains($0.identity) }
    }

    func mightWant(_ kind: BinaryEvidenceKind, utf8 bytes: ArraySlice<UInt8>) -> Bool {
        // Called for every string of every executable: by index, which copies no screen.
        // Through the buffer, each screen is borrowed where it lies: a copy would retain and
        // release the needle tables of the secrets' screen at every string.
        let position = Self.kinds.firstIndex(of: kind) ?? 0
        return screens[position].withUnsafeBufferPointer { screens in
            for index in screens.indices where screens[index].mightMatch(bytes) { return true }
            return false
        }
    }

    func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool {
        // Called for every string of every executable: the kind test is the cheap first cut.
        for matcher in matchers where matcher.kind == kind && matcher.condition.matches(value) {
            return true
        }
        return false
    }
}

extension Matcher {
    /// Every `binary` matcher in the tree.
    var binaryMatchers: [BinaryMatcher] {
        switch self {
        case .all(let children), .any(let children): children.flatMap(\.binaryMatchers)
        case .not(let child): child.binaryMatchers
        case .binary(let matcher): [matcher]
        case .path, .plist, .text: []
        }
    }
}
