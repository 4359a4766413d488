import BundleCheckCommandLine
import Foundation

// libzip turns each entry's DOS time into a date with mktime, and glibc's mktime, with TZ unset,
// checks /etc/localtime again at every call: 60,000 stat calls for 60,000 entries. Naming that
// same file in TZ lets glibc keep what it read. A TZ the user set is left alone.
setenv("TZ", ":/etc/localtime", 0)

// The executable only forwards to the kit, so tests can run the same command in-process.
let status = BundleCheckCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    console: StandardConsole()
)
exit(status.rawValue)
