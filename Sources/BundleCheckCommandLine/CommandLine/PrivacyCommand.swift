import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import BundleCheckReports
import Foundation

extension BundleCheckCommand {
    /// `bundlecheck privacy PACKAGE`: checks the package with the configured rules (whose
    /// findings say which bundles need a manifest, and whose binary scan shows the required-reason
    /// APIs used) and writes what its privacy manifests declare. 0 when the report is written,
    /// 2 when the package cannot be read (with a JSON document that says why, when JSON was asked).
    static func privacy(_ options: PrivacyOptions, console: any Console, workingDirectory: String?) throws(UsageError) -> ExitCode {
        let settings = try RunSettings.load(rulePacks: options.rulePacks, configurationPath: options.configurationPath, workingDirectory: workingDirectory)
        try OutputPlan(outputPath: options.outputPath).check(against: [("the package", options.input)] + settings.reads(rulePacks: options.rulePacks))
        let inspection = settings.inspection(distribution: nil, now: options.now, verifiesResources: false)
        let rules = settings.rules.filter { !$0.scope.isRelease }
        let inspector = PackageInspector(rules: rules, settings: inspection, jobs: options.jobs ?? ProcessorBudget.defaultJobs())
        let input = settings.configuration.applyingIgnores(to: inspector.inspect(path: options.input))
        var status = ExitCode.success
        if let error = input.error {
            console.writeError("bundlecheck: error: \(diagnostic(error, of: input.path))\n")
            status = .inputFailure
        }
        let text = options.format.render(PrivacyReport(input, rulesRun: rules.map(\.id)), toolVersion: BundleCheckVersion.current)
        return max(status, deliver(text, to: options.outputPath, console: console))
    }
}
