import BundleCheckFormats
import BundleCheckModel

/// The Debug-build facts of `Rules/data/debug-builds.yml`: the dylibs Xcode 16's
/// `ENABLE_DEBUG_DYLIB` leaves beside a bundle's executable.
struct DebugBuilds {
    let executableSuffix: String
    let names: [String]

    static let table = "debug-builds"
    static let shipped = DataTables.read(table, DebugBuilds.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        executableSuffix = try entries("executable-suffix").string()
        names = try entries("names").strings()
    }

    /// The debug dylibs at the top of `bundle`'s code folder, by path.
    func dylibs(of bundle: InspectedBundle, paths: PathIndex) -> [String] {
        let folder = bundle.signing?.executablePath.map(StrayBinaryCheck.folder(of:)) ?? bundle.path
        var wanted = names
        if let executable = bundle.executable, !executable.isEmpty { wanted.insert(executable + executableSuffix, at: 0) }
        return wanted.map { folder + "/" + $0 }.filter(paths.isFile)
    }
}
