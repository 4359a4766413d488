/// A YAML file that could not be read: names the file, line and column, and what is wrong.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(file):\(line):\(column): \(message)"
    }
}
