import Foundation
import BundleCheckFormats
import BundleCheckModel

/// Checks one input end to end: open, locate bundles, read their Info.plists and signing, run the rules.
///
/// One input is one unit of work that owns its container (and so its C handles);
/// inputs may later run in parallel, each with its own inspector call.
public struct PackageInspector: Sendable {
    /// Info.plists are small; anything past this is hostile or broken.
    static let infoPlistLimit = 8 << 20

    /// The rules to run, with the severities the configuration settled on.
    let rules: [RuleDefinition]
    let settings: InspectionSettings

    public init(rules: [RuleDefinition] = RuleCatalogue.shipped.rules, settings: InspectionSettings = InspectionSettings()) {
        self.rules = rules
        self.settings = settings
    }

    public func inspect(path: String) -> InputReport {
        let container: any PackageContainer
        do {
            container = try PackageOpener.open(path: path)
        } catch {
            return InputReport(
                path: path, kind: nil, container: nil, size: PackageOpener.sizeOnDisk(of: path),
                error: Self.wrap(error, path: path), bundles: [], findings: [], distribution: nil
            )
        }
        let packageSize = container.byteCount
        do {
            let located = try BundleLocator.locate(files: container.files, packagePath: path)
            let paths = PathIndex(container: container)
            let evidence = EvidenceWants(rules: rules)
            let bundles = try located.bundles.map { try Self.load($0, from: container, paths: paths, evidence: evidence) }
            let findings = run(rules, on: container, kind: located.kind, bundles: bundles, paths: paths)
            return InputReport(
                path: path, kind: located.kind, container: container.storage, size: packageSize,
                error: nil, bundles: bundles, findings: findings, distribution: settings.distribution(for: located.kind)
            )
        } catch {
            return InputReport(
                path: path, kind: nil, container: container.storage, size: packageSize,
                error: Self.wrap(error, path: path), bundles: [], findings: [], distribution: nil
            )
        }
    }

    func run(
        _ rules: [RuleDefinition], on container: any PackageContainer, kind: InputKind, bundles: [InspectedBundle], paths: PathIndex
    ) -> [Finding] {
        let context = CheckContext(bundles: bundles, inputKind: kind, paths: paths, container: container, settings: settings)
        let engine = RuleEngine(container: container, bundles: bundles, paths: paths)
        var findings: [Finding] = []
        for rule in rules {
            switch rule.implementation {
            case .builtIn(let name):
                // The loader accepts only registered names; a hand-made definition naming none runs nothing.
                guard let check = BuiltInCheck(rawValue: name) else { continue }
                // The rule file's scope is authoritative for built-in checks too.
                findings += check.implementation.run(in: context, as: rule).filter { finding in
                    guard case .bundles = rule.scope, let path = finding.bundle, let bundle = context.bundle(at: path) else { return true }
                    return rule.scope.includes(bundle)
                }
            case .matcher(let matcher):
                // `$(…)` values are reported by unexpanded-variable alone: one mistake, one finding.
                let hits = engine.hits(of: matcher, scope: rule.scope).filter { hit in
                    rule.reportsUnexpandedVariables || !(hit.value.map(UnexpandedVariable.occurs(in:)) ?? false)
                }
                findings += hits.map(rule.finding(for:))
            }
        }
        return findings
    }

    /// Reads a bundle's Info.plist, then its executable, entitlements and profile (keeping the
    /// executable strings `evidence` asks for). Apps and extensions cannot be checked without an
    /// Info.plist; a framework without one is still listed (old static frameworks ship so).
    static func load(
        _ location: BundleLocation,
        from container: any PackageContainer,
        paths: PathIndex,
        evidence: EvidenceWants
    ) throws -> InspectedBundle {
        let plistPath = location.path + "/Info.plist"
        var document: PropertyListDocument?
        if paths.isFile(plistPath) {
            let bytes = try container.read(plistPath, limit: infoPlistLimit)
            document = try PropertyListParser.parse(bytes, file: plistPath)
        } else if location.kind != .framework {
            throw BundleCheckError.missingInfoPlist(bundle: location.path)
        }
        let identity = InspectedBundle(
            path: location.path, kind: location.kind, parent: location.parent,
            infoPlistPath: plistPath, infoPlist: document
        )
        let signing = try SigningLoader.load(
            bundlePath: location.path, kind: location.kind, executableName: identity.executable,
            from: container, paths: paths, evidence: evidence
        )
        // Read once here; the activation-rule checks and the report share it.
        let activationRule = identity.isShareOrActionExtension
            ? ActivationRuleAnalysis(rule: document?.value(at: ActivationRuleCheck.pointer))
            : nil
        return InspectedBundle(
            path: location.path, kind: location.kind, parent: location.parent,
            infoPlistPath: plistPath, infoPlist: document, activationRule: activationRule, signing: signing
        )
    }

    static func wrap(_ error: any Error, path: String) -> BundleCheckError {
        if let known = error as? BundleCheckError { return known }
        return .unreadable(path: path, reason: String(describing: error))
    }
}
