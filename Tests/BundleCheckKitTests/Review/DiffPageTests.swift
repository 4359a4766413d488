import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckReports
@testable import BundleCheckReview

/// The review as people read it: the HTML page (in headless Chromium too) and the Markdown as
/// GitHub's renderer reads it (Debian's `cmark-gfm -e table`), for the examples' review and for a
/// pair whose NEW side writes markup into a purpose string.
@Suite struct DiffPageTests {
    static let hostile = #"<script>alert(1)</script> & <b>"bold"</b> [link](https://example.com)"#

    /// The examples' review, or the hostile pair's, in `format`.
    static func render(_ format: String, hostile: Bool = false) throws -> String {
        let directory = try TemporaryDirectory()
        var (old, new) = (ExampleReviewTests.old, ExampleReviewTests.new)
        if hostile {
            let quoted = "'" + Self.hostile.replacingOccurrences(of: "'", with: "''") + "'"
            let newYAML = ReleaseReviewTests.new.replacingOccurrences(
                of: "NSCameraUsageDescription: Scans documents and receipts.", with: "NSCameraUsageDescription: " + quoted
            )
            (old, new) = try ReleaseReviewTests.packages(directory, new: newYAML)
        }
        return CapturingConsole.run(["diff", "--format", format, "--now", "2026-06-01", old, new]).1.output
    }

    @Test func thePageHoldsEveryChangeAndLoadsNothing() throws {
        let html = try Self.render("html")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLStylesheet.contentSecurityPolicy)\">"))
        // Its own script only; no stylesheet, image or font from elsewhere.
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("src=") && !html.contains("<link"))
        #expect(html.contains("<p class=\"verdict failed\" id=\"verdict\">Review fails: 2 verdicts and 0 new findings at error or above</p>"))
        for rule in ["build-number-not-higher", "version-not-higher", "version-mismatch"] {
            #expect(html.contains("<code class=\"rule-id\">\(rule)</code>"), "no \(rule)")
        }
        #expect(html.contains("<li class=\"changed\"><span class=\"sign\">~</span><span class=\"facet\">Build (CFBundleVersion)</span> 42 → 40</li>"))
        // Under its group's heading, an entitlement starts with its key.
        #expect(
            html.contains(
                "<h5>Entitlements</h5>\n<ul class=\"changes\">\n<li class=\"added\"><span class=\"sign\">+</span>com.apple.developer.associated-domains: applinks:painotes.com</li>"
            ))
        #expect(html.contains("<tr class=\"added\"><td class=\"sign\">+</td><td><span class=\"path\">Payload/PaiNotes.app/PlugIns/PaiNotesShare.appex</span>"))
        #expect(try Self.render("html") == html, "two runs differ")
    }

    @Test func markupFromASideStaysTextInThePage() throws {
        let html = try Self.render("html", hostile: true)
        #expect(!html.contains("<script>alert") && !html.contains("<b>"))
        #expect(html.contains(HTMLText.escaped(Self.hostile)))
    }

    @Test(.enabled(if: HeadlessChromium.available, "needs Chromium (apt-get install chromium fonts-dejavu-core)"))
    func theBrowserRendersTheReviewAsWritten() throws {
        let chromium = try #require(HeadlessChromium.path, "chromium is required on CI (.ci/run installs it)")
        let directory = try TemporaryDirectory()
        let folder = directory.url
        let page = folder.appendingPathComponent("review.html")
        try Self.render("html", hostile: true).write(to: page, atomically: true, encoding: .utf8)
        let (dom, status) = try HeadlessChromium.run(chromium, page: page, in: folder, ["--dump-dom"])
        #expect(status == 0)
        #expect(dom.components(separatedBy: "<script").count == 2 && !dom.contains("<b>") && !dom.contains("<a "))
        // The browser serializes the text it shows with only &, < and > escaped.
        let shown = Self.hostile.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
        #expect(dom.contains("Scans documents. → " + shown), "the changed purpose string is not shown as text")

        try Self.render("html").write(to: page, atomically: true, encoding: .utf8)
        let screenshot = folder.appendingPathComponent("review.png")
        let (_, shot) = try HeadlessChromium.run(
            chromium, page: page, in: folder, ["--screenshot=" + screenshot.path, "--window-size=1280,1400", "--hide-scrollbars"])
        #expect(shot == 0)
        let png = try [UInt8](Data(contentsOf: screenshot))
        let size = try #require(HeadlessChromium.pngSize(png), "the screenshot is no PNG")
        #expect(size.width == 1280 && size.height == 1400)
        // A blank page compresses to almost nothing; a rendered review does not.
        #expect(png.count > 20_000)
        try HeadlessChromium.keep(["review.html", "review.png"], from: folder)
    }

    /// What would start a list, end a table cell or open markup in a side's text is escaped.
    @Test func markdownEscapesWhatWouldBecomeMarkup() {
        #expect(MarkdownText.escape("+ Frameworks/a") == "\\+ Frameworks/a")
        #expect(MarkdownText.escape("- a") == "\\- a")
        #expect(MarkdownText.escape("12. a") == "12\\. a")
        // Not a marker: no space after it.
        #expect(MarkdownText.escape("1.2 → 1.3") == "1.2 → 1.3")
        #expect(MarkdownText.escape("-1.0 MB") == "-1.0 MB")
        #expect(MarkdownText.codeCell("A|B.appex") == "A\\|B.appex")
        #expect(MarkdownText.escape("[x](javascript:1)") == "\\[x\\]\\(javascript:1\\)")
    }

    /// Debian's `cmark-gfm`, or nil.
    static let cmark: String? = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The Markdown as GitHub's renderer turns it into HTML: tables on, raw HTML kept (GitHub
    /// keeps `<details>`), so escaping is what keeps a side's markup out.
    static func commonMark(_ markdown: String) throws -> String {
        let cmark = try #require(Self.cmark, "cmark-gfm is required on CI (.ci/run installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cmark)
        process.arguments = ["--unsafe", "-e", "table"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: cmark != nil || RepositoryPaths.isCI, "needs cmark-gfm (apt-get install cmark-gfm)"))
    func theMarkdownRendersAsTablesAndText() throws {
        let html = try Self.commonMark(try Self.render("markdown"))
        #expect(html.contains("<h2>Release review: ❌ fails</h2>"))
        #expect(html.contains("<th>Severity</th>") && html.contains("<td><code>build-number-not-higher</code></td>"))
        #expect(html.contains("<td><code>Payload/PaiNotes.app/PlugIns/PaiNotesShare.appex</code></td>"))
        // Each change is one item that starts with its sign, not a list nested in an empty item.
        #expect(html.contains("<li>+ <strong>Entitlements</strong>: com.apple.developer.associated-domains: applinks:painotes.com</li>"))
        #expect(html.contains("<li>~ <strong>Build (CFBundleVersion)</strong>: 42 → 40</li>"))

        let hostile = try Self.commonMark(try Self.render("markdown", hostile: true))
        #expect(!hostile.contains("<script>") && !hostile.contains("<b>") && !hostile.contains("<a href"))
        #expect(hostile.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // More than DiffMarkdownReporter.collapseAfter changes of one bundle fold into <details>.
        #expect(hostile.contains("<details><summary>Changes ("))
    }
}
