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

    /// The finding that stands for the `omitted` findings of `rule` at `place`.
    package static func summary(of rule: RuleDefinition, at place: Place, omitted: Int) -> Finding {
        let noun = omitted == 1 ? "finding" : "findings"
        let scope = place.file == nil ? "" : " in this file"
        let message = "… and \(grouped(omitted)) more \(noun) of this rule\(scope)"
        return rule.finding(message, at: FindingLocation(bundle: place.bundle, file: place.file), identity: "omitted")
            .counting(omitted: omitted)
    }

    /// `99952` as `99,952`, the same whatever the locale.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
