/// A name a rule file gives some of its Apple codes (`apple-codes: {missing-file: ITMS-90032}`):
/// a built-in check that reports one rule under several codes picks among them by it, so the
/// codes themselves are written only in the rule file.
public struct AppleCodeKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Lowercase words joined by single hyphens, as rule ids.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    public var description: String { name }
}

/// One key of a rule's `apple-codes` mapping and the codes it stands for, in the file's order.
public struct KeyedAppleCodes: Hashable, Sendable {
    public let key: AppleCodeKey
    public let codes: [String]
}

/// Apple codes a table of `Rules/data/` hands a check (which code for which platform, size or
/// key): the check's rule must list every one, under `key` when one is given, or it does not load.
package struct TableAppleCodes: Sendable {
    /// The table's name (`app-icon-sizes` for `Rules/data/app-icon-sizes.yml`).
    package let table: String
    package let codes: [String]
    package let key: AppleCodeKey?

    package init(_ codes: [String], from table: String, under key: AppleCodeKey? = nil) {
        self.table = table
        // Sorted and once each: tables keyed by platform hand them over in no fixed order.
        self.codes = Array(Set(codes)).sorted()
        self.key = key
    }
}

/// What the rule loader must know of one built-in check: its name, and the Apple codes it may
/// report, which its rule file must define (the model does not know the checks themselves).
package struct BuiltInCheckDeclaration: Sendable {
    package let name: String
    /// The keys of its rule's `apple-codes` mapping it picks among.
    package let appleCodeKeys: [AppleCodeKey]
    package let tableAppleCodes: [TableAppleCodes]
    /// Whether its messages cite the rule's codes (`rule.appleCodesText`): its rule must list some.
    package let citesAppleCodes: Bool
    /// Whether it is a release check, which compares two builds (its rule's scope is `release`).
    package let isRelease: Bool

    package init(
        name: String, appleCodeKeys: [AppleCodeKey] = [], tableAppleCodes: [TableAppleCodes] = [], citesAppleCodes: Bool = false,
        isRelease: Bool = false
    ) {
        self.name = name
        self.appleCodeKeys = appleCodeKeys
        self.tableAppleCodes = tableAppleCodes
        self.citesAppleCodes = citesAppleCodes
        self.isRelease = isRelease
    }
}

/// The built-in checks a rule file may name, by name.
package struct BuiltInCheckDeclarations: Sendable {
    private let byName: [String: BuiltInCheckDeclaration]

    package init(_ declarations: [BuiltInCheckDeclaration]) {
        byName = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package var names: Set<String> { Set(byName.keys) }

    package subscript(name: String) -> BuiltInCheckDeclaration? { byName[name] }
}
