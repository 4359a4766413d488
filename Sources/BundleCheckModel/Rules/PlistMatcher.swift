/// A condition on the values at a key path of a bundle's property list.
public struct PlistMatcher: Sendable {
    public let source: PlistSource
    /// A JSON Pointer where `*` stands for one component and `**` for any number.
    public let key: KeyPathPattern
    public let condition: PlistCondition

    public init(source: PlistSource = .infoPlist, key: KeyPathPattern, condition: PlistCondition) {
        self.source = source
        self.key = key
        self.condition = condition
    }
}
