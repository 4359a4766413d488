/// A filter that keeps every candidate: for tests and for dumping what a binary holds.
public struct KeepAllEvidence: BinaryEvidenceFilter {
    public init() {}

    public func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool {
        true
    }
}
