import BundleCheckFormats
import BundleCheckModel

/// The Debug-build facts of `Rules/data/debug-builds.yml`: the dylibs Xcode 16's
/// `ENABLE_DEBUG_DYLIB` leaves beside a bundle's executable.
struct DebugBuilds {
    let executableSuffix: String
    let names: [String]
    let unreadableLines: [Int]

    static let shipped = DebugBuilds(entries: DataTables.named("debug-builds").entries)

    init(entries: YAMLNode) {
        var fields = DataTableFields(entries)
        executableSuffix = fields.string("executable-suffix")
        names = fields.strings("names")
        unreadableLines = fields.unreadableLines
    }

    /// The debug dylibs at the top of `bundle`'s code folder, by path.
    func dylibs(of bundle: InspectedBundle, paths: PathIndex) -> [String] {
        let folder = bundle.signing?.executablePath.map(StrayBinaryCheck.folder(of:)) ?? bundle.path
        var wanted = names
        if let executable = bundle.executable, !executable.isEmpty { wanted.insert(executable + executableSuffix, at: 0) }
        return wanted.map { folder + "/" + $0 }.filter(paths.isFile)
    }
}
