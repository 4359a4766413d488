import BundleCheckModel

/// `possible-secret` (off unless turned on): a long, random-looking value under a key that
/// names a secret (`apiSecret`, `AUTH_TOKEN`), which no documented format recognises.
struct PossibleSecretCheck: Check {
    let id = "possible-secret"
    var reads: CheckReads { EmbeddedSecretCheck().reads }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.secretSearch.found.filter(\.isPossible).map { EmbeddedSecretCheck.finding($0, in: context, as: rule) }
    }
}
