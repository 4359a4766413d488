import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import BundleCheckReview
import Foundation

/// Runs the examples of rule files: builds each example's package, checks it with the
/// catalogue, and compares the findings with the example's exact expectations.
///
/// It returns failures instead of recording them, so a meta-test can break an example on
/// purpose and see the runner notice.
public enum RuleExampleRunner {
    public struct Failure: Sendable, CustomStringConvertible {
        /// `Rules/<id>.yml:<line>`: where the example is written.
        public let location: String
        public let example: String
        public let message: String

        public var description: String { "\(location): example '\(example)': \(message)" }
    }

    package static func run(_ example: RuleExample, of rule: RuleDefinition, rules: [RuleDefinition]) -> [Failure] {
        let location = "\(rule.source.file):\(example.line)"
        if rule.scope.isRelease != (example.previous != nil) {
            let problem =
                rule.scope.isRelease
                ? "a release rule's example needs the previous build ('previous:')" : "only a release rule's example has a previous build ('previous:')"
            return [Failure(location: location, example: example.name, message: problem)]
        }
        let findings = example.previous == nil ? report(of: example, rules: rules).map(\.findings) : review(of: example, rules: rules).map(\.verdicts)
        switch findings {
        case .failure(let problem):
            return [Failure(location: location, example: example.name, message: problem.message)]
        case .success(let findings):
            return compare(findings, with: example, of: rule).map {
                Failure(location: location, example: example.name, message: $0)
            }
        }
    }

    /// A release rule's example: its previous build and its package, both built, compared as
    /// `bundlecheck diff` would with the example's `diff:` settings.
    package static func review(of example: RuleExample, rules: [RuleDefinition]) -> Result<ReleaseDiff, Problem> {
        guard let previousNode = example.previous else { return .failure(Problem(message: "the example has no previous build")) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundlecheck-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, node) in [("Old.ipa", previousNode), ("New.ipa", example.package)] {
                let path = directory.appendingPathComponent(name).path
                try FixtureDescription.package(from: node).write(to: path)
                paths.append(path)
            }
        } catch {
            return .failure(Problem(message: "the packages could not be built: \(error)"))
        }
        let settings = inspection(of: example)
        let loader = ReviewSideLoader(rules: rules, inspection: settings, configuration: Configuration())
        do throws(ReviewSideError) {
            let old = try loader.load(paths[0], as: .old)
            let new = try loader.load(paths[1], as: .new)
            return .success(ReleaseReview.compare(old, new, rules: rules, settings: example.review))
        } catch {
            return .failure(Problem(message: "the packages could not be compared: \(error)"))
        }
    }

    /// How an example is checked: its distribution, date and configuration's settings.
    static func inspection(of example: RuleExample) -> InspectionSettings {
        InspectionSettings(
            distribution: example.distribution, now: example.now ?? Date(), appClipDigitalOnly: example.configuration.appClipDigitalOnly,
            iconCatalogThreshold: example.configuration.iconCatalogThreshold)
    }

    /// Why an example's package could not be built or checked.
    package struct Problem: Error {
        package let message: String
    }

    /// Builds an example's package and checks it with `rules`, as the example says (its
    /// distribution and date): the report its expectations are compared with.
    package static func report(of example: RuleExample, rules: [RuleDefinition]) -> Result<InputReport, Problem> {
        let package: FixturePackage
        do {
            package = try FixtureDescription.package(from: example.package)
        } catch {
            return .failure(Problem(message: "the package description is wrong: \(error)"))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundlecheck-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(package.installer == nil ? "Example.ipa" : "Example.pkg").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try package.write(to: path)
        } catch {
            return .failure(Problem(message: "the package could not be written: \(error)"))
        }
        let settings = inspection(of: example)
        let report = PackageInspector(rules: rules, settings: settings).inspect(path: path)
        if let error = report.error {
            return .failure(Problem(message: "the package could not be checked: \(error)"))
        }
        return .success(report)
    }

    /// What differs between the findings and the example's expectations, as messages.
    static func compare(_ findings: [Finding], with example: RuleExample, of rule: RuleDefinition) -> [String] {
        var problems: [String] = []
        for expectation in example.expectations {
            let count = findings.filter { expectation.matches($0) }.count
            if count != expectation.count {
                problems.append("expected \(expectation.count) finding(s) of \(expectation.rule) at \(expectation.place), found \(count)")
            }
        }
        // The rule under test may fire nowhere else.
        let own = findings.filter { $0.rule == rule.id }
        let expected = example.expectations.filter { $0.rule == rule.id }.reduce(0) { $0 + $1.count }
        if own.count != expected {
            let unexpected = own.filter { finding in !example.expectations.contains { $0.matches(finding) } }
            let listed = unexpected.map { "\($0.bundle ?? "-") \($0.keyPath?.description ?? "") \($0.file ?? "")" }
            problems.append(
                "expected \(expected) finding(s) of \(rule.id) in all, found \(own.count)"
                    + (listed.isEmpty ? "" : "; unexpected: " + listed.joined(separator: "; ")))
        }
        if example.triggers == own.isEmpty {
            problems.append(example.triggers ? "the rule did not fire" : "the rule fired on a non-triggering example")
        }
        return problems
    }
}

extension ExampleExpectation {
    func matches(_ finding: Finding) -> Bool {
        finding.rule == rule
            && finding.bundle == bundle
            && finding.keyPath?.description == keyPath
            && (file == nil || finding.file == file)
    }

    var place: String {
        [bundle.map { "bundle \($0)" }, keyPath.map { "key path \($0)" }, file.map { "file \($0)" }]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
