import BundleCheckFormats

/// A rule file's `apple-codes`: a list (every finding carries them all), or a mapping from keys
/// to a code or a list of codes, by which the rule's built-in check picks for each finding.
/// Checked against what the check declares, so a code the rule does not define is a load error
/// in every build rather than a code silently dropped or invented.
struct AppleCodesField {
    /// Every code once, in the file's order.
    var all: [String] = []
    /// The mapping's keys in the file's order; empty for a list.
    var keyed: [KeyedAppleCodes] = []
    /// Each key's node, so that a message about a key names its line.
    private var keyNodes: [AppleCodeKey: YAMLNode] = [:]

    static let field = "apple-codes"

    init() {}

    init(_ node: YAMLNode, reader: YAMLFieldReader) throws(YAMLLoadError) {
        guard let pairs = node.mapping else {
            all = node.sequence?.isEmpty == true ? [] : try Self.codes(node, field: Self.field, reader: reader)
            return
        }
        guard !pairs.isEmpty else { throw reader.error(node, Self.field, "an empty mapping names no code; leave the key out") }
        for pair in pairs {
            guard let name = pair.key.scalar, RuleID.isValid(name) else {
                throw reader.error(
                    pair.key, Self.field,
                    "'\(pair.key.scalar ?? pair.key.kindName)' is not a key: use lowercase letters, digits and single hyphens, e.g. missing-file")
            }
            let field = "\(Self.field).\(name)"
            let codes = try Self.codes(pair.value, field: field, reader: reader)
            guard !codes.isEmpty else { throw reader.error(pair.value, field, "name at least one code") }
            keyed.append(KeyedAppleCodes(key: AppleCodeKey(name), codes: codes))
            keyNodes[AppleCodeKey(name)] = pair.key
            for code in codes where !all.contains(code) { all.append(code) }
        }
    }

    private static func codes(_ node: YAMLNode, field: String, reader: YAMLFieldReader) throws(YAMLLoadError) -> [String] {
        let codes = try reader.strings(node, field: field)
        for code in codes where !AppleCode.isValid(code) {
            throw reader.error(node, field, "'\(code)' is not an Apple code of the form ITMS-90473")
        }
        return codes
    }

    /// Refuses codes that do not fit how the rule is run: a matcher reports all its codes, so it
    /// takes a list; a built-in check's keys must be the ones it picks among or its tables use,
    /// and every code a table hands it must be listed.
    func validate(
        for implementation: RuleImplementation, checks: BuiltInCheckDeclarations, node: YAMLNode?, root: YAMLNode, reader: YAMLFieldReader
    ) throws(YAMLLoadError) {
        let at = node ?? root
        guard case .builtIn(let name) = implementation else {
            if !keyed.isEmpty {
                throw reader.error(at, Self.field, "a matcher's findings carry all of its rule's codes; write apple-codes as a list")
            }
            return
        }
        let declaration = checks[name] ?? BuiltInCheckDeclaration(name: name)
        let byKey = Dictionary(keyed.map { ($0.key, $0.codes) }, uniquingKeysWith: { first, _ in first })
        for key in declaration.appleCodeKeys where byKey[key] == nil {
            let wanted = declaration.appleCodeKeys.map(\.name).joined(separator: ", ")
            throw reader.error(
                at, Self.field,
                "the check '\(name)' picks its Apple code by the key '\(key)', which apple-codes does not define; write apple-codes as a mapping with the keys \(wanted), each to its code"
            )
        }
        for table in declaration.tableAppleCodes {
            let source = "Rules/data/\(table.table).yml"
            if let key = table.key {
                guard let listed = byKey[key] else {
                    throw reader.error(
                        at, Self.field, "the check '\(name)' reports the codes \(source) gives it under the key '\(key)', which apple-codes does not define")
                }
                for code in table.codes where !listed.contains(code) {
                    throw reader.error(
                        at, "\(Self.field).\(key)", "the check '\(name)' may report \(code), which \(source) gives it, but the key '\(key)' does not list it")
                }
            } else {
                for code in table.codes where !all.contains(code) {
                    throw reader.error(at, Self.field, "the check '\(name)' may report \(code), which \(source) gives it, but apple-codes does not list it")
                }
            }
        }
        if declaration.citesAppleCodes && all.isEmpty {
            throw reader.error(at, Self.field, "the check '\(name)' cites its rule's Apple codes in its messages; list them (apple-codes: [ITMS-…])")
        }
        let picked = Set(declaration.appleCodeKeys).union(declaration.tableAppleCodes.compactMap(\.key))
        for entry in keyed where !picked.contains(entry.key) {
            let known =
                picked.isEmpty ? "it picks by no key: write apple-codes as a list" : "it picks by \(picked.map(\.name).sorted().joined(separator: ", "))"
            throw reader.error(keyNodes[entry.key] ?? at, "\(Self.field).\(entry.key)", "the check '\(name)' never picks the key '\(entry.key)'; \(known)")
        }
    }
}
