import BundleCheckFormats
import BundleCheckModel

/// `embedded-secret`: private keys, live tokens and credential files in a package, which anyone
/// who downloads it can read. One finding per secret and place, graded by its kind
/// (`Rules/data/secrets.yml`); it names the kind, the length, the documented prefix and the
/// fingerprint, never the secret.
struct EmbeddedSecretCheck: Check {
    let id = "embedded-secret"
    var reads: CheckReads { CheckReads(evidence: SecretSearch.evidence(), libraryEvidence: SecretSearch.evidence(), wholeFiles: SecretSearch.wholeFiles()) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let search = context.secretSearch
        var findings = search.found.filter { !$0.isPossible }.map { Self.finding($0, in: context, as: rule) }
        if let cap = search.stoppedBy, let app = context.bundles.first {
            findings.append(
                rule.finding(
                    "the search for secrets stopped after \(cap) (docs/limits.md): files past it were not read", at: FindingLocation(bundle: app.path),
                    identity: "stopped", atMost: .note))
        }
        return findings
    }

    static func finding(_ sighting: SecretSighting, in context: CheckContext, as rule: RuleDefinition) -> Finding {
        let bundle = context.owner(of: sighting.file)
        let location = FindingLocation(bundle: bundle?.path, file: sighting.file, keyPath: sighting.keyPath, line: sighting.line)
        let finding = rule.finding(
            message(sighting, bundle: bundle), at: location, identity: sighting.fingerprint, atMost: sighting.kind.severity)
        return finding.about(secret: sighting.fingerprint)
    }

    static func message(_ sighting: SecretSighting, bundle: InspectedBundle?) -> String {
        var facts = [sighting.text == nil ? (sighting.length == 1 ? "1 byte" : "\(sighting.length) bytes") : "\(sighting.length) characters"]
        if !sighting.shown.isEmpty { facts.append("starting \(sighting.shown)") }
        facts.append(sighting.fingerprint)
        let what = [sighting.kind.name, sighting.detail].compactMap { $0 }.joined(separator: ", ")
        let whose = bundle.map { " of \($0.name)" } ?? ""
        return "\(what) (\(facts.joined(separator: ", "))) ships in \(PackagePath.name(sighting.file))\(whose): anyone who downloads the app can read it"
    }
}
