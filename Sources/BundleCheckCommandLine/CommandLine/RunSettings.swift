import BundleCheckModel

/// What a run checks with: the catalogue (shipped rules plus `--rules` packs) and the
/// configuration applied to it. Anything wrong here is a usage error (exit 64).
package struct RunSettings: Sendable {
    package let catalogue: RuleCatalogue
    package let configuration: Configuration

    package init(catalogue: RuleCatalogue, configuration: Configuration) {
        self.catalogue = catalogue
        self.configuration = configuration
    }

    /// Loads the packs in order, then the configuration (`--config`, else `.bundlecheck.yml`
    /// in `workingDirectory` when present); rule ids in the configuration may name pack rules.
    package static func load(rulePacks: [String], configurationPath: String?, workingDirectory: String?) throws(UsageError) -> RunSettings {
        var catalogue = RuleCatalogue.shipped
        for pack in rulePacks {
            do {
                catalogue = try catalogue.adding(packAt: pack)
            } catch let error as RuleLoadError {
                throw .rulePack(error)
            } catch {
                throw .rulePack(RuleLoadError(file: pack, line: 1, field: nil, message: "\(error)"))
            }
        }
        let configuration: Configuration
        do {
            configuration = try ConfigurationLoader.resolve(
                explicitPath: configurationPath, workingDirectory: workingDirectory, catalogue: catalogue
            )
        } catch {
            throw .configuration(error)
        }
        return RunSettings(catalogue: catalogue, configuration: configuration)
    }

    /// The rules to run: the catalogue minus disabled rules, at the configured severities.
    package var rules: [RuleDefinition] {
        configuration.effectiveRules(of: catalogue)
    }
}
