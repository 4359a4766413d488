/// A `[...]` class of a glob: characters and ranges (`[abc]`, `[a-z]`), or their complement (`[!a]`).
struct GlobCharacterClass: Sendable, Hashable {
    let isNegated: Bool
    /// Single characters are one-scalar ranges.
    let members: [ClosedRange<Unicode.Scalar>]

    func matches(_ scalar: Unicode.Scalar) -> Bool {
        members.contains { $0.contains(scalar) } != isNegated
    }
}
