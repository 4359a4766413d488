import BundleCheckFormats
import BundleCheckModel
import Foundation

/// Checks one input end to end: open, locate bundles, read their Info.plists and signing, run the rules.
///
/// One input is one unit of work that owns its container (and so its C handles); inputs may
/// run in parallel, each with its own inspector call, and one input's bundles may be loaded on
/// up to `jobs` threads (see `BundleLoadPlan`), each with its own handle.
public struct PackageInspector: Sendable {
    /// Info.plists are small; anything past this is hostile or broken.
    static let infoPlistLimit = 8 << 20
    /// What every run reads whole, whatever its rules: each bundle's Info.plist, its signing's
    /// entitlements and profile (`SigningLoader`), its privacy manifest (`PrivacyManifestLoader`).
    /// What a check reads beyond these it declares itself (`CheckReads`).
    static let wholeFiles: [WholeFileRead] = [
        .name("Info.plist", limit: infoPlistLimit),
        .name(SigningLoader.xcentName, limit: SigningLoader.smallFileLimit),
        .name("embedded.provisionprofile", limit: SigningLoader.smallFileLimit),
        .name("embedded.mobileprovision", limit: SigningLoader.smallFileLimit),
        .name("PrivacyInfo.xcprivacy", limit: PrivacyManifestLoader.sizeLimit),
    ]

    /// The rules to run, with the severities the configuration settled on.
    let rules: [RuleDefinition]
    let settings: InspectionSettings
    /// Threads that may load one package's bundles; 1 loads them one after another.
    let jobs: Int
    let loadPlan: BundleLoadPlan

    public init(rules: [RuleDefinition] = RuleCatalogue.shipped.rules, settings: InspectionSettings = InspectionSettings(), jobs: Int = 1) {
        self.init(rules: rules, settings: settings, jobs: jobs, loadPlan: BundleLoadPlan())
    }

    /// With other thresholds for loading bundles side by side (tests).
    init(rules: [RuleDefinition], settings: InspectionSettings, jobs: Int, loadPlan: BundleLoadPlan) {
        self.rules = rules
        self.settings = settings
        self.jobs = jobs
        self.loadPlan = loadPlan
    }

    /// `prefetched`, when it is this path's, has the input opened already (or why it could not be).
    public func inspect(path: String, prefetched: PackagePrefetch? = nil) -> InputReport {
        let evidence = EvidenceWants(rules: rules).digestingBinaries(settings.digestsBinaries)
        let seals = SealWants(rules: rules, settings: settings)
        let container: any PackageContainer
        do {
            if prefetched?.path == path, let opened = prefetched?.take() {
                container = try opened.get()
            } else {
                // An installer package is read in one pass when it is opened: what to keep is decided now.
                container = try PackageOpener.open(
                    path: path, plan: PayloadReadPlanner.plan(rules: rules, evidence: evidence, seals: seals)
                )
            }
        } catch {
            return InputReport(
                path: path, kind: nil, container: nil, size: PackageOpener.sizeOnDisk(of: path),
                error: Self.wrap(error, path: path), bundles: [], findings: [], distribution: nil
            )
        }
        return inspect(container, path: path, evidence: evidence, seals: seals)
    }

    /// Checks a container already opened (with the plan `inspect(path:)` makes, for an
    /// installer package): what `inspect(path:)` does after opening, for tests that look at
    /// the container afterwards (how many passes an installer package took).
    func inspect(_ container: any PackageContainer, path: String, evidence: EvidenceWants, seals: SealWants) -> InputReport {
        let packageSize = container.byteCount
        do {
            let located = try BundleLocator.locate(
                files: container.files, links: container.symbolicLinks, packagePath: path,
                isInstallerPackage: container.storage == .installerPackage
            )
            let paths = PathIndex(container: container)
            let loaded = InspectedBundle.resolvingPlatforms(loadBundles(located.bundles, from: container, paths: paths, evidence: evidence, seals: seals))
            // After the platforms are settled: the platform says which App Store icon to look for.
            let catalogued = AssetCatalogLoader.attach(
                to: loaded, from: container, paths: paths, wants: AssetCatalogWants(rules: rules, picturesIconVariants: settings.picturesIconVariants))
            let bundles = BundleSizer.attach(to: catalogued, from: container, paths: paths)
            // The package's platform and distribution, decided once: the checks and the report share them.
            let platform = InspectedBundle.packagePlatform(of: bundles)
            let signed = SignedDistribution.named(by: bundles, installer: container.installerContents, platform: platform)
            let distribution = settings.distribution(for: located.kind, platform: platform, signed: signed)
            let (findings, redaction) = run(rules, on: container, kind: located.kind, bundles: bundles, paths: paths, distribution: distribution)
            // No report prints a secret the run found, whichever rule quotes the value it sits in.
            return InputReport(
                path: path, kind: located.kind, container: container.storage, size: packageSize,
                error: nil, bundles: redaction.isEmpty ? bundles : bundles.map(redaction.redact),
                findings: redaction.isEmpty ? findings : findings.map(redaction.redact), distribution: distribution
            )
        } catch {
            return InputReport(
                path: path, kind: nil, container: container.storage, size: packageSize,
                error: Self.wrap(error, path: path), bundles: [], findings: [], distribution: nil
            )
        }
    }

