/// A dylib a slice links, e.g. `/System/Library/Frameworks/UIKit.framework/UIKit` or `@rpath/X.framework/X`.
public struct LinkedDylib: Sendable, Hashable {
    public var path: String
    public var kind: LinkedDylibKind

    public init(path: String, kind: LinkedDylibKind = .load) {
        self.path = path
        self.kind = kind
    }
}
