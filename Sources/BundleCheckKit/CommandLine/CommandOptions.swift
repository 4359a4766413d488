/// The options of one `bundlecheck` invocation, after parsing.
public struct CommandOptions: Sendable, Equatable {
    public var format: ReportFormat = .text
    public var outputPath: String?
    public var color: ColorChoice = .auto
    public var inputs: [String] = []

    public init() {}
}
