@testable import BundleCheckFormats

/// Wants exactly one kind and value: shows that the reader keeps nothing else.
struct OnlyEvidenceFilter: BinaryEvidenceFilter {
    var kind: BinaryEvidenceKind
    var value: String

    func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool {
        kind == self.kind && value == self.value
    }
}
