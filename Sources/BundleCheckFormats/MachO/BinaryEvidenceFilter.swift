/// Decides, while the reader streams a binary, which strings are worth keeping.
///
/// The reader asks for every candidate and keeps only the wanted ones, so memory
/// grows with the hits rather than with the string tables.
public protocol BinaryEvidenceFilter: Sendable {
    func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool
}
