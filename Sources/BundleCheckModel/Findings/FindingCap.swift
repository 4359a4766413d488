import BundleCheckFormats

/// How much one rule may say about one file: the first `perRuleAndFile` findings,
/// then one finding that counts the rest, so no input can flood a CI log or a dashboard.
///
/// Every rule goes through here, built-in and declarative. Findings are cut from a list
/// already in a fixed order (bundle, file, key path, then line or fingerprint), so which
/// ones are kept never depends on the order they were produced in. docs/limits.md
/// documents the cap; the JSON report marks the counting finding with `omittedCount`.
package enum FindingCap {
    /// Findings one rule reports in one file.
    package static let perRuleAndFile = 50

    /// Where findings are counted: a file of a bundle (either may be absent).
    package struct Place: Sendable, Hashable {
        package let bundle: String?
        package let file: String?

        package init(bundle: String?, file: String?) {
            self.bundle = bundle
            self.file = file
        }
    }

    /// `ordered` with each place's items past the first `perRuleAndFile` left out, and
    /// how many were left out of each place, in order of the places' first items.
    package static func cut<Item>(_ ordered: [Item], placeOf: (Item) -> Place) -> (kept: [Item], omitted: [(place: Place, count: Int)]) {
        var seen: [Place: Int] = [:]
        var places: [Place] = []
        var kept: [Item] = []
        for item in ordered {
            let place = placeOf(item)
            let count = seen[place, default: 0]
            if count == 0 { places.append(place) }
            seen[place] = count + 1
            if count < perRuleAndFile { kept.append(item) }
        }
        let omitted = places.compactMap { place -> (place: Place, count: Int)? in
            let count = seen[place, default: 0] - perRuleAndFile
            return count > 0 ? (place, count) : nil
        }
        return (kept, omitted)
    }

    /// A rule's findings put in report order and cut, with a counting finding for each place cut.
    /// A check that cut its own findings says so with counting findings (`summary`): those
    /// are not cut again, and what is cut here adds to their count.
    package static func limit(_ findings: [Finding], of rule: RuleDefinition) -> [Finding] {
        let counting = findings.filter { $0.omittedCount != nil }
        guard findings.count - counting.count > perRuleAndFile || !counting.isEmpty else { return findings }
        let listed = counting.isEmpty ? findings : findings.filter { $0.omittedCount == nil }
        let (kept, omitted) = cut(Finding.inReportOrder(listed)) { Place(bundle: $0.bundle, file: $0.file) }
        var counts = omitted
        for summary in counting {
            let place = Place(bundle: summary.bundle, file: summary.file)
            if let index = counts.firstIndex(where: { $0.place == place }) {
                counts[index].count += summary.omittedCount ?? 0
            } else {
                counts.append((place, summary.omittedCount ?? 0))
            }
        }
        return kept + counts.map { summary(of: rule, at: $0.place, omitted: $0.count) }
    }

    /// The finding that stands for the `omitted` findings of `rule` at `place`; `isLowerBound`
    /// when the rule did not look at all of the file (`Unfinished`), so there may be more.
    package static func summary(of rule: RuleDefinition, at place: Place, omitted: Int, isLowerBound: Bool = false) -> Finding {
        let noun = omitted == 1 ? "finding" : "findings"
        let scope = place.file == nil ? "" : " in this file"
        let message = "… and \(isLowerBound ? "at least " : "")\(grouped(omitted)) more \(noun) of this rule\(scope)"
        return rule.finding(message, at: FindingLocation(bundle: place.bundle, file: place.file), identity: "omitted")
            .counting(omitted: omitted)
    }

    /// Why a rule did not look at all of one file: a cap of the search stopped it. Said in a
    /// finding of its own, with the rule's severity, since nothing past the cap was checked.
    package enum Unfinished: Sendable, Hashable {
        /// A key-path search stopped after this many values (`KeyPathPattern.maximumVisits`).
        case visitCap(Int)
        /// A `text` matcher did not read a file over this many bytes (`TextMatcher.maximumFileSize`).
        case fileTooLarge(Int)
        /// A `text` search stopped at this many matching lines (`TextSearch.maximumHitsPerFile`).
        case hitCap(Int)

        var message: String {
            switch self {
            case .visitCap(let values):
                "this rule stopped after \(grouped(values)) values of this file, the most one key-path search visits (docs/limits.md); the values past them were not checked"
            case .fileTooLarge(let bytes):
                "this file is over \(grouped(bytes)) bytes, the most a text rule reads (docs/limits.md), so this rule did not check it"
            case .hitCap(let lines):
                "this rule stopped at \(grouped(lines)) matching lines in this file, the most one text search reports (docs/limits.md); the rest of the file was not checked"
            }
        }
    }

    /// The finding that says `rule` did not finish with the file at `place`.
    package static func unfinished(_ reason: Unfinished, of rule: RuleDefinition, at place: Place) -> Finding {
        rule.finding(reason.message, at: FindingLocation(bundle: place.bundle, file: place.file), identity: "unfinished")
    }

    /// `99952` as `99,952`, the same whatever the locale.
    package static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
