/// Build-setting references that Xcode should have expanded: `$(VAR)` and `${VAR}`.
///
/// Only the `unexpanded-variable` rule reports them; every other rule skips such
/// values so one mistake gives one finding.
enum UnexpandedVariable {
    /// The rule that reports them.
    static let ruleID = "unexpanded-variable"

    static func occurs(in value: String) -> Bool {
        var previousWasDollar = false
        for character in value {
            if previousWasDollar && (character == "(" || character == "{") { return true }
            previousWasDollar = character == "$"
        }
        return false
    }
}
