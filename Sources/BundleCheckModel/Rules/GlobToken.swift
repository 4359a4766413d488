/// One step of a glob component: a character that must be there, or a wildcard.
enum GlobToken: Sendable, Hashable {
    case scalar(Unicode.Scalar)
    /// `?`: exactly one character.
    case anyScalar
    /// `*`: any run of characters, the empty one included.
    case anyRun
    case characterClass(GlobCharacterClass)

    /// Whether this token, which must not be `anyRun`, takes `scalar`.
    func matchesOne(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .scalar(let expected): expected == scalar
        case .anyScalar: true
        case .characterClass(let characterClass): characterClass.matches(scalar)
        case .anyRun: preconditionFailure("anyRun matches a run, not one character")
        }
    }
}
