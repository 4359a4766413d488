/// Which of the two builds a review compares: the one shipped before, or the candidate.
public enum ReviewSide: String, Sendable, Hashable, CaseIterable {
    case old
    case new

    /// How messages name the side: `OLD`, `NEW`, as the usage synopsis does.
    public var label: String { rawValue.uppercased() }

    public var other: ReviewSide { self == .old ? .new : .old }
}
