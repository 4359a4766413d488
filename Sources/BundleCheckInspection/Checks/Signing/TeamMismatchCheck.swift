import BundleCheckModel

/// `team-mismatch`: the bundles of one app are signed by different teams; iOS refuses to load
/// an extension signed by another team than its app.
struct TeamMismatchCheck: Check {
    let id = "team-mismatch"
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, bundle.parent != nil, let team = bundle.signing?.teamIdentifier else { return nil }
            let app = context.app(of: bundle)
            guard let appTeam = app.signing?.teamIdentifier, appTeam != team else { return nil }
            let location = bundle.location(file: bundle.signing?.executablePath)
            return rule.finding(Self.mismatch(bundle, team, app, appTeam), at: location)
        }
    }
}

extension TeamMismatchCheck {
    static func mismatch(_ bundle: InspectedBundle, _ team: String, _ app: InspectedBundle, _ appTeam: String) -> String {
        "\(bundle.name) is signed by team \(team), but \(app.name) by team \(appTeam); sign every target with the same team"
    }
}
