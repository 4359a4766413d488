import BundleCheckFormats

/// Reads a rule's `scope`: `archive`, or a mapping of `kinds` and `extension-points`.
enum ScopeParser {
    static func parse(_ node: YAMLNode, reader: YAMLFieldReader) throws(RuleLoadError) -> RuleScope {
        if let text = node.scalar {
            guard text == "archive" else {
                throw reader.error(node, "scope", "expected 'archive' or a mapping with 'kinds' and/or 'extension-points'")
            }
            return .archive
        }
        let fields = try reader.mapping(node, field: "scope", allowed: ["kinds", "extension-points"])
        var kinds: Set<BundleKind>?
        if let kindsNode = fields["kinds"] {
            let names = try reader.strings(kindsNode, field: "scope.kinds")
            kinds = Set(try names.map { name throws(RuleLoadError) in
                guard let kind = BundleKind(rawValue: name) else {
                    throw reader.error(kindsNode, "scope.kinds", "'\(name)' is not a bundle kind; expected one of: \(BundleKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return kind
            })
        }
        var points: Set<String>?
        if let pointsNode = fields["extension-points"] {
            points = Set(try reader.strings(pointsNode, field: "scope.extension-points"))
        }
        guard kinds != nil || points != nil else {
            throw reader.error(node, "scope", "name 'kinds', 'extension-points' or both, or write 'scope: archive'")
        }
        return .bundles(kinds: kinds, extensionPoints: points)
    }
}
