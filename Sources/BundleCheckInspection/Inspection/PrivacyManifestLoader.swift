import BundleCheckFormats
import BundleCheckModel

/// Finds and reads the `PrivacyInfo.xcprivacy` files among one bundle's own files (those of
/// nested bundles belong to them). A manifest that is no property list is kept with the
/// reason, for `privacy-manifest-invalid`: Apple refuses the upload, but the package can still
/// be checked. Only a damaged zip entry is a read problem (`zip-entry-corrupt`).
enum PrivacyManifestLoader {
    /// Real manifests are a few kilobytes.
    static let sizeLimit = 1 << 20

    static func load(
        layout: BundleLayout,
        kind: BundleKind,
        nestedBundles: [String],
        from container: any PackageContainer,
        paths: PathIndex
    ) -> (manifests: [PrivacyManifest], problems: [BundleReadProblem]) {
        // Placed relative to where the bundle keeps resources: its top, or `Contents/Resources`.
        let prefix = layout.resourcesFolder + "/"
        var manifests: [PrivacyManifest] = []
        var problems: [BundleReadProblem] = []
        for entry in paths.files(under: layout.bundlePath, named: PrivacyManifest.fileName) {
            guard !nestedBundles.contains(where: { entry.path.hasPrefix($0 + "/") }) else { continue }
            let placement =
                entry.path.hasPrefix(prefix)
                ? PrivacyManifest.placement(of: String(entry.path.dropFirst(prefix.count)), in: kind)
                : .nonStandard
            do {
                let document = try PropertyListParser.parse(try container.read(entry.path, limit: sizeLimit), file: entry.path)
                manifests.append(PrivacyManifest(path: entry.path, placement: placement, document: document))
            } catch {
                // The kind only matters for errors that are not damage to the zip entry.
                let problem = ReadProblems.problem(error, reading: entry.path, as: .infoPlistMalformed)
                if problem.kind == .zipEntryCorrupt {
                    problems.append(problem)
                    manifests.append(PrivacyManifest(path: entry.path, placement: placement, document: nil))
                } else {
                    manifests.append(
                        PrivacyManifest(
                            path: entry.path, placement: placement, document: nil,
                            unreadableReason: problem.reason, unreadableLine: problem.line
                        ))
                }
            }
        }
        return (manifests, problems)
    }
}
