@testable import BundleCheckFormats
@testable import BundleCheckInspection

/// Short spellings of activation-rule values and results, so tables read like the plists they stand for.
enum ActivationRuleTestSupport {
    static func int(_ value: Int) -> PlistValue { .integer(PlistInteger(value)) }

    static func dictionary(_ pairs: KeyValuePairs<String, PlistValue>) -> PlistValue {
        .dictionary(PlistDictionary(pairs))
    }

    /// `missing`, `always-true literally`, `never-matches`, `invalid type /Key: message`, `note /: message (2:5)`.
    static func render(_ observation: ActivationRuleObservation) -> String {
        switch observation {
        case .missing:
            return "missing"
        case .alwaysTrue(let literally, _):
            return literally ? "always-true literally" : "always-true"
        case .neverMatches:
            return "never-matches"
        case .invalid(let problem):
            return "invalid \(problem.kind.rawValue) \(place(problem)): \(problem.message)"
        case .note(let problem):
            return "note \(place(problem)): \(problem.message)"
        }
    }

    static func place(_ problem: ActivationRuleProblem) -> String {
        let pointer = problem.pointer.description.isEmpty ? "/" : problem.pointer.description
        guard let location = problem.location else { return pointer }
        return "\(pointer) \(location.line):\(location.column)"
    }

    static func rendered(_ rule: PlistValue?) -> [String] {
        ActivationRuleAnalysis(rule: rule, types: .shipped).observations.map(render)
    }

    static func accepted(_ rule: PlistValue?) -> [String] {
        ActivationRuleAnalysis(rule: rule, types: .shipped).accepts.map(\.description)
    }
}
