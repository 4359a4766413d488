/// The options of `--list-rules` and `--explain`, after parsing: what they print the
/// catalogue as, where, and which packs and configuration make the catalogue.
package struct CatalogueOptions: Sendable, Equatable {
    package var format: CatalogueFormat = .text
    package var outputPath: String?
    /// `--rules DIR`, in the order given.
    package var rulePacks: [String] = []
    /// `--config FILE`; without it, `.bundlecheck.yml` in the working directory when there is one.
    package var configurationPath: String?

    package init() {}
}
