/// What the command line asks for.
public enum ParsedCommandLine: Sendable, Equatable {
    case help
    case version
    case check(CommandOptions)
}
