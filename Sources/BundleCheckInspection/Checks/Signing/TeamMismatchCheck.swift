import BundleCheckModel

/// `team-mismatch`: the bundles of one app are signed by different teams; iOS refuses to load
/// an extension signed by another team than its app. In an exported IPA every framework and
/// library is signed again by the app's team, so one signed by another team is wrong there too;
/// in an archive, a vendor's signature on a framework is normal until export.
struct TeamMismatchCheck: Check {
    let id = "team-mismatch"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            let app = context.app(of: bundle)
            guard let appTeam = app.signing?.teamIdentifier else { return [] }
            var findings: [Finding] = []
            if bundle.isSignedKind, bundle.parent != nil, let team = bundle.signing?.teamIdentifier, team != appTeam {
                findings.append(rule.finding(Self.mismatch(bundle.name, team, app, appTeam), at: bundle.location(file: bundle.signing?.executablePath)))
            }
            guard context.inputKind == .ipa else { return findings }
            // Frameworks' executables and loose libraries, in an exported IPA.
            for binary in bundle.signing?.binaries ?? [] where bundle.kind == .framework || !binary.isExecutable {
                guard let team = binary.teamIdentifier, team != appTeam else { continue }
                let what = BinaryCheck.describe(binary, of: bundle)
                findings.append(rule.finding(Self.mismatch(what, team, app, appTeam), at: bundle.location(file: binary.path), identity: binary.path))
            }
            return findings
        }
    }
}

extension TeamMismatchCheck {
    static func mismatch(_ what: String, _ team: String, _ app: InspectedBundle, _ appTeam: String) -> String {
        "\(what) is signed by team \(team), but \(app.name) by team \(appTeam); sign every target with the same team"
    }
}
