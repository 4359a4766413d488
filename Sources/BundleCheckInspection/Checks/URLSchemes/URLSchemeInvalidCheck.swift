import BundleCheckFormats
import BundleCheckModel

/// `url-scheme-invalid` (ITMS-90158): malformed schemes and malformed `CFBundleURLTypes`.
struct URLSchemeInvalidCheck: Check {
    let id = "url-scheme-invalid"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            let declarations = URLSchemeDeclarations(bundle)
            let structural = declarations.problems.map {
                rule.finding($0.message, at: bundle.infoPlistLocation($0.pointer))
            }
            let schemes = declarations.schemes.compactMap { scheme -> Finding? in
                guard !UnexpandedVariable.occurs(in: scheme.value), let problem = URLSchemeSyntax.problem(in: scheme.value) else { return nil }
                return rule.finding(Self.invalid(scheme.value, problem), at: bundle.infoPlistLocation(scheme.pointer))
            }
            return structural + schemes
        }
    }
}

extension URLSchemeInvalidCheck {
    static func invalid(_ scheme: String, _ problem: String) -> String {
        "URL scheme '\(scheme)' \(problem)"
    }
}
