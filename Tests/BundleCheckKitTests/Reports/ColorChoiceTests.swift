import BundleCheckReports
import Testing

@Suite struct ColorChoiceTests {
    @Test func autoColorsOnlyATerminal() {
        #expect(ColorChoice.auto.isEnabled(isTerminal: true, environment: ["TERM": "xterm-256color"]))
        #expect(ColorChoice.auto.isEnabled(isTerminal: true, environment: [:]))
        #expect(!ColorChoice.auto.isEnabled(isTerminal: false, environment: ["TERM": "xterm-256color"]))
    }

    @Test(arguments: ["1", "0", "false", "yes"])
    func autoHonoursNoColorWhateverItsValue(value: String) {
        #expect(!ColorChoice.auto.isEnabled(isTerminal: true, environment: ["NO_COLOR": value]))
    }

    @Test func anEmptyNoColorDoesNotDisableColor() {
        #expect(ColorChoice.auto.isEnabled(isTerminal: true, environment: ["NO_COLOR": ""]))
    }

    @Test func autoTreatsADumbTerminalAsColorless() {
        #expect(!ColorChoice.auto.isEnabled(isTerminal: true, environment: ["TERM": "dumb"]))
    }

    @Test func explicitChoicesWinOverTheEnvironment() {
        let hostile = ["NO_COLOR": "1", "TERM": "dumb"]
        #expect(ColorChoice.always.isEnabled(isTerminal: false, environment: hostile))
        #expect(!ColorChoice.never.isEnabled(isTerminal: true, environment: ["TERM": "xterm"]))
    }

    @Test func namesAreTheCommandLineSpellings() {
        #expect(ColorChoice.allCases.map(\.rawValue) == ["auto", "always", "never"])
        #expect(ReportFormat.allCases.map(\.rawValue) == ["text", "json", "sarif", "junit", "gitlab", "github", "html", "cyclonedx", "spdx"])
    }
}
