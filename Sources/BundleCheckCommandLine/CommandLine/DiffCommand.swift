import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import BundleCheckReports
import BundleCheckReview
import Foundation

extension BundleCheckCommand {
    /// `bundlecheck diff OLD NEW`: reads both sides (packages are checked as the configuration
    /// says), compares them, writes the review and picks the exit status: 2 when a side cannot
    /// be read, 1 when a verdict or a new finding fails, else 0.
    static func diff(_ options: DiffOptions, environment: [String: String], console: any Console, workingDirectory: String?) throws(UsageError) -> ExitCode {
        let settings = try RunSettings.load(rulePacks: options.rulePacks, configurationPath: options.configurationPath, workingDirectory: workingDirectory)
        try OutputPlan(options).check(against: [("OLD", options.old), ("NEW", options.new)] + settings.reads(rulePacks: options.rulePacks))
        let inspection = settings.inspection(distribution: options.distribution, now: options.now, verifiesResources: false)
        let loader = ReviewSideLoader(
            rules: settings.rules, inspection: inspection, configuration: settings.configuration,
            jobs: options.jobs ?? ProcessorBudget.defaultJobs()
        )
        var review = settings.configuration.review
        if let state = options.oldBuild { review.oldBuild = state }
        let failOn = options.failOn ?? settings.configuration.failOn

        let old: BuildRecord, new: BuildRecord
        do throws(ReviewSideError) {
            old = try loader.load(options.old, as: .old)
            new = try loader.load(options.new, as: .new)
        } catch {
            console.writeError("bundlecheck: error: \(error)\n")
            var status = ExitCode.inputFailure
            // A dashboard that asked for JSON still gets a document it can read.
            let document = DiffErrorDocument.render(error)
            if options.format == .json {
                status = max(status, deliver(document, to: options.outputPath, console: console))
            }
            for request in options.reports where request.format == .json {
                status = max(status, deliver(document, to: request.path, console: console))
            }
            return status
        }

        let result = ReleaseReview.compare(old, new, rules: settings.rules, settings: review, configuration: settings.configuration)
        let toFile = options.outputPath != nil && options.outputPath != OutputPlan.standardOutput
        let color = options.color.isEnabled(isTerminal: !toFile && console.isTerminal, environment: environment)
        var status: ExitCode = ReviewVerdict(result, failOn: failOn).fails ? .findings : .success
        status = max(status, deliver(render(result, as: options.format, failOn: failOn, color: color), to: options.outputPath, console: console))
        for request in options.reports {
            status = max(status, deliver(render(result, as: request.format, failOn: failOn, color: false), to: request.path, console: console))
        }
        return status
    }

    static func render(_ diff: ReleaseDiff, as format: ReviewFormat, failOn: FailureThreshold, color: Bool) -> String {
        switch format {
        case .text: DiffTextReporter(color: color).render(diff, failOn: failOn)
        case .json: DiffJSONReporter().render(diff, failOn: failOn)
        case .markdown: DiffMarkdownReporter().render(diff, failOn: failOn)
        case .html: DiffHTMLReporter().render(diff, failOn: failOn)
        }
    }
}
