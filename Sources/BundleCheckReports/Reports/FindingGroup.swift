import BundleCheckModel

/// Findings of one rule in one bundle that say the same thing (same severity, message and
/// excerpt) in different places: one unexpanded `$(PRODUCT_NAME)` copied into forty keys is
/// one mistake, which a report for people shows once with its places listed.
///
/// Reports for machines (JSON, SARIF, JUnit …) keep every finding: each has its own location
/// and fingerprint.
package struct FindingGroup {
    /// In the order the findings came; never empty.
    package let findings: [Finding]

    package var first: Finding { findings[0] }

    /// Groups `findings` (all of one bundle), keeping the order of each group's first finding.
    package static func grouping(_ findings: [Finding]) -> [FindingGroup] {
        struct Key: Hashable {
            let rule: String
            let severity: Severity
            let message: String
            let excerpt: String?
        }
        var order: [Key] = []
        var members: [Key: [Finding]] = [:]
        for finding in findings {
            let key = Key(rule: finding.rule, severity: finding.severity, message: finding.message, excerpt: finding.excerpt)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(finding)
        }
        return order.map { FindingGroup(findings: members[$0] ?? []) }
    }
}
