/// Enums whose raw values are words a user types (`--format json`, `fail-on: warning`,
/// `severity: error`): one way to read such a word, so every "is not one of" lists the same choices.
extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// Every accepted word, in declaration order.
    package static var choiceNames: [String] { allCases.map(\.rawValue) }

    /// The case named `word`; otherwise the error `problem` words from the list of choices.
    package static func named<Failure: Error>(_ word: String, otherwise problem: (_ choices: [String]) -> Failure) throws(Failure) -> Self {
        guard let value = Self(rawValue: word) else { throw problem(choiceNames) }
        return value
    }
}
