import Foundation

/// Every rule bundlecheck knows: the packs compiled into the binary, plus the user's `--rules` packs.
public struct RuleCatalogue: Sendable {
    /// Sorted by id; ids are unique.
    public let rules: [RuleDefinition]
    private let byID: [String: Int]

    public init(rules: [RuleDefinition]) throws(YAMLLoadError) {
        var byID: [String: Int] = [:]
        let sorted = rules.sorted { $0.id < $1.id }
        for (index, rule) in sorted.enumerated() {
            if let earlier = byID[rule.id] {
                let other = sorted[earlier]
                let builtIn = other.source.isBuiltIn ? "the built-in rule" : "the rule in \(other.source.file)"
                throw YAMLLoadError(file: rule.source.file, line: rule.source.line, field: "id", message: "'\(rule.id)' is already \(builtIn); pick another id")
            }
            byID[rule.id] = index
        }
        self.rules = sorted
        self.byID = byID
    }

    public subscript(id: String) -> RuleDefinition? {
        byID[id].map { rules[$0] }
    }

    /// This catalogue plus every `*.yml` under `directory` (sorted, recursively); `checks` as for `RuleLoader`.
    package func adding(packAt directory: String, checks: BuiltInCheckDeclarations) throws(YAMLLoadError) -> RuleCatalogue {
        try RuleCatalogue(rules: rules + RuleCatalogue.loadPack(at: directory, checks: checks))
    }

    /// Reads every `*.yml` under `directory`; a missing folder or unreadable file is a `YAMLLoadError`.
    static func loadPack(at directory: String, checks: BuiltInCheckDeclarations) throws(YAMLLoadError) -> [RuleDefinition] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw YAMLLoadError(file: directory, line: 0, field: nil, message: "no such folder of rule files")
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw YAMLLoadError(file: directory, line: 0, field: nil, message: "the folder cannot be read")
        }
        let names = (enumerator.allObjects as? [String] ?? []).filter { $0.hasSuffix(".yml") }.sorted()
        return try names.map { name throws(YAMLLoadError) in
            let path = (directory as NSString).appendingPathComponent(name)
            let failure = YAMLLoadError(file: path, line: 1, field: nil, message: "the file cannot be read as UTF-8 text")
            let data = try UserFile.read(path, notFound: { failure }, unreadable: { _ in failure })
            guard let text = String(data: data, encoding: .utf8) else { throw failure }
            return try RuleLoader.load(text: text, file: path, isBuiltIn: false, checks: checks)
        }
    }
}
