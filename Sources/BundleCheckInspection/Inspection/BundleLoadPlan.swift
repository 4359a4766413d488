import BundleCheckFormats
import BundleCheckModel

/// How many threads load one package's bundles. A zip's bundles are independent, and the
/// costly part of each is inflating (and, for `signature-modified`, hashing) its executable,
/// but a libzip handle may be used by one thread at a time, so each extra worker opens the
/// archive again: that costs the central directory once more in time and memory, and pays
/// only when there is much to inflate in more than one executable.
struct BundleLoadPlan: Sendable {
    /// Below this many bytes of executables (as the central directory declares them), a
    /// second handle's open and memory cost more than the overlap saves: inflating 32 MiB
    /// takes about a tenth of a second.
    static let minimumExecutableBytes: UInt64 = 32 << 20
    /// The entries all extra handles may list together: each handle holds libzip's central
    /// directory again (about 520 bytes an entry: 10.4 MiB at 20,000 entries, 15.4 MiB at 30,000,
    /// measured as peak RSS at `--jobs 2` against `--jobs 1`), so at most about 15 MiB more
    /// whatever the package: 3 extra handles up to 10,000 entries, 2 up to 15,000, 1 up to
    /// 30,000, none past.
    static let extraHandleEntryBudget = 30_000
    /// A bundle whose executable is smaller has little to inflate: it earns no worker of its own.
    static let countedExecutableBytes: UInt64 = 1 << 20

    var minimumExecutableBytes = Self.minimumExecutableBytes
    var extraHandleEntryBudget = Self.extraHandleEntryBudget
    var countedExecutableBytes = Self.countedExecutableBytes

    /// The workers for a package of `entryCount` entries whose bundles' executables are
    /// about `executableSizes` bytes (0 for a bundle without one): one per executable of at
    /// least `countedExecutableBytes`, at most `jobs`, at most one more than the extra handles
    /// `extraHandleEntryBudget` allows, and 1 unless there are two such executables, together of
    /// `minimumExecutableBytes`.
    func workers(jobs: Int, executableSizes: [UInt64], entryCount: Int) -> Int {
        let executables = executableSizes.filter { $0 >= countedExecutableBytes }
        let total = executables.reduce(UInt64(0)) { sum, size in
            let (next, overflow) = sum.addingReportingOverflow(size)
            return overflow ? .max : next
        }
        let extraHandles = extraHandleEntryBudget / max(entryCount, 1)
        guard jobs > 1, executables.count >= 2, total >= minimumExecutableBytes, extraHandles > 0 else { return 1 }
        return min(jobs, executables.count, 1 + extraHandles)
    }

    /// The workers for loading `bundles` from `container`: a zip only, since a directory's
    /// files are read without inflating. A bundle's executable is taken to be its largest
    /// file directly inside its folder (where iOS bundles keep it), known before any
    /// Info.plist is read.
    func workers(jobs: Int, bundles: [BundleLocation], in container: any PackageContainer) -> Int {
        let files = container.files
        guard jobs > 1, bundles.count >= 2, container.storage == .zip, files.count <= extraHandleEntryBudget else { return 1 }
        var largest = Dictionary(bundles.map { ($0.path, UInt64(0)) }, uniquingKeysWith: { first, _ in first })
        for file in files {
            guard let slash = file.path.lastSlash else { continue }
            let folder = String(file.path[..<slash])
            if let size = largest[folder], file.size > size { largest[folder] = file.size }
        }
        return workers(jobs: jobs, executableSizes: bundles.map { largest[$0.path] ?? 0 }, entryCount: files.count)
    }
}
