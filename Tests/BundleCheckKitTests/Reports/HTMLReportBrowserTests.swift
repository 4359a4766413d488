import Foundation
import Testing

@testable import BundleCheckModel
@testable import BundleCheckReports

/// The HTML report of the example as a real browser renders it: headless Chromium (Debian's
/// `chromium`, which `.ci/run` installs) dumps the DOM it built and takes a screenshot.
/// Skipped, saying so, where Chromium is not installed; on CI, which installs it, they run and
/// fail without it.
@Suite struct HTMLReportBrowserTests {
    static let chromium = HeadlessChromium.path
    static let browserAvailable = HeadlessChromium.available

    /// Writes the report (the example's unless given) to a fresh directory; the page and
    /// Chromium's profile live there.
    private func writeReport(_ report: Report = HTMLReporterTests.exampleReport()) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundlecheck-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let html = HTMLReporter().render(report)
        try html.write(to: directory.appendingPathComponent("report.html"), atomically: true, encoding: .utf8)
        return directory
    }

    private func runChromium(_ chromium: String, in directory: URL, _ arguments: [String]) throws -> (output: String, status: Int32) {
        try HeadlessChromium.run(chromium, page: directory.appendingPathComponent("report.html"), in: directory, arguments)
    }

    /// Text as an HTML serializer writes it between tags: only `&`, `<`, `>` and no-break spaces escaped.
    private func serialized(_ text: String) -> String {
        ReportText.printable(text)
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\u{A0}", with: "&nbsp;")
    }

    @Test(.enabled(if: browserAvailable, "needs Chromium (apt-get install chromium fonts-dejavu-core)"))
    func theRenderedPageHoldsEveryFindingMessage() throws {
        let chromium = try #require(Self.chromium, "chromium is required on CI (.ci/run installs it)")
        let directory = try writeReport()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (dom, status) = try runChromium(chromium, in: directory, ["--dump-dom"])
        #expect(status == 0)
        #expect(dom.contains("<p class=\"verdict failed\" id=\"verdict\">FAILED: "))
        let findings = HTMLReporterTests.exampleReport().inputs.flatMap(\.findings)
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(dom.contains("<p class=\"message\">" + serialized(finding.message) + "</p>"), "not rendered: \(finding.message)")
        }
    }

    @Test(.enabled(if: browserAvailable, "needs Chromium (apt-get install chromium fonts-dejavu-core)"))
    func markupInThePackageStaysTextInTheBrowser() throws {
        let chromium = try #require(Self.chromium, "chromium is required on CI (.ci/run installs it)")
        let directory = try writeReport(HTMLReporterTests.hostileReport())
        defer { try? FileManager.default.removeItem(at: directory) }
        let (dom, status) = try runChromium(chromium, in: directory, ["--dump-dom"])
        #expect(status == 0)
        // The page's own script is the only script element the browser built; no image, no svg.
        #expect(dom.components(separatedBy: "<script").count == 2)
        #expect(!dom.contains("<img") && !dom.contains("<svg") && !dom.contains("<b>"))
        #expect(dom.contains("<dt>Name</dt><dd>" + serialized(HTMLReporterTests.hostileName) + "</dd>"))
        #expect(dom.contains("<p class=\"message\">" + serialized(HTMLReporterTests.hostileMessage) + "</p>"))
    }

    @Test(.enabled(if: browserAvailable, "needs Chromium (apt-get install chromium fonts-dejavu-core)"))
    func aScreenshotOfThePageIsAPNGOfTheWindowsSize() throws {
        let chromium = try #require(Self.chromium, "chromium is required on CI (.ci/run installs it)")
        let directory = try writeReport()
        defer { try? FileManager.default.removeItem(at: directory) }
        let screenshot = directory.appendingPathComponent("report.png")
        let (_, status) = try runChromium(chromium, in: directory, ["--screenshot=" + screenshot.path, "--window-size=1280,2000", "--hide-scrollbars"])
        #expect(status == 0)
        let png = try [UInt8](Data(contentsOf: screenshot))
        let size = try #require(HeadlessChromium.pngSize(png), "the screenshot is no PNG")
        #expect(size.width == 1280 && size.height == 2000)
        // A blank page compresses to almost nothing; a rendered report does not.
        #expect(png.count > 20_000)
        // For a person to look at: BUNDLECHECK_SCREENSHOT_DIR=/some/dir keeps the page and its picture.
        try HeadlessChromium.keep(["report.html", "report.png"], from: directory)
    }
}
