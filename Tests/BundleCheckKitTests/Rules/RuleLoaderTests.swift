import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckModel

@Suite struct RuleLoaderTests {
    static let valid = """
        id: no-readme
        title: No README in the app
        severity: warning
        category: hygiene
        rationale: Nobody reads it on a phone.
        fix: Remove it from the target.
        scope:
          kinds: [app]
        match:
          path:
            glob: README*
        """

    func loadError(_ text: String, file: String = "pack/no-readme.yml") -> YAMLLoadError? {
        do {
            _ = try RuleLoader.load(text: text, file: file, isBuiltIn: false)
            return nil
        } catch let error as YAMLLoadError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    /// The rule above with an example that cannot be read (`triggers` is not a boolean).
    static let brokenExample = valid + "\nexamples:\n  - name: a README\n    triggers: maybe\n    package:\n      app:\n        name: Notes\n"

    @Test func aBuiltInRuleReadsNoExampleAsItLoads() throws {
        // How the shipped catalogue loads each rule (ShippedRules): with its text, built in. The
        // broken example does not stop it, so nothing of the examples was read.
        let rule = try RuleLoader.load(text: Self.brokenExample, file: "Rules/no-readme.yml", isBuiltIn: true)
        #expect(rule.id == "no-readme")
        // Asked for, they are read, and the error is the one a pack gets as it loads.
        let asked = #expect(throws: YAMLLoadError.self) { try rule.checkedExamples() }
        #expect(rule.examples.isEmpty)
        let packError = try #require(loadError(Self.brokenExample))
        #expect(asked?.message == packError.message)
        #expect(packError.field == "examples[0].triggers", "\(packError)")
    }

    @Test func aShippedRuleReadsTheSameWithoutItsExamples() throws {
        // A built-in rule loads from its text with the examples blanked out: every other field,
        // line and column must be what the whole text gives.
        for file in EmbeddedRulePacks.files {
            let whole = try #require(try YAMLParser.parse(Array(file.text.utf8), file: file.name)?.mapping)
            let blanked = try #require(try YAMLParser.parse(RuleTextWithoutExamples.make(file.text), file: file.name)?.mapping)
            #expect(whole.contains { $0.key.scalar == "examples" }, "\(file.name) has examples")
            #expect(blanked == whole.filter { $0.key.scalar != "examples" }, "\(file.name)")
        }
    }

    @Test func blankingKeepsEveryLineAndEndsAtTheNextKey() {
        let text = "id: x\nexamples:\n- name: a\n  # a comment\n\n  triggers: true\r\nfix: y\n"
        let blanked = String(decoding: RuleTextWithoutExamples.make(text), as: UTF8.self)
        func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
        #expect(blanked == "id: x\n\(spaces(9))\n\(spaces(9))\n\(spaces(13))\n\n\(spaces(16))\r\nfix: y\n")
    }

    @Test func everyShippedRulesExamplesRead() {
        for rule in RuleCatalogue.shipped.rules {
            #expect(throws: Never.self, "\(rule.source.file)") { _ = try rule.checkedExamples() }
        }
    }

    @Test func anIdThatIsNotTheFileNameSaysBothAndWhatToChange() {
        let error = loadError(Self.valid, file: "pack/x.yml")
        #expect(
            error?.description
                == "pack/x.yml:1: key 'id': the id 'no-readme' does not match the file name 'x.yml': name the file no-readme.yml or change the id")
    }

