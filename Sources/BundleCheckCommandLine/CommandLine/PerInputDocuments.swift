import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports
import Foundation

/// Where a format that writes one document per input (`--format cyclonedx`, `spdx`) puts them.
///
/// A destination that is a folder (it exists as one, or its path ends in `/`, and is then
/// created) gets one file per input named after the package, `MyApp.ipa.cdx.json`; two inputs
/// of the same name get `-2`, `-3` … before the suffix, in the order given. Any other path is
/// one file, which only a run of one input can fill: with several, `validate` asks for a folder.
enum PerInputDocuments {
    /// Whether `path` names a folder for the documents rather than one file.
    static func isFolder(_ path: String?) -> Bool {
        guard let path, path != OutputPlan.standardOutput else { return false }
        return path.hasSuffix("/") || FileIdentity(path).isDirectory
    }

    /// Throws unless `format` can write `inputCount` documents to `path` (`option` as the user wrote it).
    static func validate(_ format: ReportFormat, inputCount: Int, path: String?, option: String) throws(UsageError) {
        guard format.writesDocumentPerInput, inputCount > 1, !isFolder(path) else { return }
        throw .documentPerInput(option: option, format: format.rawValue, count: inputCount, suffix: format.documentSuffix ?? "")
    }

    /// Each input's file name in the folder, in input order.
    static func names(of inputs: [InputReport], suffix: String) -> [String] {
        var taken: Set<String> = []
        return inputs.map { input in
            var stem = input.isStandardInput ? "standard-input" : PackagePath.name(input.path.hasSuffix("/") ? String(input.path.dropLast()) : input.path)
            if stem.isEmpty || stem == "." || stem == ".." { stem = "package" }
            // The next free name: `X.ipa-2` may itself be an input's own name.
            var name = stem + suffix
            var count = 1
            while taken.contains(name) {
                count += 1
                name = "\(stem)-\(count)\(suffix)"
            }
            taken.insert(name)
            return name
        }
    }

    /// Writes each input's document into `folder`, creating it; the worst delivery's status.
    static func write(_ reporter: any PerInputReporter, format: ReportFormat, of report: Report, into folder: String, console: any Console) -> ExitCode {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            console.writeError("bundlecheck: error: \(folder): cannot create the folder for the \(format.rawValue) documents: \(error.localizedDescription)\n")
            return .cannotCreate
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var status = ExitCode.success
        for (input, name) in zip(report.inputs, names(of: report.inputs, suffix: format.documentSuffix ?? "")) {
            let document = reporter.render(input, toolVersion: report.toolVersion)
            status = max(status, BundleCheckCommand.deliver(document, to: base + name, what: "the \(format.rawValue) document", console: console))
        }
        return status
    }
}
