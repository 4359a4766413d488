/// A product archive's `Distribution` file (installer-gui-script), as far as App Store Connect
/// reads it: the product it names (`<product id version>`, which productbuild writes from the
/// app's bundle identifier and short version) and the component packages it refers to.
public struct InstallerDistribution: Sendable, Equatable {
    public struct PackageReference: Sendable, Equatable {
        public let identifier: String
        public let version: String?
        /// The component it points at (`#PaiNotes.pkg`), without the `#`.
        public let location: String?
    }

    public let productIdentifier: String?
    public let productVersion: String?
    public let packageReferences: [PackageReference]
    public let hostArchitectures: String?

    public init(xml bytes: [UInt8]) throws(XMLTreeReader.Failure) {
        let root = try XMLTreeReader.read(bytes)
        guard root.name == "installer-gui-script" || root.name == "installer-script" else {
            throw XMLTreeReader.Failure(reason: "its root element is <\(root.name)>, not <installer-gui-script>", line: root.line)
        }
        let product = root.child("product")
        productIdentifier = product?.attribute("id")
        productVersion = product?.attribute("version")
        hostArchitectures = root.child("options")?.attribute("hostArchitectures")
        // A pkg-ref appears in the choices too, without its location: the references are merged by id.
        var references: [PackageReference] = []
        for element in root.children(named: "pkg-ref") {
            guard let identifier = element.attribute("id") else { continue }
            let location = element.trimmedText.isEmpty ? nil : String(element.trimmedText.drop { $0 == "#" })
            if let index = references.firstIndex(where: { $0.identifier == identifier }) {
                let earlier = references[index]
                references[index] = PackageReference(
                    identifier: identifier, version: earlier.version ?? element.attribute("version"), location: earlier.location ?? location
                )
            } else {
                references.append(PackageReference(identifier: identifier, version: element.attribute("version"), location: location))
            }
        }
        packageReferences = references
    }
}
