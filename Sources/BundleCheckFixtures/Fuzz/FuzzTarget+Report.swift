import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import BundleCheckReview

/// The `report` harness: a JSON report read back as one side of a release review
/// (`ReviewSideLoader.record(fromReport:)`), then reviewed against itself, against a build with
/// no bundles and against PaiScan's build, and each review written in every format the `diff`
/// command writes.
extension FuzzTarget {
    /// Not JSON is the json harness's input, rejected here so the corpus stays JSON; JSON that
    /// is no report is refused, a report read.
    static func report(_ bytes: [UInt8]) -> Outcome {
        let record: BuildRecord
        do {
            record = try ReviewSideLoader.record(fromReport: bytes, path: "old.json", limits: .default)
        } catch {
            if case .json = error { return .rejected }
            _ = error.description
            return .refused
        }
        let settings = ReviewConfiguration(failOnNew: ChangeGate.allCases, failOnGrowth: 1)
        let rules = RuleCatalogue.shipped.rules

        // Suppressed findings were accepted: a review leaves them out.
        let standing = record.findings.filter { !$0.suppressed }

        // A build compared with itself changes nothing and gets no verdict, whatever it holds.
        let same = ReleaseReview.compare(record, record, rules: rules, settings: settings)
        precondition(same.isSameBuild && same.verdicts.isEmpty, "a report against itself got verdicts \(same.verdicts.map(\.rule))")
        precondition(
            same.bundles.allSatisfy { $0.status == .unchanged },
            "a report against itself changed \(same.bundles.filter { $0.status != .unchanged }.map(\.pair.path))")
        precondition(same.findings.new.isEmpty && same.findings.fixed.isEmpty, "a report against itself has new or fixed findings")
        precondition(same.findings.standing.count == standing.count, "\(standing.count) findings, \(same.findings.standing.count) standing")
        writeEveryFormat(same)

        // Against a build of no bundles, every bundle is added, or removed when the sides swap.
        let empty = BuildRecord(
            path: "empty.json", source: .report, schemaVersion: record.schemaVersion, toolVersion: nil,
            inputPath: "empty.ipa", inputKind: record.inputKind, bundles: [], findings: [], rulesRun: record.rulesRun
        )
        let grown = ReleaseReview.compare(empty, record, rules: rules, settings: settings)
        precondition(
            grown.added.count == record.bundles.count && grown.bundles.count == record.bundles.count,
            "\(record.bundles.count) bundles, \(grown.added.count) added")
        // Each is new, or one-sided when its rule is not among those the report says ran.
        let ran = { (finding: FindingRecord) in record.rulesRun?.contains(finding.rule) ?? true }
        precondition(
            grown.findings.new.count == standing.filter(ran).count, "\(standing.filter(ran).count) findings of rules that ran, \(grown.findings.new.count) new")
        precondition(
            grown.findings.oneSided.count == standing.count - grown.findings.new.count,
            "\(standing.count) findings, \(grown.findings.new.count) new, \(grown.findings.oneSided.count) one-sided")
        writeEveryFormat(grown)
        let shrunk = ReleaseReview.compare(record, empty, rules: rules, settings: settings)
        precondition(shrunk.removed.count == record.bundles.count, "\(record.bundles.count) bundles, \(shrunk.removed.count) removed")
        writeEveryFormat(shrunk)

        // Against a real build, both ways: its bundles pair with the input's, so facets change and
        // the release rules judge versions, identifiers and teams. Each bundle of either side is in
        // one pair, and each change is shaped as its kind says.
        if let reference = Self.referenceBuild {
            for (old, new) in [(reference, record), (record, reference)] {
                let review = ReleaseReview.compare(old, new, rules: rules, settings: settings)
                precondition(review.bundles.filter { $0.pair.old != nil }.count == old.bundles.count, "OLD's bundles are not each in one pair")
                precondition(review.bundles.filter { $0.pair.new != nil }.count == new.bundles.count, "NEW's bundles are not each in one pair")
                for change in review.bundles.flatMap(\.changes) {
                    precondition(InventoryFacet.named(change.facet) != nil, "a change of an unknown facet \(change.facet)")
                    switch change.kind {
                    case .added: precondition(change.old == nil && change.new != nil, "an addition with an old value")
                    case .removed: precondition(change.old != nil && change.new == nil, "a removal with a new value")
                    case .changed: precondition(change.old != nil && change.new != nil, "a change without two values")
                    }
                }
                writeEveryFormat(review)
            }
        }
        return .read
    }

    /// PaiScan's golden report as a review side, read once; nil where this checkout's golden
    /// reports are not at hand.
    private static let referenceBuild: BuildRecord? = {
        guard let bytes = try? FuzzSeeds.golden("PaiScan") else { return nil }
        return try? ReviewSideLoader.record(fromReport: bytes, path: "PaiScan.json", limits: .default)
    }()

    /// Every format of one review; the JSON one must read back as JSON.
    private static func writeEveryFormat(_ diff: ReleaseDiff) {
        _ = DiffTextReporter(color: false).render(diff, failOn: .warning)
        _ = DiffMarkdownReporter().render(diff, failOn: .warning)
        _ = DiffHTMLReporter().render(diff, failOn: .warning)
        let json = DiffJSONReporter().render(diff, failOn: .warning)
        precondition((try? JSONParser().parse(Array(json.utf8))) != nil, "the JSON review does not read back")
    }
}
