/// What an installer package says about itself, beside the files it installs: its xar
/// signatures with their certificates, its `Distribution`, and per component the
/// `PackageInfo`, `Bom` and what became of its payload. The checks of the package itself
/// (`pkg-*` rules) read this; the payloads' files are the container's listing.
public struct InstallerPackageContents: Sendable {
    /// A `<signature>` or `<x-signature>` of the table of contents.
    public struct Signature: Sendable {
        /// `signature` (style RSA) or `x-signature` (style CMS).
        public let element: String
        public let style: String
        /// The certificates it carries, signer first; those that could not be read are left out
        /// and counted in `unreadableCertificates`.
        public let certificates: [X509Certificate]
        public let unreadableCertificates: Int
    }

    /// One `*.pkg` of a product archive (or the package itself, for a component package).
    public struct Component: Sendable {
        /// The folder in the package holding its `PackageInfo`, `Bom` and `Payload`
        /// (`PaiNotes.pkg`), empty for a component package.
        public let root: String
        /// Where its payload's files are listed (`PaiNotes.pkg/Payload`).
        public let payloadPath: String
        public var packageInfo: [UInt8]?
        public var bom: [UInt8]?
        /// How the payload is stored: `gzip`, `xz`, `pbzx`, `cpio`, or what it looked like.
        public var payloadFormat: String?
        /// Why the payload could not be read to its end; what was read before is listed.
        public var payloadProblem: String?
        /// Entry names that would leave the folder the payload is installed into (`..`, an
        /// absolute path), as written: never listed, never followed.
        public var unsafeNames: [String] = []
        /// Entries of the payload, folders included.
        public var entryCount = 0

        var prefix: String { payloadPath + "/" }
    }

    /// A payload or Bom entry name as installed, relative to the install location: `./` and
    /// trailing slashes taken off; nil for the payload's root.
    public static func installedPath(of name: String) -> String? {
        PayloadStream.installedName(name).name
    }

    public let signatures: [Signature]
    /// Whether the heap's checksum matches the table of contents; nil when not computed.
    public let checksumMatches: Bool?
    public var distribution: [UInt8]?
    public var components: [Component]
    /// Problems reading a member other than a payload (a `PackageInfo` past its cap, a broken
    /// `Distribution`), by member path.
    public var memberProblems: [String: String] = [:]
}
