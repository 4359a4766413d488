import Foundation
import BundleCheckCommandLine

// The executable only forwards to the kit, so tests can run the same command in-process.
let status = BundleCheckCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    console: StandardConsole()
)
exit(status.rawValue)
