import BundleCheckFormats
import BundleCheckModel

/// How many threads load one package's bundles. A zip's bundles are independent, and the
/// costly part of each is inflating (and, for `signature-modified`, hashing) its executable.
/// The workers share the archive's one libzip handle (`SharedZipArchive`): each reads its
/// executable's deflated bytes under a lock and inflates them itself, so a worker costs no
/// second copy of the central directory, only its thread and buffers. It pays when there is
/// much to inflate in more than one executable.
struct BundleLoadPlan: Sendable {
    /// Below this many bytes of executables (as the central directory declares them), starting
    /// workers and taking turns at the lock cost more than the overlap saves: inflating 32 MiB
    /// takes about a tenth of a second.
    static let minimumExecutableBytes: UInt64 = 32 << 20
    /// A bundle whose executable is smaller has little to inflate: it earns no worker of its own.
    static let countedExecutableBytes: UInt64 = 1 << 20

    var minimumExecutableBytes = Self.minimumExecutableBytes
    var countedExecutableBytes = Self.countedExecutableBytes

    /// The workers for a package whose bundles' executables are about `executableSizes` bytes
    /// (0 for a bundle without one): one per executable of at least `countedExecutableBytes`,
    /// at most `jobs`, and 1 unless there are two such executables, together of
    /// `minimumExecutableBytes`.
    func workers(jobs: Int, executableSizes: [UInt64]) -> Int {
        let executables = executableSizes.filter { $0 >= countedExecutableBytes }
        let total = executables.reduce(UInt64(0)) { sum, size in
            let (next, overflow) = sum.addingReportingOverflow(size)
            return overflow ? .max : next
        }
        guard jobs > 1, executables.count >= 2, total >= minimumExecutableBytes else { return 1 }
        return min(jobs, executables.count)
    }

    /// The workers for loading `bundles` from `container`: a zip only, since a directory's
    /// files are read without inflating. A bundle's executable is taken to be its largest
    /// file directly inside its folder (where iOS bundles keep it), known before any
    /// Info.plist is read.
    func workers(jobs: Int, bundles: [BundleLocation], in container: any PackageContainer) -> Int {
        schedule(jobs: jobs, bundles: bundles, in: container).workers
    }

    /// The workers, and the order to load `bundles` in: largest executable first, so the last
    /// to finish is a small one; bundles of equal size keep their order. The sizes take a pass
    /// over every entry, made only when more than one worker is possible.
    func schedule(jobs: Int, bundles: [BundleLocation], in container: any PackageContainer) -> (workers: Int, order: [Int]) {
        guard jobs > 1, bundles.count >= 2, container.storage == .zip else { return (1, Array(bundles.indices)) }
        let sizes = Self.executableSizes(of: bundles, in: container)
        return (workers(jobs: jobs, executableSizes: sizes), bundles.indices.sorted { (sizes[$1], $0) < (sizes[$0], $1) })
    }

    /// Each bundle's largest file directly inside its folder, taken for its executable.
    static func executableSizes(of bundles: [BundleLocation], in container: any PackageContainer) -> [UInt64] {
        var largest = Dictionary(bundles.map { ($0.path, UInt64(0)) }, uniquingKeysWith: { first, _ in first })
        for file in container.files {
            guard let slash = file.path.lastSlash else { continue }
            let folder = String(file.path[..<slash])
            if let size = largest[folder], file.size > size { largest[folder] = file.size }
        }
        return bundles.map { largest[$0.path] ?? 0 }
    }
}
