import BundleCheckModel

// The rule model reads rule files without knowing which checks exist; this layer owns the
// registry (`BuiltInCheck`), so loading against it, and the shipped catalogue, live here.

extension RuleLoader {
    /// Reads a rule file whose built-in check, if any, must be one of `BuiltInCheck`, and whose
    /// Apple codes must define what that check reports.
    package static func load(text: String, file: String, isBuiltIn: Bool) throws -> RuleDefinition {
        try load(text: text, file: file, isBuiltIn: isBuiltIn, checks: BuiltInCheck.declarations)
    }
}

extension RuleCatalogue {
    /// The rules shipped in `Rules/`, compiled into the binary (no folder needed beside it).
    public static let shipped: RuleCatalogue = {
        do {
            let rules = try EmbeddedRulePacks.files.map { file in
                try RuleLoader.load(text: file.text, file: "Rules/" + file.name, isBuiltIn: true)
            }
            return try RuleCatalogue(rules: rules)
        } catch {
            // The shipped files are validated by the tests; a broken one is a build mistake.
            preconditionFailure("the rules compiled into bundlecheck are broken: \(error)")
        }
    }()

    /// This catalogue plus every `*.yml` under `directory` (sorted, recursively).
    public func adding(packAt directory: String) throws -> RuleCatalogue {
        try adding(packAt: directory, checks: BuiltInCheck.declarations)
    }
}
