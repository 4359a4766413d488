/// The one way a check or a matcher reports a finding, as swift-format's `Rule.diagnose(_:on:)`:
/// the rule stamps its id, severity and Apple codes; the caller gives only what varies.
extension RuleDefinition {
    /// A finding of this rule. `identity` tells apart findings at the same key path for the
    /// fingerprint. `appleCodes`, when given, is the subset of the rule's codes this finding
    /// concerns (`version-missing` prints ITMS-90056 or ITMS-90057); codes outside the rule's
    /// own are dropped, since the rule file is the single source of its codes.
    public func finding(
        _ message: String,
        at location: FindingLocation,
        identity: String? = nil,
        appleCodes subset: [String]? = nil
    ) -> Finding {
        var codes = appleCodes
        if let subset {
            assert(subset.allSatisfy(appleCodes.contains), "\(id): \(subset) is not a subset of the rule's Apple codes \(appleCodes)")
            codes = subset.filter(appleCodes.contains)
        }
        return Finding(rule: id, severity: severity, message: message, location: location, appleCodes: codes, identity: identity)
    }
}
