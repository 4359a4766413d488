import BundleCheckModel

/// What one evaluation of a matcher looks at: one bundle, or the whole package.
struct MatchSubject: Sendable {
    /// Nil for the archive as a whole.
    let bundle: InspectedBundle?
    /// The files and folders the subject owns, in tree order: for a bundle, those
    /// beneath its folder but not inside a nested bundle (whose folder it does own).
    let entries: [SubjectEntry]
}
