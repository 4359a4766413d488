import BundleCheckInspection
import BundleCheckModel
import BundleCheckReports
import Foundation
import Testing

/// What an embedder of BundleCheckKit writes: open and inspect a package, render a report.
///
/// Plain imports, no `@testable`, so this file sees no `internal` declaration. It is in the
/// same package, though, so `package` declarations stay visible; it keeps the embedder's
/// path compiling, not a proof that everything it uses is `public`.
@Suite struct PublicAPITests {
    @Test func inspectsAndRendersTheExamplePackage() throws {
        let path = RepositoryPaths.file("Examples/PaiNotes.ipa")
        // A fixed date: the example's profiles expire in 2030.
        let settings = InspectionSettings(now: Date(timeIntervalSince1970: 1_780_272_000)) // 2026-06-01
        let rules = Configuration.defaults.effectiveRules(of: RuleCatalogue.shipped)
        let input = PackageInspector(rules: rules, settings: settings).inspect(path: path)

        #expect(input.error == nil)
        #expect(input.kind == .ipa)
        #expect(input.bundles.map(\.name) == ["PaiNotes.app", "PaiNotesImport.appex"])
        // Built with Xcode 26.1, before the April 2027 floor: its warning, once, on the app.
        #expect(input.findings.map(\.rule) == ["sdk-floor-upcoming", "version-mismatch", "extension-unsafe-api"])

        let report = Report(toolVersion: "0.0.0-test", inputs: [input])
        #expect(report.summary.errors == 1)
        #expect(report.summary.warnings == 2)

        let json = JSONReporter().render(report)
        #expect(json.contains(#""rule": "version-mismatch""#))
        #expect(json.contains(#""rule": "extension-unsafe-api""#))

        let text = TextReporter(color: false).render(report)
        #expect(text.contains("error[version-mismatch]"))
        #expect(text.contains("warning[extension-unsafe-api]"))
    }
}
