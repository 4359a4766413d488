import BundleCheckFormats

/// Turns one rule file into a `RuleDefinition`, or a `YAMLLoadError` naming file, line and field.
///
/// Every field is checked: unknown fields are refused (a typo must not silently
/// disable a rule), scalars are read as strings and typed only where the format
/// says so (`severity`, `triggers`, `count`, …).
package enum RuleLoader {
    static let fields: Set<String> = [
        "id", "title", "severity", "category", "apple-codes", "apple-messages", "rationale", "fix",
        "scope", "check", "match", "message", "reports-unexpanded-variables", "default", "examples",
    ]

    /// Reads the rule in `text`; `file` is what messages call it (`Rules/junk-file.yml`).
    /// `checks` declares the built-in checks that exist (the inspection layer's registry): a rule
    /// without `match` is run by the one named by its id, or by its `check` field, and its
    /// `apple-codes` must define what that check reports (`AppleCodesField`).
    /// A built-in rule's examples are neither parsed nor read as YAML here (`RuleTextWithoutExamples`).
    package static func load(text: String, file: String, isBuiltIn: Bool, checks: BuiltInCheckDeclarations) throws(YAMLLoadError) -> RuleDefinition {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(isBuiltIn ? RuleTextWithoutExamples.make(text) : Array(text.utf8), file: file)
        } catch {
            throw YAMLLoadError(error)
        }
        guard let root else {
            throw YAMLLoadError(file: file, line: 1, field: nil, message: "the rule file is empty")
        }
        return try load(root, file: file, isBuiltIn: isBuiltIn, checks: checks, text: text)
    }

    /// `text`, the file's text, lets the definition read its examples again when asked for
    /// rather than keep them; without it they are kept.
    static func load(
        _ root: YAMLNode, file: String, isBuiltIn: Bool, checks: BuiltInCheckDeclarations, text: String? = nil
    ) throws(YAMLLoadError) -> RuleDefinition {
        let reader = YAMLFieldReader(file: file)
        let fields = try reader.mapping(root, field: nil, allowed: Self.fields)

        let idNode = try reader.required(fields, "id", in: root, field: "id")
        let id = try reader.string(idNode, field: "id")
        guard RuleID.isValid(id) else {
            throw reader.error(idNode, "id", "'\(id)' is not a rule id: use lowercase letters, digits and single hyphens, e.g. junk-file")
        }
        let fileName = PackagePath.name(file)
        guard fileName == id + ".yml" else {
            throw reader.error(idNode, "id", "the id '\(id)' does not match the file name '\(fileName)': name the file \(id).yml or change the id")
        }

        let title = try reader.nonEmptyString(try reader.required(fields, "title", in: root, field: "title"), field: "title")
        let severity = try reader.choice(try reader.required(fields, "severity", in: root, field: "severity"), field: "severity", as: Severity.self)
        let category = try reader.nonEmptyString(try reader.required(fields, "category", in: root, field: "category"), field: "category")
        let rationale = try reader.nonEmptyString(try reader.required(fields, "rationale", in: root, field: "rationale"), field: "rationale")
        let fix = try reader.nonEmptyString(try reader.required(fields, "fix", in: root, field: "fix"), field: "fix")

        var appleCodes = AppleCodesField()
        if let node = fields["apple-codes"] { appleCodes = try AppleCodesField(node, reader: reader) }

        let appleMessages =
            try fields["apple-messages"].map { node throws(YAMLLoadError) in
                try AppleCode.messages(node, codes: appleCodes.all, reader: reader)
            } ?? []

        let scope = try ScopeParser.parse(try reader.required(fields, "scope", in: root, field: "scope"), reader: reader)

        let implementation: RuleImplementation
        switch (fields["check"], fields["match"]) {
        case (.some, .some):
            throw reader.error(root, "match", "a rule has either 'check' (a built-in check) or 'match' (a declarative matcher), not both")
        case (nil, let match?):
            implementation = .matcher(try MatcherParser(reader: reader).parse(match, field: "match"))
        case (let check, nil):
            // Without `match`, the rule is a built-in check's: the one named by its id unless `check` says otherwise.
            let name = try check.map { value throws(YAMLLoadError) in try reader.string(value, field: "check") } ?? id
            guard checks[name] != nil else {
                let known = checks.names.sorted().joined(separator: ", ")
                if let check {
                    throw reader.error(check, "check", "no built-in check is called '\(name)'; built-in checks: \(known)")
                }
                throw reader.error(root, nil, "a rule needs 'match' (a declarative matcher), unless a built-in check has its id; built-in checks: \(known)")
            }
            implementation = .builtIn(check: name)
        }

        try appleCodes.validate(for: implementation, checks: checks, node: fields["apple-codes"], root: root, reader: reader)

        if scope.isRelease, case .matcher = implementation {
            throw reader.error(
                root, "match", "a release rule compares two builds, which only a built-in check of bundlecheck diff does; 'match' looks at one package")
        }
        if case .builtIn(let name) = implementation, let declaration = checks[name], declaration.isRelease != scope.isRelease {
            let field = fields["check"] == nil ? "scope" : "check"
            throw reader.error(
                fields[field] ?? root, field,
                declaration.isRelease
                    ? "the check '\(name)' compares two builds in bundlecheck diff: its rule's scope is release"
                    : "the check '\(name)' looks at one package; a release rule (scope: release) needs a check of bundlecheck diff")
        }

        var message: String?
        if let node = fields["message"] {
            message = try reader.nonEmptyString(node, field: "message")
            if case .builtIn = implementation {
                throw reader.error(node, "message", "built-in checks word their own messages; 'message' is for matchers")
            }
        }

        var reportsUnexpandedVariables = false
        if let node = fields["reports-unexpanded-variables"] {
            reportsUnexpandedVariables = try reader.bool(node, field: "reports-unexpanded-variables")
            if case .builtIn = implementation {
                throw reader.error(
                    node, "reports-unexpanded-variables", "built-in checks decide for themselves; 'reports-unexpanded-variables' is for matchers")
            }
        }

        var runsByDefault = true
        if let node = fields["default"] {
            runsByDefault = try reader.string(node, field: "default") == "on"
            guard ["on", "off"].contains(try reader.string(node, field: "default")) else {
                throw reader.error(node, "default", "expected on or off: whether the rule runs when the configuration does not name it")
            }
        }

        // A `--rules` pack's examples are checked now, so that a broken one stops the run (exit 64).
        // A built-in rule's are read only when asked for (`--explain`, the tests, the generator,
        // which check them all): every run would otherwise pay for a few hundred package
        // descriptions it never uses.
        let examples =
            isBuiltIn && text != nil
            ? []
            : try fields["examples"].map { value throws(YAMLLoadError) in try ExampleParser(reader: reader, ruleID: id).parse(value) } ?? []

        return RuleDefinition(
            id: id,
            title: title,
            severity: severity,
            category: category,
            appleCodes: appleCodes.all,
            keyedAppleCodes: appleCodes.keyed,
            appleMessages: appleMessages,
            rationale: rationale,
            fix: fix,
            scope: scope,
            implementation: implementation,
            examples: text.map { RuleExamples(text: $0, file: file, ruleID: id) } ?? RuleExamples(examples),
            source: RuleSource(file: file, isBuiltIn: isBuiltIn, line: idNode.line),
            messageTemplate: message,
            reportsUnexpandedVariables: reportsUnexpandedVariables,
            runsByDefault: runsByDefault
        )
    }
}

