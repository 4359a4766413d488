import Testing

@testable import BundleCheckModel

/// `apple-codes` as a list or as a mapping by key, checked at load against what the rule's
/// built-in check declares: a code the file does not define is a load error, in every build.
@Suite struct AppleCodesFieldTests {
    /// A rule run by the built-in check `demo`, with `codes` as its apple-codes line.
    static func rule(_ codes: String, check: String = "demo") -> String {
        """
        id: demo
        title: A demo rule
        severity: error
        category: demo
        \(codes)
        rationale: Why.
        fix: How.
        scope:
          kinds: [app]
        check: \(check)
        """
    }

    static let checks = BuiltInCheckDeclarations([
        BuiltInCheckDeclaration(name: "demo", appleCodeKeys: ["missing", "malformed"]),
        BuiltInCheckDeclaration(
            name: "sized", appleCodeKeys: ["missing"], tableAppleCodes: [TableAppleCodes(["ITMS-90022", "ITMS-90023"], from: "icon-sizes", under: "sizes")]),
        BuiltInCheckDeclaration(name: "tabled", tableAppleCodes: [TableAppleCodes(["ITMS-90704"], from: "icons")]),
        BuiltInCheckDeclaration(name: "plain"),
        BuiltInCheckDeclaration(name: "citing", citesAppleCodes: true),
        BuiltInCheckDeclaration(name: "comparing", isRelease: true),
    ])

    func load(_ text: String) throws(YAMLLoadError) -> RuleDefinition {
        try RuleLoader.load(text: text, file: "pack/demo.yml", isBuiltIn: false, checks: Self.checks)
    }

