import Foundation
import Testing

/// Runs `action.yml` as GitHub's runner would run a composite action, without GitHub: a
/// temporary workspace, `RUNNER_TEMP`, a fresh `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` file
/// per step, each step's `env:` evaluated from the inputs and earlier steps' outputs, its `run:`
/// given to `bash --noprofile --norc -eo pipefail` (GitHub's `shell: bash`), and the first
/// failing step ending the run. `uses:` steps (actions/cache) are skipped. Because every value
/// comes from action.yml itself, a renamed variable or output there fails the tests.
final class SimulatedRunner {
    struct Run {
        /// The exit status of the step that failed, or 0.
        let status: Int32
        let failedStep: String?
        /// The ids of the steps that ran, in order.
        let stepsRun: [String]
        /// Standard output of every step that ran, as the log shows it.
        let standardOutput: String
        let standardError: String
        let stepOutputs: [String: [String: String]]
        /// The action's outputs, from `outputs.*.value`.
        let outputs: [String: String]
        /// What the steps appended to their step summaries, in order.
        let summary: String

        func output(_ name: String) -> String? { outputs[name] }
    }

    let directory: TemporaryDirectory
    let workspace: URL
    let runnerTemp: URL
    /// RUNNER_OS and the like; a test may change them before `run`.
    var environment: [String: String]

    init() throws {
        directory = try TemporaryDirectory()
        workspace = URL(fileURLWithPath: try directory.folder("workspace"))
        runnerTemp = URL(fileURLWithPath: try directory.folder("runner-temp"))
        environment = [
            "RUNNER_OS": "Linux",
            "RUNNER_ARCH": "X64",
            "RUNNER_TEMP": runnerTemp.path,
            "GITHUB_WORKSPACE": workspace.path,
            "GITHUB_ACTION_PATH": RepositoryPaths.root.path,
            "GITHUB_ACTIONS": "true",
        ]
    }

    /// The built bundlecheck, as the `bundlecheck-path` input.
    static func bundlecheck() throws -> String {
        try #require(BuiltProducts.executable(named: "bundlecheck"), "bundlecheck is not built (swift build --build-tests)").path
    }

