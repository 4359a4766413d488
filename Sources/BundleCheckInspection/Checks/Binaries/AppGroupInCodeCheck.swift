import BundleCheckModel
import Foundation

/// `app-group-in-code`: a `group.…` string in an executable that the bundle's entitlements lack;
/// at run time the container URL is nil and `UserDefaults(suiteName:)` shares nothing.
struct AppGroupInCodeCheck: Check {
    let id = "app-group-in-code"
    var reads: CheckReads { CheckReads(evidence: [Self.need]) }

    static let pattern = try! NSRegularExpression(pattern: #"^group\.[A-Za-z0-9][A-Za-z0-9.\-]*$"#)
    /// A cheap test while reading; the pattern runs only on the strings kept.
    static let need = BinaryMatcher(kind: .string, condition: .prefix("group."))

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.filter(\.isSignedKind).flatMap { bundle -> [Finding] in
            guard !bundle.runsAppleStub, let signing = bundle.signing, let executable = signing.executable, signing.entitlements != nil else { return [] }
            let entitled = Set(bundle.signedAppGroups.map(\.group))
            var reported = Set<String>()
            return executable.slices.flatMap(\.evidence)
                .filter { $0.kind == .string && Self.isGroupIdentifier($0.value) && !entitled.contains($0.value) && reported.insert($0.value).inserted }
                .map { evidence in
                    rule.finding(
                        Self.notEntitled(evidence.value, bundle, entitled), at: bundle.location(file: signing.executablePath), identity: evidence.value)
                }
        }
    }
}

extension AppGroupInCodeCheck {
    static func isGroupIdentifier(_ value: String) -> Bool {
        pattern.firstMatch(in: value, range: NSRange(location: 0, length: NSString(string: value).length)) != nil
    }

    static func notEntitled(_ group: String, _ bundle: InspectedBundle, _ entitled: Set<String>) -> String {
        let list = entitled.isEmpty ? "none" : entitled.sorted().joined(separator: ", ")
        return
            "the code of \(bundle.name) uses the app group '\(group)', which its entitlements lack (entitled: \(list)); the shared container will be nil. Add the group to the target's App Groups"
    }
}
