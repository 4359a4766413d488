/// What a check may look at: the bundles of one package, with their relations.
public struct CheckContext: Sendable {
    public let bundles: [InspectedBundle]
    private let bundlesByPath: [String: InspectedBundle]

    public init(bundles: [InspectedBundle]) {
        self.bundles = bundles
        self.bundlesByPath = Dictionary(bundles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func bundle(at path: String) -> InspectedBundle? {
        bundlesByPath[path]
    }

    /// The bundle that directly contains `bundle`, if any.
    public func parent(of bundle: InspectedBundle) -> InspectedBundle? {
        bundle.parent.flatMap { bundlesByPath[$0] }
    }
}
