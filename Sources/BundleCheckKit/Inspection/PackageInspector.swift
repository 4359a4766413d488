import Foundation

/// Checks one input end to end: open, locate bundles, read their Info.plists, run the checks.
///
/// One input is one unit of work that owns its container (and so its C handles);
/// inputs may later run in parallel, each with its own inspector call.
public struct PackageInspector: Sendable {
    /// Info.plists are small; anything past this is hostile or broken.
    public static let infoPlistLimit = 8 << 20

    public init() {}

    public func inspect(path: String) -> InputReport {
        let size = Self.size(of: path)
        let container: any PackageContainer
        do {
            container = try PackageOpener.open(path: path)
        } catch {
            return InputReport(path: path, kind: nil, container: nil, size: size, error: Self.wrap(error, path: path), bundles: [], findings: [])
        }
        let packageSize = container.storage == .directory ? container.files.reduce(0) { $0 + $1.size } : size
        do {
            let located = try BundleLocator.locate(files: container.files, packagePath: path)
            let paths = Set(container.files.map(\.path))
            let bundles = try located.bundles.map { try Self.load($0, from: container, paths: paths) }
            let findings = BuiltInCheck.runAll(in: CheckContext(bundles: bundles))
            return InputReport(
                path: path, kind: located.kind, container: container.storage, size: packageSize,
                error: nil, bundles: bundles, findings: findings
            )
        } catch {
            return InputReport(
                path: path, kind: nil, container: container.storage, size: packageSize,
                error: Self.wrap(error, path: path), bundles: [], findings: []
            )
        }
    }

    /// Reads a bundle's Info.plist. Apps and extensions cannot be checked without
    /// one; a framework without one is still listed (old static frameworks ship so).
    static func load(_ location: BundleLocation, from container: any PackageContainer, paths: Set<String>) throws -> InspectedBundle {
        let plistPath = location.path + "/Info.plist"
        let hasPlist = paths.contains(plistPath)
        var document: PropertyListDocument?
        if hasPlist {
            let bytes = try container.read(plistPath, limit: infoPlistLimit)
            document = try PropertyListParser.parse(bytes, file: plistPath)
        } else if location.kind != .framework {
            throw BundleCheckError.missingInfoPlist(bundle: location.path)
        }
        return InspectedBundle(
            path: location.path, kind: location.kind, parent: location.parent,
            infoPlistPath: plistPath, infoPlist: document
        )
    }

    static func wrap(_ error: any Error, path: String) -> BundleCheckError {
        if let known = error as? BundleCheckError { return known }
        return .unreadable(path: path, reason: String(describing: error))
    }

    static func size(of path: String) -> UInt64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
    }
}
