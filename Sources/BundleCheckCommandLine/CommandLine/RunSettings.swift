import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import Foundation

/// What a run checks with: the catalogue (shipped rules, the configuration's `rule-packs` and
/// `--rules` packs) and the configuration applied to it. Anything wrong here is a usage error (exit 64).
package struct RunSettings: Sendable {
    package let catalogue: RuleCatalogue
    package let configuration: Configuration

    package init(catalogue: RuleCatalogue, configuration: Configuration) {
        self.catalogue = catalogue
        self.configuration = configuration
    }

    /// Finds the configuration (`--config`, else `.bundlecheck.yml` in `workingDirectory` or
    /// the nearest parent up to the repository root), loads the packs it names and then
    /// `rulePacks` in order, and checks the configuration against them: its rule ids may name
    /// pack rules.
    package static func load(rulePacks: [String], configurationPath: String?, workingDirectory: String?) throws(UsageError) -> RunSettings {
        let source: ConfigurationSource?
        var packs: [String] = []
        do {
            source = try ConfigurationLoader.locate(explicitPath: configurationPath, workingDirectory: workingDirectory)
                .map { path throws(ConfigurationError) in try ConfigurationLoader.read(path: path) }
            if let source {
                packs = try ConfigurationLoader.rulePacks(of: source)
            }
        } catch {
            throw .configuration(error)
        }
        var catalogue = RuleCatalogue.shipped
        for pack in distinct(packs + rulePacks) {
            do {
                catalogue = try catalogue.adding(packAt: pack)
            } catch let error as YAMLLoadError {
                // A folder named by the configuration: say where, since no flag on the command line did.
                if error.line == 0, let source, packs.contains(pack),
                    let line = source.line(ofKey: "rule-packs")
                {
                    throw .rulePack(
                        YAMLLoadError(
                            file: pack, line: 0, field: nil, message: error.message + " (named by \(source.file):\(line), rule-packs)"
                        ))
                }
                throw .rulePack(error)
            } catch {
                throw .rulePack(YAMLLoadError(file: pack, line: 0, field: nil, message: "\(error)"))
            }
        }
        var configuration = Configuration.defaults
        if let source {
            do {
                configuration = try ConfigurationLoader.load(source, catalogue: catalogue)
            } catch {
                throw .configuration(error)
            }
        }
        return RunSettings(catalogue: catalogue, configuration: configuration)
    }

    /// `packs` without the folders named twice (the configuration's and `--rules` again),
    /// which would otherwise define each of their rules twice.
    static func distinct(_ packs: [String]) -> [String] {
        var seen: Set<String> = []
        return packs.filter { pack in
            seen.insert(URL(fileURLWithPath: pack, isDirectory: true).standardizedFileURL.path).inserted
        }
    }

    /// The files the run reads besides the packages, which no output may overwrite: the
    /// configuration file and every rule-pack folder (the configuration's and `--rules`').
    package func reads(rulePacks: [String]) -> [(what: String, path: String)] {
        var reads = configuration.file.map { [(what: "the configuration file", path: $0)] } ?? []
        reads += (configuration.rulePacks + rulePacks).map { (what: "a rule pack", path: $0) }
        return reads
    }

    /// The rules to run: the catalogue minus disabled rules, at the configured severities.
    /// How packages are inspected: the command line's distribution and date over the
    /// configuration's, with the configuration's expiry warning and App Clip invocation;
    /// `picturesIconVariants` when an HTML report is written, `digestsBinaries` when an SBOM is.
    package func inspection(
        distribution: Distribution?, now: Date?, verifiesResources: Bool, picturesIconVariants: Bool = false, digestsBinaries: Bool = false
    ) -> InspectionSettings {
        InspectionSettings(
            distribution: distribution ?? configuration.statedDistribution,
            now: now ?? Date(),
            profileExpiryWarningDays: configuration.profileExpiryWarningDays,
            verifiesResources: verifiesResources,
            appClipDigitalOnly: configuration.appClipDigitalOnly,
            iconCatalogThreshold: configuration.iconCatalogThreshold,
            picturesIconVariants: picturesIconVariants,
            digestsBinaries: digestsBinaries
        )
    }

    package var rules: [RuleDefinition] {
        configuration.effectiveRules(of: catalogue)
    }
}
