import Foundation
import Testing

/// The library's targets form a pipeline (docs/ARCHITECTURE.md); each imports only the ones
/// before it. Package.swift's dependencies make most back edges fail to build, but a module that
/// happens to be built first can still be imported without being declared, so the imports of
/// every source file are checked here too.
@Suite struct LayeringTests {
    /// The library layers, in pipeline order.
    static let layers = [
        "BundleCheckFormats", "BundleCheckModel", "BundleCheckInspection", "BundleCheckReports", "BundleCheckReview", "BundleCheckCommandLine",
    ]
    /// What the thin executable and the tooling targets may import.
    static let others: [String: Set<String>] = [
        "bundlecheck": ["BundleCheckCommandLine"],
        "BundleCheckFixtures": ["BundleCheckFormats", "BundleCheckModel", "BundleCheckInspection", "BundleCheckReview"],
        "bundlecheck-fixtures": ["BundleCheckFixtures"],
        "BundleCheckGenerator": ["BundleCheckFormats", "BundleCheckModel", "BundleCheckInspection"],
        // It also prints the man page and completions, which the command line renders from its option table.
        "bundlecheck-generate": ["BundleCheckGenerator", "BundleCheckFormats", "BundleCheckModel", "BundleCheckInspection", "BundleCheckCommandLine"],
    ]
    static let cShims: Set<String> = ["CLibzip", "CLibxml2", "CLibyaml", "CLibcrypto", "CIsal", "CZlib", "CLibarchive", "CLzma"]
    static let system: Set<String> = ["Foundation", "Glibc", "Musl", "Darwin"]

    static func allowedImports(of target: String) -> Set<String> {
        if let index = layers.firstIndex(of: target) {
            // Only the formats layer talks to the C libraries.
            return Set(layers[..<index]).union(index == 0 ? cShims : [])
        }
        return others[target] ?? []
    }

    /// `(file, module)` for every `import` in the target's sources.
    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let folder = RepositoryPaths.file("Sources/" + target)
        let names = try #require(FileManager.default.enumerator(atPath: folder)?.allObjects as? [String])
        var found: [(String, String)] = []
        for name in names where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                let module = line.split(separator: " ").last.map(String.init) ?? ""
                found.append(("Sources/\(target)/\(name)", module))
            }
        }
        return found
    }

    @Test(arguments: layers + others.keys.sorted())
    func aTargetImportsOnlyTheLayersBeforeIt(target: String) throws {
        let allowed = Self.allowedImports(of: target).union(Self.system)
        let found = try Self.imports(of: target)
        #expect(!found.isEmpty, "no sources found for \(target)")
        for (file, module) in found where !allowed.contains(module) {
            Issue.record("\(file) imports \(module), which \(target) may not use (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    @Test func theLayersAreTheLibraryTargets() throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.file("Sources"))
        let library = sources.filter { $0.hasPrefix("BundleCheck") && !Self.others.keys.contains($0) }
        #expect(Set(library) == Set(Self.layers), "a new library target needs a place in the pipeline: \(library.sorted())")
    }
}
