import BundleCheckFormats

/// A bare helper tool of a Mac bundle: a signed Mach-O executable that is no bundle, in
/// `Contents/MacOS/` or `Contents/Helpers/` (Apple's "Placing content in a bundle" names both
/// for helper tools). The containing bundle's CodeResources seals it as nested code, by its
/// cdhash, as codesign does for code in those folders.
public struct FixtureHelperTool: Sendable, Hashable {
    /// Relative to the bundle's contents (`MacOS/helper`, `Helpers/helper`).
    public var path: String
    /// The signature's identifier.
    public var identifier: String
    /// The signature's entitlements; nil signs without any.
    public var entitlements: PlistDictionary?
    /// Written as it is; nil writes the default: a signed executable of the bundle's platform
    /// (`FixturePlatform.executableSlices`), as the bundle is when written.
    public var executable: FixtureExecutable?

    public init(path: String, identifier: String, entitlements: PlistDictionary? = nil, executable: FixtureExecutable? = nil) {
        self.path = path
        self.identifier = identifier
        self.entitlements = entitlements
        self.executable = executable
    }

    /// The tool's executable as written for a bundle built for `platform` whose minimum OS is `minimumOS`.
    func resolvedExecutable(platform: FixturePlatform, minimumOS: MachOVersion) -> FixtureExecutable {
        if let executable { return executable }
        let template = MachOSliceDescription(
            codeSignature: FixtureCodeSignature(
                identifier: identifier, teamIdentifier: FixtureSigningDescription.defaultTeam,
                entitlementsXML: entitlements.map { XMLPropertyListWriter.write(.dictionary($0)) }
            ))
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return FixtureExecutable(name: name, slices: platform.executableSlices(template, minimumOS: minimumOS, encrypted: false))
    }
}
