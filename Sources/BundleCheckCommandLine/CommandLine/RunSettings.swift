import BundleCheckModel

/// What a run checks with: the catalogue (shipped rules plus `--rules` packs) and the
/// configuration applied to it. Anything wrong here is a usage error (exit 64).
public struct RunSettings: Sendable {
    public let catalogue: RuleCatalogue
    public let configuration: Configuration

    public init(catalogue: RuleCatalogue, configuration: Configuration) {
        self.catalogue = catalogue
        self.configuration = configuration
    }

    /// Loads the packs in order, then the configuration (`--config`, else `.bundlecheck.yml`
    /// in `workingDirectory` when present); rule ids in the configuration may name pack rules.
    public static func load(_ options: CommandOptions, workingDirectory: String?) throws(UsageError) -> RunSettings {
        var catalogue = RuleCatalogue.shipped
        for pack in options.rulePacks {
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
                explicitPath: options.configurationPath, workingDirectory: workingDirectory, catalogue: catalogue
            )
        } catch {
            throw .configuration(error)
        }
        return RunSettings(catalogue: catalogue, configuration: configuration)
    }

    /// The rules to run: the catalogue minus disabled rules, at the configured severities.
    public var rules: [RuleDefinition] {
        configuration.effectiveRules(of: catalogue)
    }
}
