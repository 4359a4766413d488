import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

@Suite struct HTMLReporterTests {
    static let hostileName = "<script>alert('name')</script>"
    static let hostileMessage = #"value "<script>alert(1)</script>" isn't allowed & <b>bold</b>"#

    /// An IPA whose app is named, displayed, versioned and reported on with markup, and an
    /// input path and error that carry markup too.
    static func hostileReport() -> Report {
        let app = InspectedBundle(
            path: "Payload/<script>.app",
            kind: .app,
            parent: nil,
            infoPlistPath: "Payload/<script>.app/Info.plist",
            infoPlist: PropertyListDocument(
                format: .xml,
                root: .dictionary(
                    PlistDictionary([
                        "CFBundleIdentifier": .string("com.example.\"><script>"),
                        "CFBundleDisplayName": .string(hostileName),
                        "CFBundleName": .string(hostileName),
                        "CFBundleShortVersionString": .string("1.0'><img src=x onerror=alert(2)>"),
                        "CFBundleVersion": .string("1"),
                    ])))
        )
        let finding = Finding(
            rule: "version-mismatch", severity: .error, message: hostileMessage,
            bundle: app.path, file: "Payload/<script>.app/Info.plist", keyPath: JSONPointer("<script>"), line: 3,
            appleCodes: ["<i>ITMS</i>"], excerpt: "<script>\n^"
        )
        return Report(
            toolVersion: "1.0.0",
            inputs: [
                InputReport(
                    path: "Build/<img src=x onerror=alert(3)>.ipa", kind: .ipa, container: .zip, size: 10, error: nil,
                    bundles: [app], findings: [finding], distribution: nil
                ),
                InputReport(
                    path: "Build/<svg onload=alert(4)>.ipa", kind: nil, container: nil, size: 0,
                    error: .notAPackage(path: "Build/<svg onload=alert(4)>.ipa", reason: "<script>alert(5)</script>"),
                    bundles: [], findings: [], distribution: nil
                ),
            ])
    }

    /// The example package as the command would report it, at a fixed date.
    static func exampleReport() -> Report {
        let inspected = PackageInspector(settings: InspectionSettings(now: Date(timeIntervalSince1970: 1_780_000_000)))
            .inspect(path: RepositoryPaths.file("Examples/PaiNotes.ipa"))
        return Report(toolVersion: "1.0.0", inputs: [inspected])
    }

    private func render(_ report: Report, failOn: FailureThreshold = .error) -> String {
        ReportFormat.html.makeReporter(ReportContext(failOn: failOn)).render(report)
    }

    /// Text as it stands between tags in the page.
    static func inPage(_ text: String) -> String {
        HTMLText.escaped(text)
    }

    // MARK: Escaping

    @Test func markupFromThePackageIsEscapedEverywhere() {
        let html = render(Self.hostileReport())
        // The page's own script is the only one; nothing the package wrote became an element.
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<img"))
        #expect(!html.contains("<svg"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("<i>ITMS"))
        #expect(html.contains("&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;"))
        #expect(html.contains("value &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; isn&#39;t allowed &amp; &lt;b&gt;bold&lt;/b&gt;"))
        #expect(html.contains("com.example.&quot;&gt;&lt;script&gt;"))
        #expect(html.contains("1.0&#39;&gt;&lt;img src=x onerror=alert(2)&gt; (1)"))
        #expect(html.contains("Build/&lt;img src=x onerror=alert(3)&gt;.ipa"))
        #expect(html.contains("&lt;script&gt;alert(5)&lt;/script&gt;"))
        #expect(html.contains("<pre class=\"excerpt\">&lt;script&gt;\n^</pre>"))
        #expect(html.contains("<span class=\"apple\">&lt;i&gt;ITMS&lt;/i&gt;</span>"))
    }

    @Test func escapingCoversTheFiveCharactersAndWhatATerminalWouldAlsoHide() {
        #expect(HTMLText.escaped(#"a&b<c>d"e'f"#) == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
        // A right-to-left override would reorder the page's text; a newline would vanish into a space.
        #expect(HTMLText.escaped("safe\u{202E}txt.exe\nnext") == "safe\\u{202E}txt.exe\\nnext")
        #expect(HTMLText.escaped("plain: éè 日本") == "plain: éè 日本")
    }

    // MARK: Self-contained