    /// Loads every bundle, in `bundles`' order whatever the scheduling. With more than one
    /// worker they share the zip's one libzip handle (`SharedZipArchive`), each inflating the
    /// executables it reads on its own thread; the largest executables start first, and a
    /// worker left without bundles hashes the code pages of those still being read.
    func loadBundles(
        _ bundles: [BundleLocation], from container: any PackageContainer,
        paths: PathIndex, evidence: EvidenceWants, seals: SealWants
    ) -> [InspectedBundle] {
        @Sendable func nested(in location: BundleLocation) -> [String] {
            bundles.filter { $0.parent == location.path }.map(\.path)
        }
        let (workers, order) = loadPlan.schedule(jobs: jobs, bundles: bundles, in: container)
        guard workers > 1, let shared = SharedZipArchive(sharing: container) else {
            return bundles.map { location in
                Self.load(location, from: container, paths: paths, evidence: evidence, seals: seals, nestedBundles: nested(in: location))
            }
        }
        let sharing = SharedWork()
        let sharedSeals = seals.sharingPages(through: sharing)
        return ParallelMap.map(bundles, jobs: workers, order: order, sharing: sharing) { location in
            Self.load(location, from: shared, paths: paths, evidence: evidence, seals: sharedSeals, nestedBundles: nested(in: location))
        }
    }

    /// Below this many entries, the rules take too little time to be worth a second thread.
    static let minimumEntriesForParallelRules = 2_000

    /// Runs every rule; the findings in the rules' order, and the secrets the report must not print. With more than one job on a large zip,
    /// two threads share the rules: the built-in checks share a memo, so they are one item that
    /// one thread runs whole, and each matcher rule (path and text searches over every entry,
    /// most of this step's time) is an item of its own, which either thread may take, since
    /// `RuleEngine` holds nothing that changes. Both read the package through one `SharedZipArchive`.
    func run(
        _ rules: [RuleDefinition], on container: any PackageContainer, kind: InputKind, bundles: [InspectedBundle], paths: PathIndex,
        distribution: DistributionAssumption
    ) -> (findings: [Finding], redaction: SecretRedaction) {
        let shared = jobs > 1 && container.files.count >= Self.minimumEntriesForParallelRules ? SharedZipArchive(sharing: container) : nil
        let reading: any PackageContainer = shared ?? container
        let context = CheckContext(
            bundles: bundles, inputKind: kind, paths: paths, container: reading, settings: settings, ruleIDs: Set(rules.map(\.id)),
            distribution: distribution
        )
        let engine = RuleEngine(container: reading, bundles: bundles, paths: paths)
        let isBuiltIn = rules.map { rule in
            if case .builtIn = rule.implementation { return true }
            return false
        }
        let batches: [[Int]] = [rules.indices.filter { isBuiltIn[$0] }] + rules.indices.filter { !isBuiltIn[$0] }.map { [$0] }
        let runner = RuleRunner(context: context, engine: engine)
        let results = ParallelMap.map(batches, jobs: shared == nil ? 1 : 2) { (batch: [Int]) -> [(Int, [Finding])] in
            batch.map { index in (index, runner.findings(of: rules[index])) }
        }
        var byRule = [[Finding]](repeating: [], count: rules.count)
        for (index, findings) in results.joined() { byRule[index] = findings }
        return (byRule.flatMap { $0 }, context.secretRedaction)
    }

    /// What one rule finds. Used from two threads only as `run` splits the rules: the
    /// built-in checks' memo is only ever touched by the thread that runs them all.
    private struct RuleRunner: @unchecked Sendable {
        let context: CheckContext
        let engine: RuleEngine

        func findings(of rule: RuleDefinition) -> [Finding] {
            switch rule.implementation {
            case .builtIn(let name):
                // The loader accepts only registered names; a hand-made definition naming none runs nothing.
                guard let check = BuiltInCheck(rawValue: name) else { return [] }
                // The rule file's scope is authoritative for built-in checks too.
                let produced = check.implementation.run(in: context.declaring(check.implementation.reads), as: rule).filter { finding in
                    guard let path = finding.bundle, let bundle = context.bundle(at: path) else { return rule.scope.includes(packageOf: context.bundles) }
                    return rule.scope.includesFinding(in: bundle)
                }
                return FindingCap.limit(produced, of: rule)
            case .matcher(let matcher):
                // `$(…)` values are reported by unexpanded-variable alone: one mistake, one finding.
                // Hits come cut as findings are, so only the kept ones have their pointers and messages built.
                let (kept, omitted, unfinished) = engine.cappedHits(of: matcher, scope: rule.scope) { hit in
                    rule.reportsUnexpandedVariables || !(hit.value.map(UnexpandedVariable.occurs(in:)) ?? false)
                }
                let unfinishedPlaces = Set(unfinished.map(\.place))
                return kept.map(rule.finding(for:))
                    + omitted.map { FindingCap.summary(of: rule, at: $0.place, omitted: $0.count, isLowerBound: unfinishedPlaces.contains($0.place)) }
                    + unfinished.map { FindingCap.unfinished($0.reason, of: rule, at: $0.place) }
            }
        }
    }

