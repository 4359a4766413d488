import BundleCheckModel

/// A built-in check: Swift code that decides where its rule fires.
///
/// Everything else about the rule (title, severity, Apple codes, rationale, fix)
/// comes from its `Rules/<id>.yml` file, handed in as `rule`.
protocol Check: Sendable {
    /// The id of the rule this check runs; `Rules/<id>.yml` holds everything else about it.
    var id: String { get }

    /// The executable strings this check reads; the inspector keeps only what some rule wants.
    /// Stated by every check (most need none), so a binary check cannot forget it.
    var evidenceNeeds: [BinaryMatcher] { get }

    /// What this check reads of loose libraries (`Frameworks/*.dylib`); none by default, since
    /// their strings are not the developer's code, but some rules judge every binary.
    var libraryEvidenceNeeds: [BinaryMatcher] { get }

    /// What else it reads: asset catalogs and their pixels, seals, files kept whole
    /// (`CheckReads`); nothing more by default.
    var reads: CheckReads { get }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding]
}

extension Check {
    var libraryEvidenceNeeds: [BinaryMatcher] { [] }
    var reads: CheckReads { .nothingMore }
}
