import BundleCheckFixtures
import Foundation

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// A fixture package written as a zip, opened, and its bundles loaded, ready for a `RuleEngine`.
final class MatchingTestPackage {
    let container: any PackageContainer
    let bundles: [InspectedBundle]
    let engine: RuleEngine
    private let directory: String

    /// - Parameter folders: explicit folder entries to write after the files (e.g. an empty `Frameworks`).
    init(_ package: FixturePackage, folders: [String] = []) throws {
        directory = try ArchiveTestSupport.makeTemporaryDirectory()
        let path = directory + "/test.ipa"
        let writer = try ZipArchiveWriter(path: path)
        for file in package.files {
            try writer.add(path: file.path, contents: file.contents, compression: file.compression)
        }
        for folder in folders {
            try writer.addDirectory(path: folder)
        }
        try writer.close()

        container = try PackageOpener.open(path: path)
        let located = try BundleLocator.locate(files: container.files, packagePath: path)
        let listed = Set(container.files.map(\.path))
        bundles = try located.bundles.map { [container] location in
            let plistPath = location.path + "/Info.plist"
            let document =
                try listed.contains(plistPath)
                ? PropertyListParser.parse(container.read(plistPath, limit: 1 << 20), file: plistPath)
                : nil
            return InspectedBundle(
                path: location.path, kind: location.kind, parent: location.parent,
                infoPlistPath: plistPath, infoPlist: document
            )
        }
        engine = RuleEngine(container: container, bundles: bundles, paths: PathIndex(container: container))
    }

    deinit {
        ArchiveTestSupport.cleanUp(directory)
    }

    func bundle(_ path: String) -> InspectedBundle? {
        bundles.first { $0.path == path }
    }

    static let everyBundle = RuleScope.bundles(kinds: nil, extensionPoints: nil)

    static func path(_ globs: String..., exclude: [String] = []) -> Matcher {
        .path(PathMatcher(globs: globs.map(Glob.init), exclude: exclude.map(Glob.init)))
    }

    static func plist(_ key: String, _ condition: PlistCondition) -> Matcher {
        .plist(PlistMatcher(key: KeyPathPattern(parsing: key)!, condition: condition))
    }

    static func text(_ globs: String..., pattern: String) throws -> Matcher {
        .text(TextMatcher(files: globs.map(Glob.init), pattern: try NSRegularExpression(pattern: pattern)))
    }
}
