/// A report member of the wrong type (`"architectures": "arm64"`): the report was not written
/// by bundlecheck, or was edited, and cannot be compared.
public struct RecordShapeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where, as a JSON Pointer into the report: `/inputs/0/bundles/2/architectures`.
    public let pointer: String
    /// What was expected there: `an array of strings`.
    public let expected: String

    public var description: String { "\(pointer) is not \(expected)" }
}
