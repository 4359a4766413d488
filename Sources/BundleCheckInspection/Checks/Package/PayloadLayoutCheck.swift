import BundleCheckFormats
import BundleCheckModel

/// `payload-layout`: an IPA holds exactly one app, at `Payload/<Name>.app` at the root of the
/// zip. Zipped archives and apps have no `Payload/` and are not judged.
struct PayloadLayoutCheck: Check {
    let id = "payload-layout"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        guard context.inputKind == .ipa, context.storage == .zip else { return [] }
        let apps = context.bundles.filter { $0.parent == nil }
        return apps.enumerated().compactMap { index, app in
            var problems: [String] = []
            let components = app.path.split(separator: "/", omittingEmptySubsequences: false)
            if let payload = components.firstIndex(of: "Payload") {
                if payload > 0 {
                    problems.append("Payload/ sits in the folder \(components[..<payload].joined(separator: "/"))/ instead of at the root of the zip")
                }
                if components.count - payload > 2 {
                    problems.append(
                        "the app sits in \(components[(payload + 1)..<(components.count - 1)].joined(separator: "/"))/ instead of directly in Payload/")
                }
            }
            // The first app (by path) is the one a submission would take; the others are extra.
            if index > 0 {
                problems.append("the package holds \(apps.count) apps (\(apps.map(\.name).joined(separator: ", "))) where App Store Connect takes one")
            }
            guard !problems.isEmpty else { return nil }
            return rule.finding(Self.misplaced(app, problems), at: app.location(file: nil))
        }
    }
}

extension PayloadLayoutCheck {
    static func misplaced(_ app: InspectedBundle, _ problems: [String]) -> String {
        "\(app.path): \(problems.joined(separator: "; ")); an IPA holds exactly one app, at Payload/\(app.name)"
    }
}
