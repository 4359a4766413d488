import BundleCheckInspection
import BundleCheckModel

/// `change-not-allowed`: NEW adds something the configuration's `diff: fail-on-new` names
/// (`entitlements`, `bundles`, `purpose-strings` …): a change the team wants a person to approve
/// before it ships, such as HealthKit appearing or a new tracking domain. A value that changed
/// counts as added, since NEW is asking for something OLD did not.
struct ChangeNotAllowedCheck: ReleaseCheck {
    let name = ReleaseCheckName.changeNotAllowed

    func run(_ comparison: ReleaseComparison, as rule: RuleDefinition) -> [Finding] {
        let gates = comparison.settings.failOnNew
        guard !gates.isEmpty else { return [] }
        var findings: [Finding] = []
        for diff in comparison.bundles {
            guard let new = diff.pair.new else { continue }
            if diff.status == .added, gates.contains(.bundles) {
                let point = new.extensionPoint.map { " (\($0))" } ?? ""
                findings.append(
                    rule.finding(
                        "NEW adds the \(new.kind) \(new.name)\(point), and the configuration's diff: fail-on-new lists bundles; approve it, then compare with the build that has it",
                        at: ReleaseComparison.location(new), identity: "bundles"
                    ))
            }
            for change in diff.changes where change.kind != .removed {
                guard let gate = ChangeGate(rawValue: change.facet), gates.contains(gate), let facet = InventoryFacet.named(change.facet) else { continue }
                let what = [change.key, change.new].compactMap { $0 }.joined(separator: " = ")
                let verb = change.kind == .added ? "adds" : "changes"
                findings.append(
                    rule.finding(
                        "NEW \(verb) \(facet.title.lowercased()) \(what) in \(new.name), and the configuration's diff: fail-on-new lists \(gate.rawValue); approve it, then compare with the build that has it",
                        at: ReleaseComparison.location(new), identity: [change.facet, change.key ?? "", change.new ?? ""].joined(separator: ":")
                    ))
            }
        }
        return findings
    }
}
