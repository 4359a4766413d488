/// A component package's `PackageInfo`: its identifier, version and install location, and the
/// bundles pkgbuild found in its payload with the versions it read from their Info.plists.
public struct InstallerPackageInfo: Sendable, Equatable {
    public struct Bundle: Sendable, Equatable {
        /// Relative to the payload's root, as written (`./PaiNotes.app`).
        public let path: String
        public let identifier: String?
        public let shortVersion: String?
        public let version: String?

        /// The path without its leading `./`.
        public var installedPath: String {
            PayloadStream.installedName(path).name ?? ""
        }
    }

    public let identifier: String?
    public let version: String?
    public let installLocation: String?
    public let bundles: [Bundle]

    public init(xml bytes: [UInt8]) throws(XMLTreeReader.Failure) {
        let root = try XMLTreeReader.read(bytes)
        guard root.name == "pkg-info" else {
            throw XMLTreeReader.Failure(reason: "its root element is <\(root.name)>, not <pkg-info>", line: root.line)
        }
        identifier = root.attribute("identifier")
        version = root.attribute("version")
        installLocation = root.attribute("install-location")
        // Nested bundles appear inside their container's <bundle>; every one is listed.
        bundles = root.descendants(named: "bundle").compactMap { element in
            guard let path = element.attribute("path") else { return nil }
            return Bundle(
                path: path, identifier: element.attribute("id"),
                shortVersion: element.attribute("CFBundleShortVersionString"), version: element.attribute("CFBundleVersion")
            )
        }
    }
}