    /// Copies `Examples/name` into the workspace.
    func copyExample(_ name: String, as target: String? = nil) throws {
        let destination = workspace.appendingPathComponent(target ?? name)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: RepositoryPaths.root.appendingPathComponent("Examples/\(name)"), to: destination)
    }

    func file(_ relative: String) -> URL { workspace.appendingPathComponent(relative) }

    /// Runs the action's steps with `inputs` (the `with:` of a workflow), up to `lastStep`.
    func run(_ action: ActionMetadata, inputs: [String: String], through lastStep: String? = nil) throws -> Run {
        for name in inputs.keys {
            #expect(action.inputs.contains { $0.name == name }, "the test gives input \(name), which action.yml does not declare")
        }
        for input in action.inputs where input.isRequired {
            #expect(inputs[input.name] != nil, "required input \(input.name) not given")
        }
        var context = ExpressionContext(inputs: inputs, action: action, environment: environment)
        var standardOutput = "", standardError = "", summary = ""
        var stepsRun: [String] = []
        var status: Int32 = 0
        var failedStep: String?
        for (index, step) in action.steps.enumerated() {
            let id = step.id ?? "step\(index)"
            guard let script = step.run else { continue }
            #expect(step.condition == nil, "step \(id) has an if:, which this simulation does not evaluate")
            #expect(step.shell == "bash", "step \(id) runs in \(step.shell ?? "no shell"); composite steps need shell: bash")
            let outputFile = runnerTemp.appendingPathComponent("output-\(id)")
            let summaryFile = runnerTemp.appendingPathComponent("summary-\(id)")
            let scriptFile = runnerTemp.appendingPathComponent("step-\(id).sh")
            try Data().write(to: outputFile)
            try Data().write(to: summaryFile)
            try Data(script.utf8).write(to: scriptFile)
            var stepEnvironment = environment
            for (name, value) in step.environment {
                stepEnvironment[name] = try context.evaluate(value)
            }
            stepEnvironment["GITHUB_OUTPUT"] = outputFile.path
            stepEnvironment["GITHUB_STEP_SUMMARY"] = summaryFile.path
            let outcome = try Self.bash(scriptFile.path, environment: stepEnvironment, in: workspace, scratch: runnerTemp, id: id)
            stepsRun.append(id)
            standardOutput += outcome.standardOutput
            standardError += outcome.standardError
            summary += try String(contentsOf: summaryFile, encoding: .utf8)
            context.stepOutputs[id] = GitHubOutputFile.parse(try String(contentsOf: outputFile, encoding: .utf8))
            if outcome.status != 0 {
                status = outcome.status
                failedStep = id
                break
            }
            if id == lastStep { break }
        }
        var outputs: [String: String] = [:]
        for output in action.outputs {
            outputs[output.name] = try context.evaluate(output.value)
        }
        return Run(
            status: status, failedStep: failedStep, stepsRun: stepsRun, standardOutput: standardOutput,
            standardError: standardError, stepOutputs: context.stepOutputs, outputs: outputs, summary: summary
        )
    }

    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// `bash --noprofile --norc -eo pipefail FILE`, with standard output and error kept apart
    /// (each to a file, so neither pipe can fill while the other is read).
    static func bash(_ script: String, environment: [String: String], in directory: URL, scratch: URL, id: String) throws -> Outcome {
        let stdoutURL = scratch.appendingPathComponent("stdout-\(id)")
        let stderrURL = scratch.appendingPathComponent("stderr-\(id)")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-eo", "pipefail", script]
        // The runner passes its own environment; the test's GITHUB_* (when the suite itself runs
        // in a workflow) must not leak into the simulated step.
        var base = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GITHUB_") && !$0.key.hasPrefix("RUNNER_") }
        base.merge(environment) { $1 }
        process.environment = base
        process.currentDirectoryURL = directory
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: stdoutURL, encoding: .utf8),
            standardError: try String(contentsOf: stderrURL, encoding: .utf8)
        )
    }
}

/// The contexts a composite action's expressions read: `inputs`, `steps.ID.outputs`, `runner`
/// and `github.action_path`. Only plain property references are evaluated; anything else in
/// action.yml fails the test, so the simulation never guesses.
struct ExpressionContext {
    let inputs: [String: String]
    let action: ActionMetadata
    let environment: [String: String]
    var stepOutputs: [String: [String: String]] = [:]

    /// `text` with each `${{ … }}` replaced by its value.
    func evaluate(_ text: String) throws -> String {
        var result = ""
        var rest = text[...]
        while let match = rest.firstMatch(of: #/\$\{\{\s*(.*?)\s*\}\}/#) {
            result += rest[..<match.range.lowerBound]
            result += try value(of: String(match.output.1))
            rest = rest[match.range.upperBound...]
        }
        return result + rest
    }

    func value(of expression: String) throws -> String {
        let parts = expression.split(separator: ".").map(String.init)
        switch parts.first {
        case "inputs" where parts.count == 2:
            let input = try #require(action.inputs.first { $0.name == parts[1] }, "action.yml reads undeclared input \(parts[1])")
            return inputs[input.name] ?? input.defaultValue ?? ""
        case "steps" where parts.count == 4 && parts[2] == "outputs":
            #expect(action.steps.contains { $0.id == parts[1] }, "action.yml reads the outputs of a step \(parts[1]) it does not have")
            return stepOutputs[parts[1]]?[parts[3]] ?? ""
        case "runner" where parts.count == 2:
            return environment["RUNNER_" + parts[1].uppercased()] ?? ""
        case "github" where expression == "github.action_path":
            return environment["GITHUB_ACTION_PATH"] ?? ""
        default:
            Issue.record("the simulation cannot evaluate ${{ \(expression) }}")
            return ""
        }
    }
}
