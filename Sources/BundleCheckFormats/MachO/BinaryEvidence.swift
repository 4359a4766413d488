/// One string a slice's code carries that a check asked for, e.g. the imported
/// symbol `_OBJC_CLASS_$_UIWebView` of the `arm64` slice.
public struct BinaryEvidence: Sendable, Hashable {
    public var kind: BinaryEvidenceKind
    /// As stored in the binary: symbols keep their leading underscore.
    public var value: String
    /// The slice's architecture name, e.g. `arm64`.
    public var architecture: String

    public init(kind: BinaryEvidenceKind, value: String, architecture: String) {
        self.kind = kind
        self.value = value
        self.architecture = architecture
    }
}
