import BundleCheckFormats
import BundleCheckModel

/// What a built-in check reads beyond what every run reads (the Info.plists, signatures,
/// entitlements, profiles and privacy manifests, `PackageInspector.wholeFiles`), declared on
/// the check itself (`Check.reads`), once: the run's read plan is built from the declarations
/// (`EvidenceWants`, `AssetCatalogWants`, `SealWants`, `PayloadReadPlanner`), so no list of rule
/// ids or file names elsewhere has to be kept in step with the checks.
struct CheckReads: Sendable {
    /// The executable strings it reads (`EvidenceWants` keeps only those some rule asks for).
    var evidence: [BinaryMatcher] = []
    /// What it reads of loose libraries (`Frameworks/*.dylib`): none by default, since their
    /// strings are not the developer's code, but some rules judge every binary.
    var libraryEvidence: [BinaryMatcher] = []
    /// The apps' asset catalogs, listed (their renditions' headers).
    var listsAssetCatalogs = false
    /// The App Store icon's pixels (implies the listing).
    var decodesAppStoreIcon = false
    /// The tvOS top-shelf images' pixels (implies the listing).
    var decodesTopShelfImages = false
    /// Each bundle compared with what its code signature sealed (the code pages hashed).
    var comparesSeals = false
    /// Files an installer package's pass keeps whole for the check (`WholeFileRead`), and the
    /// only files it may read through `CheckContext.read` beside what every run reads.
    var wholeFiles: [WholeFileRead] = []
    /// The load commands of Mach-O files other than the bundles' executables (a dSYM's DWARF
    /// file), read through `CheckContext.machOLoadCommands(of:)`.
    var readsLoadCommands = false

    static let nothingMore = CheckReads()

    /// Whether it reads the catalogs at all: decoding pixels lists them first.
    var readsAssetCatalogs: Bool { listsAssetCatalogs || decodesAppStoreIcon || decodesTopShelfImages }

    /// What the checks of `rules` read, put together; matcher rules read through the engine.
    static func declared(by rules: [RuleDefinition]) -> CheckReads {
        var union = CheckReads()
        for rule in rules {
            guard case .builtIn(let name) = rule.implementation, let check = BuiltInCheck(rawValue: name)?.implementation else { continue }
            union.add(check.reads)
        }
        return union
    }

    /// Every registered check's, running or not.
    static var everyCheck: CheckReads {
        var union = CheckReads()
        for check in BuiltInCheck.registry { union.add(check.reads) }
        return union
    }

    /// Whether the file at `path` is one of these files or one every run reads
    /// (`PackageInspector.wholeFiles`).
    func allows(_ path: String) -> Bool {
        let name = PackagePath.name(path)
        return (PackageInspector.wholeFiles + wholeFiles).contains { $0.matches(path: path, name: name) }
    }

    private mutating func add(_ other: CheckReads) {
        evidence += other.evidence
        libraryEvidence += other.libraryEvidence
        listsAssetCatalogs = listsAssetCatalogs || other.readsAssetCatalogs
        decodesAppStoreIcon = decodesAppStoreIcon || other.decodesAppStoreIcon
        decodesTopShelfImages = decodesTopShelfImages || other.decodesTopShelfImages
        comparesSeals = comparesSeals || other.comparesSeals
        readsLoadCommands = readsLoadCommands || other.readsLoadCommands
        wholeFiles += other.wholeFiles.filter { !wholeFiles.contains($0) }
    }
}

/// A file some reader takes whole, up to `limit` bytes, when an installer package's one pass
/// goes by it: by its name, by how its name ends, or by its ending inside a folder of a kind
/// (a share extension's preprocessing script, `.js` inside `.appex/`).
struct WholeFileRead: Sendable, Hashable {
    enum Pattern: Sendable, Hashable {
        case name(String)
        case suffix(String)
        case suffixInside(String, folder: String)
    }

    let pattern: Pattern
    let limit: UInt64

    static func name(_ name: String, limit: Int) -> WholeFileRead { WholeFileRead(pattern: .name(name), limit: UInt64(limit)) }
    static func suffix(_ suffix: String, limit: Int) -> WholeFileRead { WholeFileRead(pattern: .suffix(suffix), limit: UInt64(limit)) }
    static func suffix(_ suffix: String, inside folder: String, limit: Int) -> WholeFileRead {
        WholeFileRead(pattern: .suffixInside(suffix, folder: folder), limit: UInt64(limit))
    }

    /// Whether the file at `path` (named `name`) is this one.
    func matches(path: String, name: String) -> Bool {
        switch pattern {
        case .name(let wanted): name == wanted
        case .suffix(let suffix): name.hasSuffix(suffix)
        case .suffixInside(let suffix, let folder): name.hasSuffix(suffix) && path.contains(folder)
        }
    }
}
