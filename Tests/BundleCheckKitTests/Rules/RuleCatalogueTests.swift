import Foundation
import Testing

@testable import BundleCheckGenerator
@testable import BundleCheckInspection
@testable import BundleCheckModel

@Suite struct RuleCatalogueTests {
    @Test func everyBuiltInCheckHasExactlyOneRuleFile() {
        var named: [BuiltInCheck: [String]] = [:]
        for rule in RuleCatalogue.shipped.rules {
            if case .builtIn(let name) = rule.implementation, let check = BuiltInCheck(rawValue: name) {
                named[check, default: []].append(rule.id)
            }
        }
        for check in BuiltInCheck.allCases {
            #expect(named[check] == [check.rawValue], "built-in check \(check.rawValue) needs Rules/\(check.rawValue).yml")
        }
    }

    @Test func noTwoBuiltInChecksShareAnID() {
        let ids = BuiltInCheck.registry.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        #expect(BuiltInCheck.allCases.count == ids.count)
    }

    @Test func aRuleFileNamingAMissingCheckIsRefused() {
        let text = """
            id: no-such-check
            title: t
            severity: error
            category: c
            rationale: r
            fix: f
            scope: archive
            check: no-such-check
            """
        #expect(throws: YAMLLoadError.self) { try RuleLoader.load(text: text, file: "Rules/no-such-check.yml", isBuiltIn: true) }
    }

    @Test func shippedRulesAreTheFilesInRulesFolder() throws {
        let files = try RuleSourceFiles.read(from: RepositoryPaths.file("Rules"))
        #expect(RuleCatalogue.shipped.rules.map(\.id).sorted() == files.map { String($0.name.dropLast(".yml".count)) }.sorted())
    }

    @Test func embeddedRulePacksAreNotStale() throws {
        let files = try RuleSourceFiles.read(from: RepositoryPaths.file("Rules"))
        let committed = try String(contentsOfFile: RepositoryPaths.file(RuleSourceFiles.generatedSwiftPath), encoding: .utf8)
        #expect(committed == EmbeddedRulePacksRenderer.render(files: files), "run `swift run bundlecheck-generate` after editing Rules/")
    }

    @Test func ruleCatalogueDocumentIsNotStale() throws {
        let committed = try String(contentsOfFile: RepositoryPaths.file("Rules/README.md"), encoding: .utf8)
        #expect(committed == RuleCatalogueDocument.markdown(RuleCatalogue.shipped), "run `swift run bundlecheck-generate` after editing Rules/")
    }

    @Test func idsAreUniqueAndWellFormed() {
        let ids = RuleCatalogue.shipped.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy(RuleID.isValid))
    }

    @Test func appleCodesOfFindingsAreListedInTheirRuleFile() throws {
        // Built-in checks choose codes per finding by the keys their rule file defines.
        let codes = ["version-missing": ["ITMS-90056", "ITMS-90057"], "version-format": ["ITMS-90060", "ITMS-90058"], "version-mismatch": ["ITMS-90473"]]
        for (id, expected) in codes {
            #expect(RuleCatalogue.shipped[id]?.appleCodes == expected)
        }
        let missing = try #require(RuleCatalogue.shipped["version-missing"])
        #expect(missing.appleCodes(for: "version") == ["ITMS-90056"] && missing.appleCodes(for: "short-version") == ["ITMS-90057"])
    }

    /// Every check's declaration is what the loader held its shipped rule file to: a check that
    /// picks by key has a mapping, and each code a table hands a check is in its rule.
    @Test func everyChecksAppleCodesAreDefinedByItsShippedRule() throws {
        var keyed = 0, tabled = 0
        for check in BuiltInCheck.registry {
            let rule = try #require(RuleCatalogue.shipped[check.id])
            for key in check.appleCodeKeys {
                #expect(!rule.appleCodes(for: key).isEmpty, "\(check.id): \(key)")
                keyed += 1
            }
            for table in check.tableAppleCodes {
                #expect(!table.codes.isEmpty && table.codes.allSatisfy(rule.appleCodes.contains), "\(check.id): \(table.codes)")
                tabled += 1
            }
        }
        #expect(keyed >= 14 && tabled >= 11, "keys \(keyed), tables \(tabled)")
    }
}