    func error(_ text: String) -> String? {
        do throws(YAMLLoadError) {
            _ = try load(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aMappingGivesEachKeyItsCodesAndTheRuleEveryCodeOnceInTheFilesOrder() throws {
        let rule = try load(Self.rule("apple-codes: {missing: ITMS-90056, malformed: [ITMS-90058, ITMS-90056]}"))
        #expect(rule.appleCodes == ["ITMS-90056", "ITMS-90058"])
        #expect(rule.appleCodes(for: "missing") == ["ITMS-90056"])
        #expect(rule.appleCodes(for: "malformed") == ["ITMS-90058", "ITMS-90056"])
        #expect(rule.keyedAppleCodes.map(\.key) == ["missing", "malformed"])
        #expect(rule.with(severity: .warning).keyedAppleCodes == rule.keyedAppleCodes)
    }

    @Test func aListIsEveryFindingsCodes() throws {
        let rule = try RuleLoader.load(
            text: Self.rule("apple-codes: [ITMS-90171]", check: "plain"), file: "pack/demo.yml", isBuiltIn: false, checks: Self.checks)
        #expect(rule.appleCodes == ["ITMS-90171"] && rule.keyedAppleCodes.isEmpty)
        #expect(rule.finding("m", at: FindingLocation(bundle: nil, file: nil)).appleCodes == ["ITMS-90171"])
    }

    @Test func aKeyTheCheckPicksButTheFileLeavesOutIsALoadError() {
        #expect(
            error(Self.rule("apple-codes: {missing: ITMS-90056}"))
                == "pack/demo.yml:5: key 'apple-codes': the check 'demo' picks its Apple code by the key 'malformed', which apple-codes does not define; write apple-codes as a mapping with the keys missing, malformed, each to its code"
        )
        // A list names no key at all.
        #expect(error(Self.rule("apple-codes: [ITMS-90056, ITMS-90058]"))?.contains("by the key 'missing', which apple-codes does not define") == true)
        // Nor does a rule without the field.
        #expect(error(Self.rule(""))?.contains("pack/demo.yml:1: key 'apple-codes'") == true)
    }

    @Test func aKeyNoCheckPicksIsALoadError() {
        #expect(
            error(Self.rule("apple-codes: {missing: ITMS-90056, malformed: ITMS-90058, typo: ITMS-90060}"))
                == "pack/demo.yml:5: key 'apple-codes.typo': the check 'demo' never picks the key 'typo'; it picks by malformed, missing")
        #expect(error(Self.rule("apple-codes: {missing: ITMS-90056}", check: "plain"))?.contains("it picks by no key: write apple-codes as a list") == true)
    }

    @Test func everyCodeATableHandsTheCheckMustBeListedUnderItsKey() throws {
        _ = try RuleLoader.load(
            text: Self.rule("apple-codes: {missing: ITMS-90032, sizes: [ITMS-90022, ITMS-90023]}", check: "sized"), file: "pack/demo.yml", isBuiltIn: false,
            checks: Self.checks)
        let short = error(Self.rule("apple-codes: {missing: ITMS-90032, sizes: [ITMS-90022]}", check: "sized"))
        #expect(
            short
                == "pack/demo.yml:5: key 'apple-codes.sizes': the check 'sized' may report ITMS-90023, which Rules/data/icon-sizes.yml gives it, but the key 'sizes' does not list it"
        )
        #expect(
            error(Self.rule("apple-codes: {missing: ITMS-90032}", check: "sized"))?.contains("under the key 'sizes', which apple-codes does not define") == true
        )
        #expect(
            error(Self.rule("apple-codes: [ITMS-90717]", check: "tabled"))
                == "pack/demo.yml:5: key 'apple-codes': the check 'tabled' may report ITMS-90704, which Rules/data/icons.yml gives it, but apple-codes does not list it"
        )
        _ = try RuleLoader.load(
            text: Self.rule("apple-codes: [ITMS-90704, ITMS-91111]", check: "tabled"), file: "pack/demo.yml", isBuiltIn: false, checks: Self.checks)
    }

    @Test(arguments: [
        ("apple-codes: {Missing: ITMS-90056, malformed: ITMS-90058}", "'Missing' is not a key"),
        ("apple-codes: {missing: ITMS-90056, missing: ITMS-90058}", #"duplicate key "missing""#),
        ("apple-codes: {missing: ITMS-9005, malformed: ITMS-90058}", "key 'apple-codes.missing': 'ITMS-9005' is not an Apple code"),
        ("apple-codes: {missing: [], malformed: ITMS-90058}", "key 'apple-codes.missing': name at least one code"),
        ("apple-codes: {}", "an empty mapping names no code"),
    ])
    func malformedMappingsAreRefused(line: String, message: String) {
        let found = error(Self.rule(line))
        #expect(found?.contains(message) == true, "\(String(describing: found))")
    }

    /// A message that cites its rule's codes needs some: "(ITMS-90242)", never "()".
    @Test func aCheckThatCitesItsCodesNeedsSome() throws {
        #expect(error(Self.rule("", check: "citing"))?.contains("the check 'citing' cites its rule's Apple codes in its messages") == true)
        #expect(error(Self.rule("apple-codes: []", check: "citing")) != nil)
        _ = try RuleLoader.load(text: Self.rule("apple-codes: [ITMS-90242]", check: "citing"), file: "pack/demo.yml", isBuiltIn: false, checks: Self.checks)
    }

    /// A release check runs only in `bundlecheck diff`, a package's check never there: a rule
    /// that pairs either with the other scope would load and never run.
    @Test func aReleaseCheckNeedsAReleaseRuleAndTheOtherWayRound() throws {
        #expect(
            error(Self.rule("", check: "comparing"))?.contains("the check 'comparing' compares two builds in bundlecheck diff: its rule's scope is release")
                == true)
        let release = Self.rule("apple-codes: [ITMS-90056, ITMS-90058]", check: "plain").replacingOccurrences(
            of: "scope:\n  kinds: [app]", with: "scope: release")
        #expect(error(release)?.contains("a release rule (scope: release) needs a check of bundlecheck diff") == true, "\(String(describing: error(release)))")
        let comparing = Self.rule("", check: "comparing").replacingOccurrences(of: "scope:\n  kinds: [app]", with: "scope: release")
        _ = try RuleLoader.load(text: comparing, file: "pack/demo.yml", isBuiltIn: false, checks: Self.checks)
    }

    /// In a block mapping, a message about one key names that key's line.
    @Test func aKeyNoCheckPicksIsNamedAtItsLine() {
        let text = Self.rule("apple-codes:\n  missing: ITMS-90056\n  malformed: ITMS-90058\n  typo: ITMS-90060")
        #expect(error(text)?.hasPrefix("pack/demo.yml:8: key 'apple-codes.typo'") == true, "\(String(describing: error(text)))")
    }

    @Test func aMatchersFindingsCarryAllItsCodesSoItTakesAList() {
        let text = """
            id: demo
            title: A demo rule
            severity: error
            category: demo
            apple-codes: {missing: ITMS-90056}
            rationale: Why.
            fix: How.
            scope: archive
            match:
              path:
                glob: "*.txt"
            """
        #expect(error(text) == "pack/demo.yml:5: key 'apple-codes': a matcher's findings carry all of its rule's codes; write apple-codes as a list")
    }
}
