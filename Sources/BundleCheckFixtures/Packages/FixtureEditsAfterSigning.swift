import BundleCheckFormats

/// What a script changed in a bundle after codesign ran: the signature keeps the hashes of
/// the bundle as it was signed, the package holds the edited bytes.
public struct FixtureEditsAfterSigning: Sendable, Hashable {
    /// One Info.plist key set to a value, or removed (nil).
    public struct PlistEdit: Sendable, Hashable {
        public var key: String
        public var value: PlistValue?

        public init(key: String, value: PlistValue?) {
            self.key = key
            self.value = value
        }
    }

    /// Applied to the bundle's Info.plist dictionary, which is then written again.
    public var infoPlist: [PlistEdit]
    /// Files of the bundle replaced or added, relative to its folder.
    public var files: [FixtureFile]
    /// Files of the bundle deleted, relative to its folder.
    public var removedFiles: [String]
    /// The entitlements blob of every signature rewritten with this plist.
    public var entitlementsXML: [UInt8]?
    /// A byte of every slice's `__TEXT` changed.
    public var patchesCode: Bool

    public init(
        infoPlist: [PlistEdit] = [],
        files: [FixtureFile] = [],
        removedFiles: [String] = [],
        entitlementsXML: [UInt8]? = nil,
        patchesCode: Bool = false
    ) {
        self.infoPlist = infoPlist
        self.files = files
        self.removedFiles = removedFiles
        self.entitlementsXML = entitlementsXML
        self.patchesCode = patchesCode
    }
}
