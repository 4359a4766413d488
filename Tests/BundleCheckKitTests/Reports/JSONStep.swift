/// One step into a JSON document: a member key or an array index.
enum JSONStep: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, Sendable {
    case key(String)
    case index(Int)

    init(stringLiteral value: String) { self = .key(value) }
    init(integerLiteral value: Int) { self = .index(value) }
}
