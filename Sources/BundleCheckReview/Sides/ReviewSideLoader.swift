import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import BundleCheckReports
import Foundation

/// Reads one side of a review: a JSON report written earlier (a file whose first character
/// past any white space is `{`, which no zip, installer package or folder starts with), or a
/// package, checked now and recorded through the same JSON as its report would be.
public struct ReviewSideLoader: Sendable {
    /// The rules a package side is checked with (release rules are not run on one package).
    let rules: [RuleDefinition]
    let inspection: InspectionSettings
    let configuration: Configuration
    let jobs: Int
    let limits: JSONLimits

    public init(rules: [RuleDefinition], inspection: InspectionSettings, configuration: Configuration, jobs: Int = 1) {
        self.init(rules: rules, inspection: inspection, configuration: configuration, jobs: jobs, limits: .default)
    }

    package init(rules: [RuleDefinition], inspection: InspectionSettings, configuration: Configuration, jobs: Int, limits: JSONLimits) {
        self.rules = rules.filter { !$0.scope.isRelease }
        self.inspection = inspection
        self.configuration = configuration
        self.jobs = jobs
        self.limits = limits
    }

    public func load(_ path: String, as side: ReviewSide) throws(ReviewSideError) -> BuildRecord {
        do throws(ReviewSideError.Problem) {
            if let bytes = try reportBytes(at: path) {
                return try Self.record(fromReport: bytes, path: path, limits: limits)
            }
            return try package(at: path)
        } catch {
            throw ReviewSideError(side: side, path: path, problem: error)
        }
    }

    /// The build a JSON report's bytes record, or why they are not one (also what the `report`
    /// fuzz harness reads).
    package static func record(fromReport bytes: [UInt8], path: String, limits: JSONLimits) throws(ReviewSideError.Problem) -> BuildRecord {
        let document: JSONValue
        do {
            document = try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw .json(error.description)
        }
        return try BuildRecordReader.read(document, path: path, source: .report)
    }

    /// A package checked as `bundlecheck --format json` would, then read back from that JSON.
    private func package(at path: String) throws(ReviewSideError.Problem) -> BuildRecord {
        var input = PackageInspector(rules: rules, settings: inspection, jobs: jobs).inspect(path: path)
        if let error = input.error {
            let text = error.description
            throw .package(text.hasPrefix(path + ":") ? text : "\(path): \(text)")
        }
        input = configuration.applyingIgnores(to: input)
        let report = Report(toolVersion: BundleCheckVersion.current, inputs: [input], configurationFile: configuration.file, rulesRun: rules.map(\.id))
        return try BuildRecordReader.read(JSONReporter().document(for: report), path: path, source: .package)
    }

    /// The file's bytes when it is a JSON report; nil for anything else (a package).
    private func reportBytes(at path: String) throws(ReviewSideError.Problem) -> [UInt8]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        // A report starts with `{` after at most a little white space; 4 KiB tells.
        let head = (try? handle.read(upToCount: 4096)).map { [UInt8]($0) } ?? []
        guard let first = head.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "{") else { return nil }
        var bytes = head
        while bytes.count <= limits.maxBytes {
            // A read that fails midway must not pass for a report cut short.
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { throw .unreadable(error.localizedDescription) }
            guard let chunk, !chunk.isEmpty else { return bytes }
            bytes += chunk
        }
        throw .unreadable("it is larger than the \(ByteSizeText.decimal(UInt64(limits.maxBytes))) a report may be")
    }
}
