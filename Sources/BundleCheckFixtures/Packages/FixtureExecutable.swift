import BundleCheckFormats

/// A bundle's executable, written with the bundle so that each signed slice can seal the
/// bundle's Info.plist and `_CodeSignature/CodeResources`, as codesign does.
public struct FixtureExecutable: Sendable, Hashable {
    /// The file name in the bundle (its CFBundleExecutable).
    public var name: String
    /// One slice writes a thin file, more a fat one.
    public var slices: [MachOSliceDescription]

    public init(name: String, slices: [MachOSliceDescription]) {
        self.name = name
        self.slices = slices
    }

    /// Whether any slice carries a code signature.
    public var isSigned: Bool {
        slices.contains { $0.codeSignature != nil }
    }

    /// The file's bytes, each signature binding `infoPlist` and `codeResources` and then
    /// edited as `edits` says; and the first slice's cdhash, for a containing bundle.
    func write(infoPlist: [UInt8]?, codeResources: [UInt8]?, edits: FixtureEditsAfterSigning) -> (bytes: [UInt8], codeDirectoryHash: [UInt8]?) {
        let sealed = slices.map { slice in
            var slice = slice
            slice.codeSignature?.boundInfoPlist = infoPlist
            slice.codeSignature?.boundCodeResources = codeResources
            return slice
        }
        // The cdhash is of the signature as made, before any edit.
        let codeDirectoryHash = sealed.first.flatMap(MachOWriter.codeDirectoryHash(of:))
        let edited = sealed.map { slice in
            var slice = slice
            if let entitlements = edits.entitlementsXML { slice.codeSignature?.entitlementsXMLAfterSigning = entitlements }
            if edits.patchesCode { slice.codeSignature?.patchesCodeAfterSigning = true }
            return slice
        }
        let bytes = edited.count == 1 ? MachOWriter.thin(edited[0]) : MachOWriter.fat(edited)
        return (bytes, codeDirectoryHash)
    }
}
