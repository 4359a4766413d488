import BundleCheckFormats
import BundleCheckModel

/// `info-plist-missing`, `info-plist-malformed`, `executable-invalid`, `profile-malformed`,
/// `entitlements-malformed` and `zip-entry-corrupt`: files of a bundle that the inspector could
/// not read as what they must be. One mode per rule; the inspector records the problems while
/// reading (`InspectedBundle.problems`), so a broken file is a finding and the package is still checked.
struct ReadProblemCheck: Check {
    let kind: BundleReadProblem.Kind
    var id: String { kind.rawValue }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle in
            bundle.problems.filter { $0.kind == kind }.map { problem in
                var location = bundle.location(file: problem.file)
                location.line = problem.line
                location.column = problem.column
                return rule.finding(Self.message(problem, in: bundle), at: location, identity: problem.file)
            }
        }
    }
}

extension ReadProblemCheck {
    static func message(_ problem: BundleReadProblem, in bundle: InspectedBundle) -> String {
        let file = PackagePath.name(problem.file)
        switch problem.kind {
        case .infoPlistMissing:
            return
                "\(bundle.name) has no Info.plist; every \(bundle.kind.rawValue) bundle needs one, so its identity, versions and entry point cannot be checked"
        case .infoPlistMalformed:
            return "the Info.plist of \(bundle.name) cannot be read: \(problem.reason); checks that need it skip this bundle"
        case .executableInvalid:
            return "the executable \(file) of \(bundle.name) is not usable: \(problem.reason)"
        case .profileMalformed:
            return "the provisioning profile of \(bundle.name) cannot be read: \(problem.reason)"
        case .entitlementsMalformed:
            return "the entitlements of \(bundle.name) in \(file) cannot be read: \(problem.reason)"
        case .zipEntryCorrupt:
            return "the zip entry \(problem.file) is damaged: \(problem.reason); the file cannot be read"
        }
    }
}