/// Reads a rule's `scope`: `archive`, or a mapping of `kinds`, `extension-points` and
/// `platforms` (or of `archive: true` and `platforms`).
enum ScopeParser {
    static func parse(_ node: YAMLNode, reader: YAMLFieldReader) throws(YAMLLoadError) -> RuleScope {
        if let text = node.scalar {
            switch text {
            case "archive": return .archive
            case "release": return .release
            default: throw reader.error(node, "scope", "expected 'archive', 'release' or a mapping with 'kinds', 'extension-points' and/or 'platforms'")
            }
        }
        let fields = try reader.mapping(node, field: "scope", allowed: ["archive", "kinds", "extension-points", "platforms"])
        var platforms: Set<String>?
        if let node = fields["platforms"] { platforms = try Self.platforms(node, reader: reader) }
        if let archiveNode = fields["archive"] {
            guard archiveNode.scalar == "true" else {
                throw reader.error(archiveNode, "scope.archive", "write 'archive: true' for a rule over the whole package, or leave the key out")
            }
            guard fields["kinds"] == nil, fields["extension-points"] == nil else {
                throw reader.error(node, "scope", "an archive rule looks at the whole package: 'kinds' and 'extension-points' do not go with 'archive: true'")
            }
            return RuleScope(.archive, platforms: platforms)
        }
        var kinds: Set<BundleKind>?
        if let kindsNode = fields["kinds"] {
            let names = try reader.strings(kindsNode, field: "scope.kinds")
            kinds = Set(
                try names.map { name throws(YAMLLoadError) in
                    guard let kind = BundleKind(rawValue: name) else {
                        throw reader.error(
                            kindsNode, "scope.kinds",
                            "'\(name)' is not a bundle kind; expected one of: \(BundleKind.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    return kind
                })
        }
        var points: Set<String>?
        if let pointsNode = fields["extension-points"] {
            points = Set(try reader.strings(pointsNode, field: "scope.extension-points"))
        }
        guard kinds != nil || points != nil || platforms != nil else {
            throw reader.error(node, "scope", "name 'kinds', 'extension-points' or 'platforms', or write 'scope: archive'")
        }
        return .bundles(kinds: kinds, extensionPoints: points, platforms: platforms)
    }

    /// `platforms`: ids of `Rules/data/platforms.yml`, at least one; or `all`, every platform of
    /// the table (the same as listing each: an archive rule then still asks for a bundle of one).
    static func platforms(_ node: YAMLNode, reader: YAMLFieldReader) throws(YAMLLoadError) -> Set<String> {
        let known = ApplePlatforms.shipped.platforms.map(\.id)
        if node.scalar == "all" { return Set(known) }
        let names = try reader.strings(node, field: "scope.platforms")
        guard !names.isEmpty else {
            throw reader.error(node, "scope.platforms", "name at least one platform (\(known.joined(separator: ", "))), or write 'all'")
        }
        for name in names where !known.contains(name) {
            let near = known.first { $0.lowercased() == name.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "") }
            throw reader.error(
                node, "scope.platforms",
                "'\(name)' is not a platform" + (near.map { "; did you mean '\($0)'?" } ?? "") + "; expected one of: \(known.joined(separator: ", "))")
        }
        return Set(names)
    }
}

/// The shape of a rule id: lowercase words joined by single hyphens (`version-mismatch`).
enum RuleID {
    static func isValid(_ id: String) -> Bool {
        guard let first = id.first, first.isASCII, first.isLowercase, id.last != "-", !id.contains("--") else { return false }
        return id.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }
}

/// The shape of the codes App Store Connect prints: `ITMS-` and five digits.
enum AppleCode {
    static func isValid(_ code: String) -> Bool {
        guard code.hasPrefix("ITMS-") else { return false }
        let digits = code.dropFirst(5)
        return digits.count == 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `apple-messages`: for codes of the rule's `apple-codes`, the text Apple prints with each,
    /// in the order of the codes.
    static func messages(_ node: YAMLNode, codes: [String], reader: YAMLFieldReader) throws(YAMLLoadError) -> [AppleMessage] {
        let field = "apple-messages"
        var messages: [AppleMessage] = []
        for pair in try reader.pairs(node, field: field) {
            guard codes.contains(pair.key) else {
                let listed = codes.isEmpty ? "the rule lists none" : "the rule lists \(codes.joined(separator: ", "))"
                throw reader.error(pair.keyNode, field, "'\(pair.key)' is not one of the rule's apple-codes (\(listed))")
            }
            messages.append(AppleMessage(code: pair.key, text: try reader.nonEmptyString(pair.value, field: "\(field).\(pair.key)")))
        }
        return codes.compactMap { code in messages.first { $0.code == code } }
    }
}