    @Test func aMissingPackFolderHasNoLineNumber() {
        #expect(
            YAMLLoadError(file: "ci/rules", line: 0, field: nil, message: "no such folder of rule files").description
                == "ci/rules: no such folder of rule files")
    }

    /// `platforms: all` is every platform of the table, as listing each of them is.
    @Test func platformsAllNamesEveryPlatformOfTheTable() throws {
        let all = try RuleLoader.load(
            text: Self.valid.replacingOccurrences(of: "  kinds: [app]", with: "  kinds: [app]\n  platforms: all"), file: "pack/no-readme.yml", isBuiltIn: false)
        let listed = try RuleLoader.load(
            text: Self.valid.replacingOccurrences(
                of: "  kinds: [app]", with: "  kinds: [app]\n  platforms: [ios, tvos, watchos, visionos, macos, maccatalyst]"),
            file: "pack/no-readme.yml", isBuiltIn: false)
        #expect(all.scope == listed.scope && all.scope.platforms == Set(ApplePlatforms.shipped.platforms.map(\.id)))
        #expect(all.scope.platformSummary == "every platform")
        let mixed = loadError(Self.valid.replacingOccurrences(of: "  kinds: [app]", with: "  kinds: [app]\n  platforms: [all, ios]"))
        #expect(mixed?.description.contains("'all' is not a platform") == true, "\(String(describing: mixed))")
        let empty = loadError(Self.valid.replacingOccurrences(of: "  kinds: [app]", with: "  kinds: [app]\n  platforms: []"))
        #expect(empty?.description.contains("or write 'all'") == true, "\(String(describing: empty))")
    }

    @Test func aValidRuleLoads() throws {
        let rule = try RuleLoader.load(text: Self.valid, file: "pack/no-readme.yml", isBuiltIn: false)
        #expect(rule.id == "no-readme")
        #expect(rule.severity == .warning)
        #expect(rule.scope == .bundles(kinds: [.app], extensionPoints: nil))
        guard case .matcher(.path(let matcher)) = rule.implementation else {
            Issue.record("expected a path matcher")
            return
        }
        #expect(matcher.globs == [Glob("README*")])
    }

    @Test(arguments: [
        ("severity: warning", "severity: fatal", 3, "severity"),
        ("category: hygiene", "category: hygiene\nowner: me", 5, "owner"),
        ("    glob: README*", "    glob: '[README'", 11, "match.path.glob"),
        ("  kinds: [app]", "  kinds: [application]", 8, "scope.kinds"),
        ("    glob: README*", "    globs: README*", 11, "match.path.globs"),
        ("  path:", "  binary:", 11, "match.binary.glob"),
    ])
    func mistakesNameFileLineAndField(original: String, replacement: String, line: Int, field: String) throws {
        let text = Self.valid.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.valid)
        let error = try #require(loadError(text))
        #expect(error.file == "pack/no-readme.yml")
        #expect(error.line == line)
        #expect(error.field == field)
        #expect(error.description.hasPrefix("pack/no-readme.yml:\(line): key '\(field)': "))
    }

    /// `valid` with one example; `settings` are lines of the example after its name.
    static func withExample(_ settings: String) -> String {
        valid + """

            examples:
              - name: a README
                triggers: false
            \(settings)
                package:
                  app: {name: Notes}
            """
    }

    @Test func anExampleMayStateADistributionAndADate() throws {
        let rule = try RuleLoader.load(text: Self.withExample("    distribution: ad-hoc\n    now: 2026-06-01"), file: "pack/no-readme.yml", isBuiltIn: false)
        let example = try #require(rule.examples.first)
        #expect(example.distribution == .adHoc)
        #expect(example.now?.formatted(.iso8601) == "2026-06-01T00:00:00Z")
        let plain = try RuleLoader.load(text: Self.withExample(""), file: "pack/no-readme.yml", isBuiltIn: false)
        #expect(plain.examples.first?.distribution == nil && plain.examples.first?.now == nil)
    }

    @Test(arguments: [
        ("    distribution: testflight", "examples[0].distribution", "'testflight' is not one of: app-store, ad-hoc, development, enterprise"),
        ("    now: yesterday", "examples[0].now", "'yesterday' is not an ISO 8601 date"),
    ])
    func anExamplesDistributionAndDateAreChecked(setting: String, field: String, message: String) throws {
        let error = try #require(loadError(Self.withExample(setting)))
        #expect(error.field == field)
        #expect(error.line == 15)
        #expect(error.description.contains(message), "\(error)")
    }

    @Test func idMustMatchFileName() throws {
        let error = try #require(loadError(Self.valid, file: "pack/other.yml"))
        #expect(error.field == "id")
    }

    @Test func anchorsAndAliasesAreRefused() throws {
        let text = Self.valid.replacingOccurrences(of: "  kinds: [app]", with: "  kinds: &k [app]\n  extension-points: *k")
        #expect(loadError(text) != nil)
    }

    @Test func unquotedNoAndNumbersStayStrings() throws {
        let text = Self.valid.replacingOccurrences(of: "title: No README in the app", with: "title: no")
            .replacingOccurrences(of: "category: hygiene", with: "category: 1.0")
        let rule = try RuleLoader.load(text: text, file: "pack/no-readme.yml", isBuiltIn: false)
        #expect(rule.title == "no")
        #expect(rule.category == "1.0")
    }

    /// A rule whose `match` is `levels` matchers deep: `not`s around one `path`.
    static func nested(levels: Int) -> String {
        var lines = (0..<(levels - 1)).map { String(repeating: "  ", count: $0 + 1) + "not:" }
        lines.append(String(repeating: "  ", count: levels) + "path:")
        lines.append(String(repeating: "  ", count: levels + 1) + "glob: README*")
        return Self.valid.components(separatedBy: "match:").first! + "match:\n" + lines.joined(separator: "\n") + "\n"
    }

    @Test func matchersNestAsDeepAsTheCapAndNoDeeper() throws {
        let deepest = try RuleLoader.load(text: Self.nested(levels: MatcherParser.maximumDepth), file: "pack/no-readme.yml", isBuiltIn: false)
        var levels = 0
        var matcher: Matcher? = { if case .matcher(let matcher) = deepest.implementation { return matcher } else { return nil } }()
        while let current = matcher {
            levels += 1
            if case .not(let child) = current { matcher = child } else { matcher = nil }
        }
        #expect(levels == MatcherParser.maximumDepth)
        let error = try #require(loadError(Self.nested(levels: MatcherParser.maximumDepth + 1)))
        #expect(error.message == "matchers nest deeper than 16 levels")
        // At the line of the matcher one level too deep: `path:`, after `match:` (line 9) and 16 `not:`s.
        #expect(error.line == 9 + MatcherParser.maximumDepth + 1)
    }

    /// Foundation copies a pattern past 256 UTF-16 units to the heap (and leaks the copy:
    /// Fuzz/lsan.supp); the rule loads and matches all the same.
    @Test func aLongRegularExpressionLoadsAndMatches() throws {
        let text = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.file("Fuzz/Regressions/rule-file/regex-pattern-over-256-units"))), as: UTF8.self
        )
        let rule = try RuleLoader.load(text: text, file: "pack/long-pattern.yml", isBuiltIn: false)
        guard case .matcher(.plist(let matcher)) = rule.implementation, case .matches(let regex) = matcher.condition else {
            Issue.record("expected a plist matcher with a regular expression")
            return
        }
        #expect(regex.pattern.utf16.count > 256)
        for (value, matches) in [("value-029", true), ("value-030", false)] {
            #expect((regex.firstMatch(in: value, range: NSRange(location: 0, length: value.utf16.count)) != nil) == matches, "\(value)")
        }
    }

    @Test func aRuleNeedsExactlyOneOfCheckAndMatch() throws {
        let both = Self.valid + "\ncheck: version-mismatch"
        #expect(loadError(both)?.field == "match")
        let neither = Self.valid.components(separatedBy: "match:").first ?? ""
        #expect(loadError(neither) != nil)
    }

    @Test func plistConditionsAreExclusiveAndTyped() throws {
        let base = Self.valid.replacingOccurrences(of: "  path:\n    glob: README*", with: "  plist:\n    key: /A\n    CONDITION")
        #expect(loadError(base.replacingOccurrences(of: "CONDITION", with: "exists: true")) == nil)
        #expect(loadError(base.replacingOccurrences(of: "CONDITION", with: "exists: yes"))?.field == "match.plist.exists")
        #expect(loadError(base.replacingOccurrences(of: "CONDITION", with: "type-is: bool"))?.field == "match.plist.type-is")
        #expect(loadError(base.replacingOccurrences(of: "CONDITION", with: "matches: '(unclosed'"))?.field == "match.plist.matches")
        #expect(loadError(base.replacingOccurrences(of: "CONDITION", with: "exists: true\n    equals: x")) != nil)
        #expect(
            loadError(base.replacingOccurrences(of: "/A", with: "A").replacingOccurrences(of: "CONDITION", with: "exists: true"))?.field == "match.plist.key")
    }
}