    /// Reads a bundle's Info.plist, then its executable, entitlements and profile (keeping the
    /// executable strings `evidence` asks for, and comparing what `seals` asks for with the
    /// signature's seal), then its privacy manifests (those under `nestedBundles`, the bundles
    /// directly inside it, are theirs). Nothing here stops the package: a file that cannot be
    /// read as what it must be becomes one of the bundle's `problems`, and the bundle is listed
    /// with what could be read.
    static func load(
        _ location: BundleLocation,
        from container: any PackageContainer,
        paths: PathIndex,
        evidence: EvidenceWants,
        seals: SealWants,
        nestedBundles: [String] = []
    ) -> InspectedBundle {
        let layout = location.layout
        let plistPath = layout.infoPlistPath
        var problems: [BundleReadProblem] = []
        var document: PropertyListDocument?
        // The hashes of the file as stored, for the signature's seal of the Info.plist: taken
        // as it streams into the parser, which never holds a large XML plist whole.
        var plistDigests: SealedFileDigests?
        if paths.isFile(plistPath) {
            // Hashed only for the seal's rule, which is the one that compares them.
            let hasher = seals.isEmpty ? nil : SealedFileDigests.Hasher()
            do {
                let declared = try container.size(of: plistPath)
                guard declared <= UInt64(infoPlistLimit) else {
                    throw BundleCheckError.entryTooLarge(file: plistPath, size: declared, limit: infoPlistLimit)
                }
                let parsed: PropertyListDocument
                do {
                    parsed = try PropertyListParser.parse(
                        reading: try container.openEntry(plistPath), file: plistPath, byteLimit: infoPlistLimit,
                        expectedSize: Int(declared)
                    ) { hasher?.update($0) }
                } catch let error as BundleCheckError {
                    // Malformed but read to the end: the seal is still compared, as for any file.
                    if case .malformedPropertyList = error { plistDigests = hasher?.finish() }
                    throw error
                }
                plistDigests = hasher?.finish()
                if case .dictionary = parsed.root {
                    document = parsed
                } else {
                    problems.append(
                        BundleReadProblem(
                            kind: .infoPlistMalformed, file: plistPath,
                            reason: "the root is of type \(parsed.root.typeName); an Info.plist is a dictionary"
                        ))
                }
            } catch {
                problems.append(ReadProblems.problem(error, reading: plistPath, as: .infoPlistMalformed))
            }
        } else if location.kind != .framework || holdsMachO(framework: layout, container: container, paths: paths) {
            // Old static frameworks ship without an Info.plist and without a binary: only resources.
            problems.append(BundleReadProblem(kind: .infoPlistMissing, file: plistPath, reason: "there is no Info.plist"))
        }
        let identity = InspectedBundle(
            path: location.path, kind: location.kind, parent: location.parent,
            infoPlistPath: plistPath, infoPlist: document, layout: layout
        )
        let (signing, signingProblems) = SigningLoader.load(
            layout: layout, kind: location.kind, executableName: identity.executable, infoPlist: plistDigests,
            from: container, paths: paths, evidence: evidence, seals: seals
        )
        // Read once here; the activation-rule checks and the report share it.
        let activationRule =
            identity.isShareOrActionExtension
            ? ActivationRuleAnalysis(rule: identity.activationRuleValue, types: .shipped)
            : nil
        let (manifests, manifestProblems) = PrivacyManifestLoader.load(
            layout: layout, kind: location.kind, nestedBundles: nestedBundles, from: container, paths: paths
        )
        var bundle = InspectedBundle(
            path: location.path, kind: location.kind, parent: location.parent,
            infoPlistPath: plistPath, infoPlist: document, activationRule: activationRule, signing: signing,
            problems: problems + signingProblems + manifestProblems, privacyManifests: manifests,
            layout: layout
        )
        // Without the strings that show them, an empty list would claim the binaries use none.
        if evidence.keeps(PrivacyAPICategory.evidenceNeeds) {
            bundle.requiredReasonAPIs = PrivacyAPICategory.uses(of: signing)
        }
        return bundle
    }

    /// Whether `Kit.framework` holds `Kit` as Mach-O, i.e. is code and not only resources.
    static func holdsMachO(framework layout: BundleLayout, container: any PackageContainer, paths: PathIndex) -> Bool {
        guard let name = SigningLoader.bundleBaseName(layout.bundlePath) else { return false }
        let executable = layout.executablePath(named: name)
        guard paths.isFile(executable), let prefix = try? container.openEntry(executable).read(upTo: 4) else { return false }
        return MachOReader.startsLikeMachO(prefix)
    }

    static func wrap(_ error: any Error, path: String) -> BundleCheckError {
        if let known = error as? BundleCheckError { return known }
        return .unreadable(path: path, reason: String(describing: error))
    }
}
