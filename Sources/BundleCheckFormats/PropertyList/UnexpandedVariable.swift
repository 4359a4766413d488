/// Build-setting references that Xcode should have expanded: `$(VAR)` and `${VAR}`.
///
/// A value holding one is reported by the rule that asks for them (`unexpanded-variable`);
/// every other rule skips such values, so one mistake gives one finding.
package enum UnexpandedVariable {
    package static func occurs(in value: String) -> Bool {
        var previousWasDollar = false
        for character in value {
            if previousWasDollar && (character == "(" || character == "{") { return true }
            previousWasDollar = character == "$"
        }
        return false
    }
}
