import Foundation
import Testing

@testable import BundleCheckFormats

/// action.yml and scripts/github-action.sh agree: every input read is declared and every
/// declared one reaches the script through `env:`, no input is spliced into a script, every
/// variable a step sets is one the script reads, and every output is a step output.
@Suite struct ActionMetadataTests {
    static let inputs = [
        "packages", "fail-on", "sarif", "junit", "json", "diff-against", "config", "args", "deb-url", "sha256", "bundlecheck-path",
    ]
    static let outputs = [
        "exit-status", "errors", "warnings", "notes", "suppressed", "sarif", "junit", "json", "diff-exit-status", "diff-markdown",
    ]

    @Test func theInputsAndOutputsAreTheDocumentedOnes() throws {
        let action = try ActionMetadata.load()
        #expect(action.inputs.map(\.name) == Self.inputs)
        #expect(action.inputs.filter(\.isRequired).map(\.name) == ["packages"])
        #expect(action.outputs.map(\.name) == Self.outputs)
        #expect(action.root["runs"]?["using"]?.scalar == "composite")
    }

    @Test func everyInputReadIsDeclaredAndEveryDeclaredOneReachesTheScript() throws {
        let action = try ActionMetadata.load()
        let declared = Set(action.inputs.map(\.name))
        let read = Set(action.expressions.compactMap { $0.hasPrefix("inputs.") ? String($0.dropFirst("inputs.".count)) : nil })
        #expect(read.subtracting(declared).isEmpty, "read but not declared: \(read.subtracting(declared).sorted())")
        let passed = Set(
            action.steps.filter { $0.run != nil }.flatMap(\.environment).flatMap { ActionMetadata.expressions(in: $0.value) }
                .compactMap { $0.hasPrefix("inputs.") ? String($0.dropFirst("inputs.".count)) : nil })
        #expect(declared.subtracting(passed).isEmpty, "declared but passed to no step: \(declared.subtracting(passed).sorted())")
    }

    /// `${{ inputs.x }}` in a `run:` would paste the input's text into the script.
    @Test func noScriptHasAnExpression() throws {
        let action = try ActionMetadata.load()
        let scripts = action.steps.compactMap(\.run)
        #expect(scripts.count == 3)
        for script in scripts {
            #expect(!script.contains("${{"), "an expression in a run: script: \(script)")
            #expect(script.contains(#"bash "$GITHUB_ACTION_PATH/scripts/github-action.sh" "#), "\(script)")
        }
        // Each value of env: is one expression, not text around one.
        for step in action.steps where step.run != nil {
            for (name, value) in step.environment {
                #expect(value.wholeMatch(of: #/\$\{\{ [a-z]+\.[a-z0-9_.-]+ \}\}/#) != nil, "\(name): \(value)")
            }
        }
    }

    @Test func everyVariableAStepSetsIsOneTheScriptReads() throws {
        let action = try ActionMetadata.load()
        let script = try String(contentsOf: ActionMetadata.scriptURL, encoding: .utf8)
        for step in action.steps where step.run != nil {
            for (name, _) in step.environment {
                #expect(script.contains("${\(name)") || script.contains("$\(name)"), "step \(step.id ?? "?") sets \(name), which the script never reads")
            }
        }
    }

    @Test func everyOutputIsTheCheckStepsOutputOfTheSameName() throws {
        let action = try ActionMetadata.load()
        for output in action.outputs {
            #expect(output.value == "${{ steps.check.outputs.\(output.name) }}")
        }
    }

    /// The source build's cache: only when building, at the folder and key the preflight step gives.
    @Test func theCacheStepUsesWhatPreflightWrites() throws {
        let action = try ActionMetadata.load()
        let cache = try #require(action.steps.first { $0.uses?.hasPrefix("actions/cache@") == true })
        #expect(cache.uses == "actions/cache@v4")
        #expect(cache.condition == "steps.preflight.outputs.source == 'build'")
        let with = Dictionary(uniqueKeysWithValues: cache.with)
        #expect(with["path"] == "${{ steps.preflight.outputs.build-path }}")
        #expect(with["key"] == "bundlecheck-build-${{ runner.os }}-${{ runner.arch }}-${{ steps.preflight.outputs.source-key }}")
        #expect(action.steps.map { $0.id ?? $0.uses ?? "" } == ["preflight", "actions/cache@v4", "install", "check"])
    }

    /// docs/ci.md's section on the action: its tables name every input and output, and the
    /// workflows in it give the action only inputs it has.
    @Test func theDocumentationMatchesTheAction() throws {
        let action = try ActionMetadata.load()
        let document = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let start = try #require(document.range(of: "### With the action\n"))
        let end = try #require(document.range(of: "### Without the action\n", range: start.upperBound..<document.endIndex))
        let section = document[start.upperBound..<end.lowerBound]
        func names(inTableHeaded header: String) throws -> [String] {
            let table = try #require(section.range(of: "\n| \(header) |"), "no table headed \(header)")
            let rows = section[table.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).prefix { $0.hasPrefix("|") }
            return rows.flatMap { row in
                row.split(separator: "|").first.map { $0.matches(of: #/`([a-z0-9-]+)`/#).map { String($0.output.1) } } ?? []
            }
        }
        let inputs = try names(inTableHeaded: "input"), outputs = try names(inTableHeaded: "output")
        #expect(inputs == action.inputs.map(\.name))
        #expect(outputs == action.outputs.map(\.name))

        let blocks = section.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        #expect(blocks.count == 2)
        var uses = 0
        for block in blocks {
            let node = try #require(try YAMLParser.parse(Array(block.utf8), file: "ci.md"))
            var pending = [node]
            while let next = pending.popLast() {
                if next["uses"]?.scalar == "your-org/bundlecheck@v1" {
                    uses += 1
                    let given = (next["with"]?.mapping ?? []).compactMap(\.key.scalar)
                    #expect(Set(given).isSubset(of: action.inputs.map(\.name)), "\(given)")
                    #expect(given.contains("packages"))
                }
                pending += next.sequence ?? next.mapping?.map(\.value) ?? []
            }
        }
        #expect(uses == 2)
    }

    @Test(.enabled(if: ExternalTool.isInstalled("shellcheck"), "shellcheck is not installed (apt-get install shellcheck)"))
    func theScriptPassesShellcheck() throws {
        let outcome = try ExternalTool.run(["shellcheck", ActionMetadata.scriptURL.path])
        #expect(outcome.status == 0, "\(outcome.output)")
    }
}