    @Test(arguments: ["sample", "example"])
    func pageLoadsNothingFromOutside(report: String) {
        let html = render(report == "sample" ? SampleReport.make() : Self.exampleReport())
        #expect(!html.contains("<link"))
        #expect(!html.contains("<iframe"))
        // The one picture, the App Store icon, is a PNG in the page itself.
        let images = html.matches(of: /<img[^>]*>/).map { String($0.output) }
        #expect(images.count == (report == "example" ? 1 : 0))
        for image in images {
            #expect(image.firstMatch(of: /\ssrc="data:image\/png;base64,[A-Za-z0-9+\/=]+"/) != nil, "\(image.prefix(120))")
        }
        #expect(!html.contains("url("))
        #expect(!html.contains("@import"))
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(html.contains("<script>" + HTMLStylesheet.script + "</script>"))
        #expect(html.firstMatch(of: /<script[^>]*\ssrc\s*=/) == nil)
        // No other attribute names a source; links only jump within the page, to ids it has.
        #expect(html.matches(of: /\ssrc\s*=/).count == images.count)
        let targets = html.matches(of: /\shref="([^"]*)"/).map { String($0.output.1) }
        #expect(!targets.isEmpty)
        for target in targets {
            #expect(target.hasPrefix("#"), "link to \(target) leaves the page")
            #expect(html.contains("id=\"\(target.dropFirst())\""), "link to \(target) has no target")
        }
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:;"))
    }

    @Test func thePolicyAllowsExactlyThePageScript() throws {
        let digest = try Digest.hash(Array(HTMLStylesheet.script.utf8), .sha256)
        #expect(HTMLStylesheet.scriptHash == "sha256-" + Data(digest).base64EncodedString())
        #expect(HTMLStylesheet.contentSecurityPolicy.contains("script-src '\(HTMLStylesheet.scriptHash)'"))
    }

    // MARK: Content

    @Test func everyFindingOfTheExampleIsShownWithItsRuleHelp() throws {
        let report = Self.exampleReport()
        let findings = report.inputs.flatMap(\.findings)
        #expect(findings.contains { $0.severity == .error })
        #expect(findings.contains { $0.severity == .warning })
        let html = render(report)
        #expect(html.components(separatedBy: "<article class=\"finding").count - 1 == findings.count)
        for finding in findings {
            #expect(html.contains("<p class=\"message\">" + Self.inPage(finding.message) + "</p>"), "missing: \(finding.message)")
            let rule = try #require(RuleCatalogue.shipped.rules.first { $0.id == finding.rule })
            #expect(html.contains(Self.inPage(rule.title)))
            let firstLine = try #require(HTMLText.lines(rule.rationale, skippingEmpty: true).first)
            #expect(html.contains("<p>" + firstLine + "</p>"))
        }
    }

    @Test func theVerdictIsTheTextReportsAndComesFirst() throws {
        let html = render(SampleReport.make())
        let verdict = ReportVerdict(SampleReport.make(), failOn: .error)
        let line = try #require(html.firstRange(of: "<p class=\"verdict failed\" id=\"verdict\">\(verdict.line)</p>"))
        #expect(verdict.line.hasPrefix("FAILED: 2 errors in 1 of 2 inputs"))
        let table = try #require(html.firstRange(of: "<table class=\"inputs\">"))
        #expect(line.lowerBound < table.lowerBound)

        let clean = Report(
            toolVersion: "1",
            inputs: [
                InputReport(
                    path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil, bundles: [], findings: [], distribution: nil
                )
            ])
        let passed = render(clean)
        #expect(passed.contains("<p class=\"verdict passed\" id=\"verdict\">PASSED</p>"))
        #expect(passed.contains("<p class=\"clean\">No findings.</p>"))
    }

    @Test func warningsFailTheVerdictOnlyWithFailOnWarning() {
        let warning = Finding(
            rule: "url-scheme-invalid", severity: .warning, message: "w", bundle: nil, file: nil, keyPath: nil, line: nil, appleCodes: []
        )
        let report = Report(
            toolVersion: "1",
            inputs: [
                InputReport(
                    path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil, bundles: [], findings: [warning], distribution: nil
                )
            ])
        #expect(render(report).contains("id=\"verdict\">PASSED<"))
        #expect(render(report, failOn: .warning).contains("id=\"verdict\">FAILED: 1 warning in 1 of 1 input<"))
    }

    @Test func anInputThatCouldNotBeCheckedShowsItsError() throws {
        let html = render(SampleReport.make())
        let broken = try #require(SampleReport.make().inputs.first { $0.error != nil }?.error)
        #expect(
            html.contains(
                "<div class=\"input-error\"><strong>Could not be checked</strong> <code>\(broken.code)</code><br>"
                    + Self.inPage(broken.description) + "</div>"))
        #expect(html.contains("<td>could not be checked</td>"))
    }

    @Test func bundlesNestUnderTheirParentsWithTheirFacts() throws {
        let html = render(SampleReport.make())
        let app = try #require(html.firstRange(of: "<span class=\"bundle-name\">Example.app</span>"))
        let share = try #require(html.firstRange(of: "<span class=\"bundle-name\">Share.appex</span>"))
        let nested = try #require(html[app.upperBound...].firstRange(of: "<ul>"))
        let appEnd = try #require(html[app.upperBound...].firstRange(of: "</ul>\n</li>"))
        #expect(nested.lowerBound < share.lowerBound && share.upperBound < appEnd.lowerBound)
        #expect(html.contains("<dt>Identifier</dt><dd><code>com.example.app.share</code></dd>"))
        #expect(html.contains("<dt>Version</dt><dd>1.2.0 (41)</dd>"))
        #expect(html.contains("<dt>Extension point</dt><dd><code>com.apple.share-services</code></dd>"))
        #expect(html.contains("<dt>Built with</dt><dd>SDK iphoneos26.1 (23B77), Xcode 26.1 (17B55)</dd>"))
    }

    /// An Icon Composer icon's any-appearance fallback is drawn, its dark and tinted ones beside it.
    @Test func anIconsDarkAndTintedFallbacksAreDrawnBesideItsAnyOne() throws {
        let package = try JSONReportInventoryTests.package(
            """
            app:
              name: Notes
              files:
                - path: Assets.car
                  asset-catalog:
                    icon-sets: [{name: AppIcon, kind: ios-icon-composer}]
            """)
        // Decoded only for an HTML report: the other reports do not draw them.
        #expect(try inspect(package, named: "Notes.ipa").bundles.first?.assetCatalog?.appearancePreviews.isEmpty == true)
        let html = InspectionSettings(picturesIconVariants: true)
        let report = try inspect(package, named: "Notes.ipa", settings: html)
        let catalog = try #require(report.bundles.first?.assetCatalog)
        #expect(catalog.appStoreIcon?.preview != nil)
        #expect(catalog.appearancePreviews.map(\.appearance) == ["dark", "tinted"] && catalog.appearancePreviews.allSatisfy { $0.pixelWidth == 1024 })
        let page = render(Report(toolVersion: "1.0.0", inputs: [report]))
        let pictures = ["App Store icon AppIcon, 1024×1024", "Icon AppIcon, dark, 1024×1024", "Icon AppIcon, tinted, 1024×1024"].map { label in
            page.range(of: "<img class=\"app-icon\" width=\"128\" height=\"128\" alt=\"\(label)\"")
        }
        #expect(pictures.allSatisfy { $0 != nil })
        #expect(pictures.compactMap { $0?.lowerBound } == pictures.compactMap { $0?.lowerBound }.sorted(), "any first, then dark and tinted")
        #expect(["any", "dark", "tinted"].allSatisfy { page.contains("<figcaption>\($0)</figcaption></figure>") })
        // Without the dark and tinted fallbacks (the stacks alone) nothing more is drawn.
        let stacksOnly = try inspect(
            try JSONReportInventoryTests.package(
                """
                app:
                  name: Notes
                  files:
                    - path: Assets.car
                      asset-catalog:
                        icon-sets: [{name: AppIcon, kind: ios-icon-composer, fallbacks: none}]
                """), named: "Notes.ipa", settings: html)
        #expect(stacksOnly.bundles.first?.assetCatalog?.appearancePreviews.isEmpty == true)
    }

    @Test func bundlesWhoseParentsLoopAreEachShownOnce() {
        func bundle(_ path: String, parent: String) -> InspectedBundle {
            InspectedBundle(path: path, kind: .appex, parent: parent, infoPlistPath: path + "/Info.plist", infoPlist: nil)
        }
        let report = Report(
            toolVersion: "1",
            inputs: [
                InputReport(
                    path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil,
                    bundles: [bundle("Payload/A.appex", parent: "Payload/B.appex"), bundle("Payload/B.appex", parent: "Payload/A.appex")],
                    findings: [], distribution: nil
                )
            ])
        let html = render(report)
        #expect(html.components(separatedBy: "<span class=\"bundle-name\">A.appex</span>").count == 2)
        #expect(html.components(separatedBy: "<span class=\"bundle-name\">B.appex</span>").count == 2)
        #expect(html.contains("<dt>Info.plist</dt><dd><span class=\"muted\">not readable</span></dd>"))
    }

    @Test func theExampleTreeShowsSigningAndAcceptedTypes() {
        let html = render(Self.exampleReport())
        #expect(html.contains("<dt>Signing</dt><dd>"))
        #expect(html.contains("<dt>Accepts</dt><dd>"))
    }

    @Test func suppressedFindingsAreMarkedAndStartFilteredOut() {
        let html = render(SampleReport.make())
        #expect(html.contains("<article class=\"finding warning suppressed\">"))
        #expect(html.contains("<span class=\"suppressed-label\">suppressed by the baseline</span>"))
        #expect(html.contains("<input type=\"checkbox\" id=\"show-suppressed\"> 1 suppressed finding</label>"))
        for severity in Severity.allCases {
            #expect(html.contains("<input type=\"checkbox\" id=\"show-\(severity.rawValue)\" checked>"))
        }
        #expect(HTMLStylesheet.css.contains("body:has(#show-suppressed:not(:checked)) .finding.suppressed"))
    }

    @Test func errorsComeFirstWithinABundle() throws {
        let html = render(SampleReport.make())
        let group = try #require(html.firstRange(of: "<span class=\"path\">\(SampleReport.extensionPath)</span></h4>"))
        let severities = html[group.upperBound...].matches(of: /<article class="finding (\w+)/).prefix(3).map { String($0.output.1) }
        #expect(severities == ["error", "error", "note"])
    }
}
