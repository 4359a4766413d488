import BundleCheckFormats
import BundleCheckModel

/// `url-scheme-duplicate`: a scheme declared twice in one bundle, or by two bundles of the package.
///
/// iOS picks one claimant at random, so links may open the wrong target. Schemes
/// compare case-insensitively, as URLs do.
struct URLSchemeDuplicateCheck: Check {
    let id = "url-scheme-duplicate"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        var firstSeen: [String: (bundle: InspectedBundle, pointer: JSONPointer)] = [:]
        var findings: [Finding] = []
        for bundle in context.bundles {
            for scheme in URLSchemeDeclarations(bundle).schemes where !scheme.value.isEmpty && !UnexpandedVariable.occurs(in: scheme.value) {
                let key = scheme.value.lowercased()
                if let first = firstSeen[key] {
                    let message = Self.duplicate(scheme.value, first: first.bundle, firstPointer: first.pointer, again: bundle)
                    findings.append(rule.finding(message, at: bundle.infoPlistLocation(scheme.pointer)))
                } else {
                    firstSeen[key] = (bundle, scheme.pointer)
                }
            }
        }
        return findings
    }
}

extension URLSchemeDuplicateCheck {
    static func duplicate(_ scheme: String, first: InspectedBundle, firstPointer: JSONPointer, again: InspectedBundle) -> String {
        if first.path == again.path {
            return "URL scheme '\(scheme)' is declared again (first at \(firstPointer)); declare each scheme once"
        }
        return "URL scheme '\(scheme)' is also declared by \(first.name); \(first.platform.platform.name) picks one of them at random"
    }
}
