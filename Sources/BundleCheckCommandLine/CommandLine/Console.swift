import Foundation

/// Where the command reads and writes: the real standard streams, or buffers in tests.
public protocol Console: AnyObject {
    /// Whether standard output is a terminal (decides `--color auto`).
    var isTerminal: Bool { get }
    /// Where an input of `-` is read from.
    var standardInput: FileHandle { get }
    func writeOutput(_ text: String)
    func writeError(_ text: String)
}

extension Console {
    public var standardInput: FileHandle { FileHandle.standardInput }
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
