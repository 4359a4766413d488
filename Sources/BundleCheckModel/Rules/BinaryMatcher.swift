import BundleCheckFormats

/// A condition on what an executable holds: imported symbols, Objective-C selectors and class
/// names, C strings. Read in the same forward pass as the signature; only matching values are kept.
public struct BinaryMatcher: Sendable {
    public let kind: BinaryEvidenceKind
    public let condition: BinaryCondition

    public init(kind: BinaryEvidenceKind, condition: BinaryCondition) {
        self.kind = kind
        self.condition = condition
    }

    public func matches(_ evidence: BinaryEvidence) -> Bool {
        evidence.kind == kind && condition.matches(evidence.value)
    }
}
