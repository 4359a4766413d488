/// What the command line asks for.
package enum ParsedCommandLine: Sendable, Equatable {
    case help
    case version
    /// Check the inputs.
    case check(CommandOptions)
    /// `bundlecheck diff OLD NEW`: review a build against the previous one.
    case diff(DiffOptions)
    /// `bundlecheck privacy PACKAGE`: what the package's privacy manifests declare.
    case privacy(PrivacyOptions)
    /// `--list-rules`: the catalogue, as the options' packs and configuration make it.
    case listRules(CatalogueOptions)
    /// `--explain ID`: one rule's rationale, fix and examples.
    case explain(rule: String, CatalogueOptions)
}
