import BundleCheckModel
import Foundation

/// The rule files of the repository's `Rules/` folder, read for the generator and its staleness tests.
public enum RuleSourceFiles {
    public static let generatedSwiftPath = "Sources/BundleCheckModel/Rules/EmbeddedRulePacks.generated.swift"
    /// Where the data tables of `Rules/data/` are compiled in.
    public static let generatedDataPath = "Sources/BundleCheckModel/Data/EmbeddedDataTables.generated.swift"

    /// `(name, text)` of every `*.yml` directly in `folder`, sorted by name.
    public static func read(from folder: String) throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yml") }.sorted()
        return try names.map { name in
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw YAMLLoadError(file: path, line: 1, field: nil, message: "the file cannot be read as UTF-8 text")
            }
            return (name, text)
        }
    }
}
