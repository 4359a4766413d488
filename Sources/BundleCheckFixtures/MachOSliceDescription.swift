import BundleCheckKit

/// One architecture of a fixture Mach-O file, for `MachOWriter`.
public struct MachOSliceDescription: Sendable, Hashable {
    public var architecture: MachOFixtureArchitecture
    public var fileType: MachOFileType
    public var platformVersion: MachOPlatformVersion
    /// Writes `LC_ENCRYPTION_INFO(_64)` with this `cryptid`; nil writes none.
    public var cryptID: UInt32?
    /// Adds an `__LLVM` segment, the mark of an embedded bitcode slice.
    public var hasBitcodeSegment: Bool
    public var linkedDylibs: [LinkedDylib]
    public var codeSignature: FixtureCodeSignature?

    public init(
        architecture: MachOFixtureArchitecture = .arm64,
        fileType: MachOFileType = .execute,
        platformVersion: MachOPlatformVersion = .buildVersion(.iOS, minimumOS: MachOVersion(major: 15), sdk: MachOVersion(major: 17, minor: 5)),
        cryptID: UInt32? = 0,
        hasBitcodeSegment: Bool = false,
        linkedDylibs: [LinkedDylib] = [
            LinkedDylib(path: "/System/Library/Frameworks/Foundation.framework/Foundation"),
            LinkedDylib(path: "/usr/lib/libSystem.B.dylib"),
        ],
        codeSignature: FixtureCodeSignature? = nil
    ) {
        self.architecture = architecture
        self.fileType = fileType
        self.platformVersion = platformVersion
        self.cryptID = cryptID
        self.hasBitcodeSegment = hasBitcodeSegment
        self.linkedDylibs = linkedDylibs
        self.codeSignature = codeSignature
    }
}
