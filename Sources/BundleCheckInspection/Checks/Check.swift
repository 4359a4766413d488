import BundleCheckModel

/// A built-in check: Swift code that decides where its rule fires.
///
/// Everything else about the rule (title, severity, Apple codes, rationale, fix)
/// comes from its `Rules/<id>.yml` file, handed in as `rule`.
protocol Check: Sendable {
    /// The id of the rule this check runs; `Rules/<id>.yml` holds everything else about it.
    var id: String { get }

    /// What it reads beyond what every run reads, declared once (`CheckReads`): executable
    /// strings, asset catalogs and their pixels, seals, files kept whole, load commands; nothing
    /// more by default. The run's read plan is built from these declarations alone.
    var reads: CheckReads { get }

    /// The keys of its rule's `apple-codes` mapping it picks among (`rule.appleCodes(for:)`),
    /// where one rule has several codes; its rule file must define each, and no other key.
    var appleCodeKeys: [AppleCodeKey] { get }

    /// The Apple codes tables of `Rules/data/` hand it (`TableAppleCodes`); its rule file must
    /// list each. The codes a check reports are only ever written in rule files and tables.
    var tableAppleCodes: [TableAppleCodes] { get }

    /// Whether its messages cite its rule's Apple codes (`rule.appleCodesText`): then its rule
    /// must list some, or the rules do not load.
    var citesAppleCodes: Bool { get }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding]
}

extension Check {
    var reads: CheckReads { .nothingMore }
    var appleCodeKeys: [AppleCodeKey] { [] }
    var tableAppleCodes: [TableAppleCodes] { [] }
    var citesAppleCodes: Bool { false }

    /// What the rule loader checks its rule file against.
    var declaration: BuiltInCheckDeclaration {
        BuiltInCheckDeclaration(name: id, appleCodeKeys: appleCodeKeys, tableAppleCodes: tableAppleCodes, citesAppleCodes: citesAppleCodes)
    }
}
