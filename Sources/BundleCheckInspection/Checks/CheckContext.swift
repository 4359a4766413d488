import BundleCheckFormats
import BundleCheckModel
import Foundation

/// What a check may look at: the bundles of one package, with their relations, and the
/// package's files for the few checks that need more than property lists.
struct CheckContext {
    /// Their platforms settled once for the package (`InspectedBundle.resolvingPlatforms`).
    let bundles: [InspectedBundle]
    /// Every file and folder path of the package.
    let paths: PathIndex
    /// Distribution and date the run assumes.
    let settings: InspectionSettings
    /// What the package is: an IPA, an archive or a bare app.
    let inputKind: InputKind
    /// The ids of the rules this run runs; nil when not known (every rule counts as running).
    let ruleIDs: Set<String>?
    private let container: (any PackageContainer)?
    /// What the check running with this context declared it reads (`CheckContext.declaring`);
    /// nil outside a check (the inspector's own use, tests). Debug builds refuse a file read it
    /// did not declare, so a rule's examples fail when its check forgets a declaration.
    private(set) var declared: CheckReads?
    private let bundlesByPath: [String: InspectedBundle]
    private let memo = CheckRunMemo()

    init(
        bundles: [InspectedBundle],
        inputKind: InputKind = .ipa,
        paths: PathIndex = PathIndex(files: [], folders: []),
        container: (any PackageContainer)? = nil,
        settings: InspectionSettings = InspectionSettings(),
        ruleIDs: Set<String>? = nil,
        distribution: DistributionAssumption? = nil
    ) {
        self.bundles = bundles
        self.distribution = distribution ?? settings.distribution(for: inputKind, platform: InspectedBundle.packagePlatform(of: bundles))
        self.inputKind = inputKind
        self.ruleIDs = ruleIDs
        self.paths = paths
        self.settings = settings
        self.container = container
        self.bundlesByPath = Dictionary(bundles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The distribution the signing rules judge this package by, decided once for the package
    /// (`PackageInspector` gives the one its report states).
    let distribution: DistributionAssumption

    /// Whether the rule `id` runs in this run, for a rule that leaves a problem to another.
    func runs(_ id: String) -> Bool {
        ruleIDs?.contains(id) ?? true
    }

    /// How the input is stored: a zip, a directory or an installer package.
    var storage: ContainerStorage? { container?.storage }

    /// What an installer package says about itself; nil for other inputs.
    var installerPackage: InstallerPackageContents? {
        container?.installerContents
    }

    /// Every entry name the container lists (files, then folders), as written: also the names
    /// the bundle locator and path index pass over (`..`, absolute, with backslashes).
    /// Made one at a time: a listing of 60,000 names is not copied for one check.
    var entryNames: some Sequence<String> {
        let files = container?.files ?? []
        let folders = container?.folders ?? []
        return [AnySequence(files.lazy.map(\.path)), AnySequence(folders)].joined()
    }

    /// Names the zip holds more than once.
    var duplicateNames: [String] { container?.duplicateNames ?? [] }

    /// Symbolic-link entries of the zip, with their targets.
    var symbolicLinks: [ContainerLink] { container?.symbolicLinks ?? [] }

    /// The innermost bundle that holds `path`, if any.
    func owner(of path: String) -> InspectedBundle? {
        bundles.filter { path.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }
    }

    func bundle(at path: String) -> InspectedBundle? {
        bundlesByPath[path]
    }

    /// The bundle that directly contains `bundle`, if any.
    func parent(of bundle: InspectedBundle) -> InspectedBundle? {
        bundle.parent.flatMap { bundlesByPath[$0] }
    }

    /// The bundles directly inside `bundle`.
    func children(of bundle: InspectedBundle) -> [InspectedBundle] {
        bundles.filter { $0.parent == bundle.path }
    }

    /// The bundles `bundle` sits in, innermost first, up to its top-level app.
    func containers(of bundle: InspectedBundle) -> [InspectedBundle] {
        var found: [InspectedBundle] = []
        var current = bundle
        while let parent = parent(of: current) {
            found.append(parent)
            current = parent
        }
        return found
    }

    /// The top-level app that `bundle` belongs to (itself for an app).
    func app(of bundle: InspectedBundle) -> InspectedBundle {
        containers(of: bundle).last ?? bundle
    }

    /// The resource bundles (`X.bundle`) inside the package's bundles, read once per run.
    var resourceBundles: [ResourceBundle] {
        memo.resourceBundles(in: self)
    }

    /// The secrets of the package, searched once a run.
    var secretSearch: SecretSearch.Result { memo.secretSearch(in: self) }

    /// What the report must not print: the secrets the run's search found (none when no rule ran it).
    var secretRedaction: SecretRedaction { memo.secretRedaction }

    /// A file's size as the container states it, or nil when it is no file or unreadable.
    func size(of path: String) -> UInt64? {
        guard let container, paths.isFile(path) else { return nil }
        return try? container.size(of: path)
    }

    /// The first `count` bytes of a file the listing gave (`PathIndex`), without looking it up
    /// again, or nil when unreadable.
    func prefix(ofListed path: String, count: Int) -> [UInt8]? {
        guard let container else { return nil }
        return try? container.openEntry(path).read(upTo: count)
    }

    /// The first `count` bytes of a file (fewer when it is shorter), or nil when unreadable.
    func prefix(of path: String, count: Int) -> [UInt8]? {
        guard let container, paths.isFile(path) else { return nil }
        return try? container.openEntry(path).read(upTo: count)
    }

    /// A file's Mach-O headers and load commands (nothing the load commands point at), or nil
    /// when it is absent, no Mach-O file, broken or unreadable.
    func machOLoadCommands(of path: String) -> MachOFile? {
        guard let container, permitsLoadCommands, paths.isFile(path), let size = try? container.size(of: path) else { return nil }
        return (try? MachOReader.read(container.openEntry(path), size: size)) ?? nil
    }

    /// Reads a small file of the package, or nil when it is absent, too large or unreadable (or,
    /// in a debug build, not declared by the running check).
    func read(_ path: String, limit: Int) -> [UInt8]? {
        guard let container, paths.isFile(path), permits(path) else { return nil }
        return try? container.read(path, limit: limit)
    }

    /// The same context for a check that declared `reads`.
    func declaring(_ reads: CheckReads) -> CheckContext {
        var copy = self
        copy.declared = reads
        return copy
    }

    /// Whether the running check may read the file at `path`: always in a release build, which
    /// only reads less when a declaration is missing from the plan; in a debug build only what
    /// it declared or every run reads.
    func permits(_ path: String) -> Bool {
        #if DEBUG
            guard let declared else { return true }
            return declared.allows(path)
        #else
            return true
        #endif
    }

    /// Whether the running check may read load commands of other Mach-O files (as `permits`).
    var permitsLoadCommands: Bool {
        #if DEBUG
            return declared?.readsLoadCommands ?? true
        #else
            return true
        #endif
    }
}

/// What the checks of one run assume about the world: how the package will be
/// distributed, what day it is (for expiry and the SDK minimums in force), fixed by `--now` for
/// reproducible runs, how far ahead a profile's expiry is worth a warning, and how far they read
/// (`--verify-resources`).
public struct InspectionSettings: Sendable {
    /// The distribution stated by `--distribution` or the configuration; nil when neither says.
    public var distribution: Distribution?
    public var now: Date
    /// `profile-expiring` warns when a profile expires within this many days of `now`.
    public var profileExpiryWarningDays: Int
    /// Whether the App Clip is invoked only digitally (`app-clip-digital-only`), which
    /// `app-clip-too-large` judges by Apple's larger limit.
    public var appClipDigitalOnly: Bool
    /// The bytes of icon renditions in one catalog past which `icon-catalog-bloat` notes them
    /// (`icon-catalog-threshold`).
    public var iconCatalogThreshold: UInt64
    /// Whether the HTML report is asked for, which draws the named icon set's dark and tinted
    /// images beside the App Store icon: only then are they decoded (two 1024-pixel images an
    /// iOS app, a quarter of a small package's run).
    public var picturesIconVariants: Bool
    /// Whether `signature-modified` also hashes every file `_CodeSignature/CodeResources`
    /// lists (`--verify-resources`): it reads the whole package.
    public var verifiesResources: Bool
    /// Whether an SBOM is asked for, which names every executable and loose library by the
    /// SHA-256 of the whole file: only then are their bytes read to the end and hashed.
    public var digestsBinaries: Bool

    public init(
        distribution: Distribution? = nil,
        now: Date = Date(),
        profileExpiryWarningDays: Int = Configuration.defaultProfileExpiryWarningDays,
        verifiesResources: Bool = false,
        appClipDigitalOnly: Bool = false,
        iconCatalogThreshold: UInt64 = Configuration.defaultIconCatalogThreshold,
        picturesIconVariants: Bool = false,
        digestsBinaries: Bool = false
    ) {
        self.picturesIconVariants = picturesIconVariants
        self.digestsBinaries = digestsBinaries
        self.distribution = distribution
        self.now = now
        self.profileExpiryWarningDays = profileExpiryWarningDays
        self.verifiesResources = verifiesResources
        self.appClipDigitalOnly = appClipDigitalOnly
        self.iconCatalogThreshold = iconCatalogThreshold
    }

    /// Which distribution the distribution-dependent signing rules judge an input of `kind` by:
    /// the stated one; else, for an IPA, app or installer package, the one its signature names
    /// where its platform lets the signature decide (`SignedDistribution`: a Mac app signed
    /// with a Developer ID certificate), else its platform's App Store; and none for an archive,
    /// which every export re-signs (Xcode archives with automatic signing are development-signed).
    /// The one place this is decided: the checks and the report both ask here.
    ///
    /// `platform` is the package's app's: its App Store is the default (the Mac App Store for a
    /// Mac app), and a stated App Store is read as its (`ApplePlatform.distribution(matching:)`).
    public func distribution(for kind: InputKind, platform: ApplePlatform? = nil, signed: SignedDistribution? = nil) -> DistributionAssumption {
        if let distribution {
            return DistributionAssumption(checked: platform?.distribution(matching: distribution) ?? distribution, basis: .stated)
        }
        switch kind {
        case .ipa, .app, .installerPackage:
            if let signed { return DistributionAssumption(checked: signed.distribution, basis: .signature(signed.evidence)) }
            return DistributionAssumption(checked: platform?.distributions.first ?? .appStore, basis: .inputKind)
        case .xcarchive: return DistributionAssumption(checked: nil, basis: .inputKind)
        }
    }
}
