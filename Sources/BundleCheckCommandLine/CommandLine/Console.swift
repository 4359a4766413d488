import Foundation

/// Where the command writes: the real standard streams, or buffers in tests.
public protocol Console: AnyObject {
    /// Whether standard output is a terminal (decides `--color auto`).
    var isTerminal: Bool { get }
    func writeOutput(_ text: String)
    func writeError(_ text: String)
}

/// The process's own standard output and standard error.
public final class StandardConsole: Console {
    public init() {}

    public var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    public func writeOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
