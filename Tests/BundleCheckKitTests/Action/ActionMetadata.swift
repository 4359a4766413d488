import Foundation
import Testing

@testable import BundleCheckFormats

/// The repository's `action.yml`, read with the project's own YAML reader: its inputs, outputs
/// and steps, as the tests that run it and check it need them.
struct ActionMetadata {
    struct Input {
        let name: String
        let isRequired: Bool
        let defaultValue: String?
    }

    struct Output {
        let name: String
        /// The expression GitHub evaluates when the action ends, e.g. `${{ steps.check.outputs.errors }}`.
        let value: String
    }

    struct Step {
        let id: String?
        let name: String?
        /// The shell script (a `run:` step), or nil for a `uses:` step.
        let run: String?
        let uses: String?
        let shell: String?
        let condition: String?
        /// In the file's order.
        let environment: [(name: String, value: String)]
        /// A `uses:` step's `with:`.
        let with: [(name: String, value: String)]
    }

    static let url = RepositoryPaths.root.appendingPathComponent("action.yml")
    static let scriptURL = RepositoryPaths.root.appendingPathComponent("scripts/github-action.sh")

    let root: YAMLNode
    let inputs: [Input]
    let outputs: [Output]
    let steps: [Step]

    static func load(from url: URL = url) throws -> ActionMetadata {
        let bytes = try [UInt8](Data(contentsOf: url))
        return try ActionMetadata(try #require(try YAMLParser.parse(bytes, file: url.lastPathComponent), "\(url.path) is empty"))
    }

    init(_ root: YAMLNode) throws {
        self.root = root
        inputs = try (root["inputs"]?.mapping ?? []).map { pair in
            let name = try #require(pair.key.scalar)
            return Input(name: name, isRequired: pair.value["required"]?.scalar == "true", defaultValue: pair.value["default"]?.scalar)
        }
        outputs = try (root["outputs"]?.mapping ?? []).map { pair in
            Output(name: try #require(pair.key.scalar), value: try #require(pair.value["value"]?.scalar, "output \(pair.key.scalar ?? "?") has no value"))
        }
        steps = try (root["runs"]?["steps"]?.sequence ?? []).map { step in
            Step(
                id: step["id"]?.scalar, name: step["name"]?.scalar, run: step["run"]?.scalar, uses: step["uses"]?.scalar,
                shell: step["shell"]?.scalar, condition: step["if"]?.scalar,
                environment: try Self.pairs(step["env"]), with: try Self.pairs(step["with"])
            )
        }
    }

    private static func pairs(_ node: YAMLNode?) throws -> [(name: String, value: String)] {
        try (node?.mapping ?? []).map { (try #require($0.key.scalar), try #require($0.value.scalar, "a value that is not a string")) }
    }

    func step(_ id: String) throws -> Step {
        try #require(steps.first { $0.id == id }, "action.yml has no step with id \(id)")
    }

    /// Every `${{ … }}` expression anywhere in the file, as its inner text (`inputs.packages`).
    var expressions: [String] {
        var found: [String] = []
        var pending = [root]
        while let node = pending.popLast() {
            switch node.value {
            case .scalar(let text): found += Self.expressions(in: text)
            case .sequence(let items): pending += items
            case .mapping(let pairs): pending += pairs.map(\.value)
            }
        }
        return found
    }

    static func expressions(in text: String) -> [String] {
        text.matches(of: #/\$\{\{\s*(.*?)\s*\}\}/#).map { String($0.output.1) }
    }
}
