/// A declarative matcher of a rule file; `all`, `any` and `not` combine the others.
///
/// Each matcher yields hits (places that match) for one subject: a bundle, or
/// the whole archive. `any` is the union of its children's hits; `all` is the
/// union when every child has hits, else nothing; `not` yields one hit on the
/// subject itself when its child has none.
public indirect enum Matcher: Sendable {
    case all([Matcher])
    case any([Matcher])
    case not(Matcher)
    case path(PathMatcher)
    case plist(PlistMatcher)
    case text(TextMatcher)
    /// Symbols, selectors, class names and strings of a bundle's executable.
    case binary(BinaryMatcher)
}
