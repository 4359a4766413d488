import BundleCheckFormats
import BundleCheckModel

/// Adds up what each bundle's files take, from the listing alone: each bundle's files once
/// (a pass over the positions beneath it, no path made), its own as its total less its nested
/// bundles', and for each top-level app its largest folders and files.
package enum BundleSizer {
    /// Folders and files a top-level app's breakdown lists.
    package static let listedCount = 12

    /// The listing's sizes by position, fetched once: a pass asks for every file's.
    struct Sizes {
        let files: ContainerFiles
        let uncompressed: [UInt64]
        let stored: [UInt64]?

        init(_ container: any PackageContainer) {
            files = container.files
            uncompressed = files.indices.map(files.size(at:))
            let stored = container.storedSizes
            self.stored = stored?.count == uncompressed.count ? stored : nil
        }
    }

    static func attach(to bundles: [InspectedBundle], from container: any PackageContainer, paths: PathIndex) -> [InspectedBundle] {
        let sizes = Sizes(container)
        let totals = bundles.map { total(under: $0.path, sizes: sizes, paths: paths) }
        let totalByPath = Dictionary(zip(bundles.map(\.path), totals), uniquingKeysWith: { first, _ in first })
        return zip(bundles, totals).map { bundle, total in
            var copy = bundle
            let nested = bundles.filter { $0.parent == bundle.path }.compactMap { totalByPath[$0.path] }.reduce(.zero, +)
            let isApp = bundle.parent == nil
            copy.sizes = BundleSizes(
                total: total, own: total - nested,
                largestFolders: isApp ? largestFolders(in: bundle, sizes: sizes, paths: paths) : [],
                largestFiles: isApp ? largestFiles(under: bundle.path, sizes: sizes, paths: paths) : []
            )
            return copy
        }
    }

    static func total(under folder: String, sizes: Sizes, paths: PathIndex) -> BundleSizes.ByteCount {
        var files = 0
        var uncompressed: UInt64 = 0
        var stored: UInt64 = 0
        paths.forEachFile(under: folder) { position in
            files += 1
            uncompressed = uncompressed.saturatingAdd(sizes.uncompressed[position])
            if let all = sizes.stored { stored = stored.saturatingAdd(all[position]) }
        }
        return BundleSizes.ByteCount(files: files, uncompressed: uncompressed, stored: sizes.stored == nil ? nil : stored)
    }

    /// The folders directly inside the app's root (its `Contents/` on the Mac), by their totals.
    private static func largestFolders(in app: InspectedBundle, sizes: Sizes, paths: PathIndex) -> [BundleSizes.SizedPath] {
        let folders = paths.children(of: app.layout.root).filter(\.isFolder).map { folder in
            BundleSizes.SizedPath(path: folder.path, isFolder: true, size: total(under: folder.path, sizes: sizes, paths: paths))
        }
        return Array(folders.sorted(by: largerFirst).prefix(listedCount))
    }

    /// The largest files anywhere beneath `folder`: kept as positions while the pass runs, so
    /// only the few listed get a path.
    private static func largestFiles(under folder: String, sizes: Sizes, paths: PathIndex) -> [BundleSizes.SizedPath] {
        var kept: [(size: UInt64, position: Int)] = []
        paths.forEachFile(under: folder) { position in
            let size = sizes.uncompressed[position]
            guard kept.count < listedCount || size > kept[kept.count - 1].size else { return }
            let at = kept.firstIndex { $0.size < size } ?? kept.count
            kept.insert((size, position), at: at)
            if kept.count > listedCount { kept.removeLast() }
        }
        return kept.map { size, position in
            BundleSizes.SizedPath(
                path: sizes.files.path(at: position), isFolder: false,
                size: BundleSizes.ByteCount(files: 1, uncompressed: size, stored: sizes.stored?[position])
            )
        }
    }

    private static func largerFirst(_ lhs: BundleSizes.SizedPath, _ rhs: BundleSizes.SizedPath) -> Bool {
        (lhs.size.uncompressed, rhs.path) > (rhs.size.uncompressed, lhs.path)
    }
}
