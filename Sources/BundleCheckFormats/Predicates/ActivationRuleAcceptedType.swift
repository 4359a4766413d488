/// One kind of content an activation rule lets in, for the report's `accepts` list.
public struct ActivationRuleAcceptedType: Sendable, Hashable, CustomStringConvertible {
    /// A type identifier: the one a predicate names, or the one a dictionary key stands for
    /// (`public.url` for `NSExtensionActivationSupportsWebURLWithMaxCount`).
    public let type: String
    /// The most items of this type at once, or nil when unbounded.
    public let max: Int?

    public init(type: String, max: Int?) {
        self.type = type
        self.max = max
    }

    public var description: String {
        "{\(type), \(max.map(String.init) ?? "nil")}"
    }
}
