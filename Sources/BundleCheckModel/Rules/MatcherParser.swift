import BundleCheckFormats
import Foundation

/// Reads a rule's `match` tree: `path`, `plist`, `text`, combined with `all`, `any`, `not`.
struct MatcherParser {
    let reader: YAMLFieldReader
    static let kinds: Set<String> = ["all", "any", "not", "path", "plist", "text", "binary"]
    static let maximumDepth = 16

    func parse(_ node: YAMLNode, field: String, depth: Int = 0) throws(YAMLLoadError) -> Matcher {
        guard depth < Self.maximumDepth else {
            throw reader.error(node, field, "matchers nest deeper than \(Self.maximumDepth) levels")
        }
        let fields = try reader.mapping(node, field: field, allowed: Self.kinds)
        guard fields.count == 1, let (kind, body) = fields.first else {
            throw reader.error(node, field, "a matcher is exactly one of: \(Self.kinds.sorted().joined(separator: ", "))")
        }
        let path = "\(field).\(kind)"
        switch kind {
        case "all", "any":
            guard let items = body.sequence, !items.isEmpty else {
                throw reader.error(body, path, "expected a non-empty list of matchers")
            }
            let children = try items.map { value throws(YAMLLoadError) in try parse(value, field: path, depth: depth + 1) }
            return kind == "all" ? .all(children) : .any(children)
        case "not":
            return .not(try parse(body, field: path, depth: depth + 1))
        case "path":
            return .path(try pathMatcher(body, field: path))
        case "plist":
            return .plist(try plistMatcher(body, field: path))
        case "text":
            return .text(try textMatcher(body, field: path))
        default:
            return .binary(try binaryMatcher(body, field: path))
        }
    }

    func globs(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> [Glob] {
        let patterns = try reader.strings(node, field: field)
        guard !patterns.isEmpty else { throw reader.error(node, field, "expected at least one glob") }
        return try patterns.map { pattern throws(YAMLLoadError) in
            if let problem = Glob.validate(pattern) {
                throw reader.error(node, field, "glob '\(pattern)': \(problem)")
            }
            return Glob(pattern)
        }
    }

    func pathMatcher(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> PathMatcher {
        let fields = try reader.mapping(node, field: field, allowed: ["glob", "exclude"])
        let include = try globs(try reader.required(fields, "glob", in: node, field: "\(field).glob"), field: "\(field).glob")
        let exclude = try fields["exclude"].map { value throws(YAMLLoadError) in try globs(value, field: "\(field).exclude") } ?? []
        return PathMatcher(globs: include, exclude: exclude)
    }

    func plistMatcher(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> PlistMatcher {
        let conditions = ["exists", "missing", "equals", "matches", "type-is"]
        let fields = try reader.mapping(node, field: field, allowed: Set(["source", "key"] + conditions))
        let source =
            try fields["source"].map { value throws(YAMLLoadError) in try reader.choice(value, field: "\(field).source", as: PlistSource.self) } ?? .infoPlist
        let keyNode = try reader.required(fields, "key", in: node, field: "\(field).key")
        let keyText = try reader.string(keyNode, field: "\(field).key")
        guard let key = KeyPathPattern(parsing: keyText), !key.components.isEmpty else {
            throw reader.error(keyNode, "\(field).key", "'\(keyText)' is not a JSON Pointer such as /NSAppTransportSecurity/NSAllowsArbitraryLoads")
        }
        let given = conditions.filter { fields[$0] != nil }
        guard given.count == 1, let name = given.first, let value = fields[name] else {
            throw reader.error(node, field, "name exactly one condition: \(conditions.joined(separator: ", "))")
        }
        let conditionField = "\(field).\(name)"
        let condition: PlistCondition
        switch name {
        case "exists", "missing":
            guard try reader.bool(value, field: conditionField) else {
                throw reader.error(
                    value, conditionField, "only 'true' makes sense here; use '\(name == "exists" ? "missing" : "exists"): true' for the opposite")
            }
            condition = name == "exists" ? .exists : .missing
        case "equals":
            condition = .equals(try reader.string(value, field: conditionField))
        case "matches":
            condition = .matches(try regex(value, field: conditionField))
        default:
            let type = try reader.string(value, field: conditionField)
            let types = ["string", "integer", "real", "boolean", "date", "data", "array", "dictionary"]
            guard types.contains(type) else {
                throw reader.error(value, conditionField, "'\(type)' is not a property-list type; expected one of: \(types.joined(separator: ", "))")
            }
            condition = .typeIs(type)
        }
        return PlistMatcher(source: source, key: key, condition: condition)
    }

    func binaryMatcher(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> BinaryMatcher {
        let kinds = BinaryEvidenceKind.allCases.map(\.rawValue)
        let fields = try reader.mapping(node, field: field, allowed: Set(kinds))
        guard fields.count == 1, let (kindName, body) = fields.first, let kind = BinaryEvidenceKind(rawValue: kindName) else {
            throw reader.error(node, field, "name exactly one of: \(kinds.joined(separator: ", "))")
        }
        let path = "\(field).\(kindName)"
        let conditions = try reader.mapping(body, field: path, allowed: ["equals", "prefix", "contains", "matches"])
        guard conditions.count == 1, let (name, value) = conditions.first else {
            throw reader.error(body, path, "name exactly one condition: equals, prefix, contains, matches")
        }
        switch name {
        case "equals": return BinaryMatcher(kind: kind, condition: .equals(try reader.nonEmptyString(value, field: "\(path).equals")))
        case "prefix": return BinaryMatcher(kind: kind, condition: .prefix(try reader.nonEmptyString(value, field: "\(path).prefix")))
        case "contains": return BinaryMatcher(kind: kind, condition: .contains(try reader.nonEmptyString(value, field: "\(path).contains")))
        default: return BinaryMatcher(kind: kind, condition: .matches(try regex(value, field: "\(path).matches")))
        }
    }

    func textMatcher(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> TextMatcher {
        let fields = try reader.mapping(node, field: field, allowed: ["files", "pattern"])
        let files = try globs(try reader.required(fields, "files", in: node, field: "\(field).files"), field: "\(field).files")
        let pattern = try regex(try reader.required(fields, "pattern", in: node, field: "\(field).pattern"), field: "\(field).pattern")
        return TextMatcher(files: files, pattern: pattern)
    }

    func regex(_ node: YAMLNode, field: String) throws(YAMLLoadError) -> NSRegularExpression {
        let pattern = try reader.string(node, field: field)
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            throw reader.error(node, field, "'\(pattern)' is not a valid ICU regular expression")
        }
    }
}
