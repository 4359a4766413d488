import BundleCheckModel
import BundleCheckReports

/// How the text, Markdown and HTML reviews word a change, a bundle, a size and the outcome, in one place.
enum ChangeWording {
    /// `+`, `-` or `~`, as a terminal's diff shows them: what a reviewer scans for.
    static func sign(_ kind: FacetChange.Kind) -> String {
        switch kind {
        case .added: "+"
        case .removed: "-"
        case .changed: "~"
        }
    }

    /// `+`, `−` (the minus sign) or `~`, for a page: a hyphen reads as a dash there.
    static func printedSign(_ kind: FacetChange.Kind) -> String {
        kind == .removed ? "−" : sign(kind)
    }

    /// A change's facet as it heads the change under its group's heading: nothing where the two
    /// say the same (an entitlement under "Entitlements"), so the key and value come first.
    static func label(_ facet: InventoryFacet) -> String? {
        facet.title == facet.group.title ? nil : facet.title
    }

    /// `+`, `−` or `~` of a bundle added, removed or changed; nothing for one unchanged.
    static func printedSign(_ status: BundleDiff.Status) -> String {
        switch status {
        case .added: "+"
        case .removed: "−"
        case .changed: "~"
        case .unchanged: ""
        }
    }

    /// A bundle's changes under each `InventoryFacet.Group` that has some, in the groups' order,
    /// each change with its facet: what every format lists under a bundle.
    static func grouped(_ changes: [FacetChange]) -> [(group: InventoryFacet.Group, changes: [(change: FacetChange, facet: InventoryFacet)])] {
        let withFacets = changes.compactMap { change in InventoryFacet.named(change.facet).map { (change: change, facet: $0) } }
        return InventoryFacet.Group.allCases.compactMap { group in
            let inGroup = withFacets.filter { $0.facet.group == group }
            return inGroup.isEmpty ? nil : (group, inGroup)
        }
    }

    /// The facets each side's report did not record, by side, for the sides that left some out.
    static func notRecorded(_ bundle: BundleDiff) -> [(side: ReviewSide, facets: String)] {
        let bySide = Dictionary(grouping: bundle.notRecorded, by: \.side)
        return ReviewSide.allCases.compactMap { side in
            guard let facets = bySide[side], !facets.isEmpty else { return nil }
            return (side, facets.map(\.facet).joined(separator: ", "))
        }
    }

    /// A number of bytes as the reports write it, or `missing` when a side did not record it.
    static func bytes(_ value: Int64?, missing: String) -> String {
        value.map { ReportText.byteCount(UInt64(clamping: $0)) } ?? missing
    }

    /// ` (suppressed: build 40 replaces 42)`, or nothing for a verdict that stands.
    static func suppression(_ finding: Finding) -> String {
        finding.suppression.map { " (suppressed: \($0.reason))" } ?? ""
    }

    /// `com.apple.developer.healthkit: true`, `42 → 43`, `myapp`: the change without its sign.
    static func body(_ change: FacetChange, shape: InventoryFacet.Shape) -> String {
        let key = change.key.map { "\($0): " } ?? ""
        switch change.kind {
        case .added where shape == .scalar: return key + "(none) → " + (change.new ?? "")
        case .removed where shape == .scalar: return key + (change.old ?? "") + " → (none)"
        case .added: return key + (change.new ?? "")
        case .removed: return key + (change.old ?? "")
        case .changed: return key + (change.old ?? "") + " → " + (change.new ?? "")
        }
    }

    /// `Share.appex (appex, com.apple.share-services, com.example.notes.share)`.
    static func bundle(_ record: BundleRecord) -> String {
        let details = bundleDetails(record)
        return record.path + (details.isEmpty ? "" : " " + details)
    }

    /// `(appex, com.apple.share-services, com.example.notes.share)`, or nothing; a listed SDK's
    /// framework also says which, at which version and by whom (`listed SDK Alamofire 5.9.1, by
    /// Alamofire Software Foundation`), as a release added or removed it.
    static func bundleDetails(_ record: BundleRecord) -> String {
        var details = [record.kind, record.extensionPoint, record.bundleIdentifier].compactMap { $0 }.filter { !$0.isEmpty }
        if let sdk = record.listedSDK {
            details.append(
                "listed SDK \(sdk.name)" + (record.shortVersion.map { " \($0)" } ?? "") + (sdk.vendor.map { ", by \($0)" } ?? ""))
        }
        return details.isEmpty ? "" : "(" + details.joined(separator: ", ") + ")"
    }

    /// The review's last word: `Review fails: 1 verdict and 2 new findings at error or above`,
    /// `Review passes: nothing at error or above`, or `No changes`.
    static func outcome(_ diff: ReleaseDiff, verdict: ReviewVerdict, failOn: FailureThreshold) -> String {
        if verdict.fails {
            return "Review fails: " + ReportText.count(verdict.failing.count, "verdict") + " and "
                + ReportText.count(verdict.failingNew.count, "new finding") + " at \(failOn.rawValue) or above"
        }
        return diff.hasChanges ? "Review passes: nothing at \(failOn.rawValue) or above" : "No changes"
    }

    /// Said when the two sides are one build, so no release rule ran.
    static func sameBuild(_ diff: ReleaseDiff) -> String {
        diff.hasChanges
            ? "The two sides are one build (the same executables and versions), signed or packaged anew: no release rule judges it."
            : "The two sides are the same build: nothing differs."
    }

    /// `76.9 kB → 80.1 kB (+3.2 kB)`.
    static func size(_ size: SizeDiff) -> String {
        var text = "\(bytes(size.old, missing: "not recorded")) → \(bytes(size.new, missing: "not recorded"))"
        if let growth = size.growth {
            text += " (" + signed(growth) + ")"
        }
        return text
    }

    /// `+3.2 kB`, `-1.0 MB`, `±0 bytes`.
    static func signed(_ bytes: Int64) -> String {
        if bytes == 0 { return "±0 bytes" }
        return (bytes > 0 ? "+" : "-") + ReportText.byteCount(bytes.magnitude)
    }

    /// `Frameworks/Big.framework/Big: 1.0 MB → 4.0 MB (+3.0 MB)`, or `+ at least 3.0 MB` when OLD's list did not show it.
    static func grownFile(_ file: SizeDiff.FileGrowth) -> String {
        let before = bytes(file.old, missing: file.isLowerBound ? "not among the largest" : "absent")
        let growth = (file.isLowerBound ? "at least " : "") + signed(file.growth)
        return "\(file.path): \(before) → \(bytes(file.new, missing: "")) (\(growth))"
    }

    /// `2 new, 1 fixed, 5 standing`.
    static func findingCounts(_ findings: FindingsDiff) -> String {
        "\(findings.new.count) new, \(findings.fixed.count) fixed, \(findings.standing.count) standing"
    }

    /// What OLD stands for, as the header says it.
    static func oldBuild(_ state: OldBuildState) -> String {
        switch state {
        case .approved: "OLD is taken as the last build App Review approved (--old-build uploaded if it was only uploaded)"
        case .uploaded: "OLD is a build uploaded before, not yet approved"
        }
    }

    static func source(_ record: BuildRecord) -> String {
        switch record.source {
        case .package: "package"
        case .report: "report of bundlecheck \(record.toolVersion ?? "?"), schema \(record.schemaVersion)"
        }
    }
}
