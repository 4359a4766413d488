import BundleCheckFormats

/// One architecture of a fixture Mach-O file, for `MachOWriter`.
public struct MachOSliceDescription: Sendable, Hashable {
    public var architecture: MachOFixtureArchitecture
    public var fileType: MachOFileType
    public var platformVersion: MachOPlatformVersion
    /// Writes `LC_UUID` with this value; nil writes none.
    public var uuid: MachOUUID?
    /// Writes `LC_ENCRYPTION_INFO(_64)` with this `cryptid`; nil writes none.
    public var cryptID: UInt32?
    /// Adds an `__LLVM` segment, the mark of an embedded bitcode slice.
    public var hasBitcodeSegment: Bool
    public var linkedDylibs: [LinkedDylib]
    public var codeSignature: FixtureCodeSignature?
    /// Written as NUL-terminated strings in `__TEXT,__cstring`; none writes no section.
    public var cStrings: [String]
    /// Written in `__TEXT,__objc_classname`.
    public var objcClassNames: [String]
    /// Written in `__TEXT,__objc_methname`.
    public var objcSelectors: [String]
    /// Adds a `__TEXT,__text` section header stating this size with no bytes in the file
    /// (offset 0), for the executable size rules: the load commands claim it, nothing is written.
    public var declaredTextSize: UInt64?
    /// Undefined external symbols of an `LC_SYMTAB`, as stored (`_OBJC_CLASS_$_UIWebView`);
    /// none writes no symbol table.
    public var importedSymbols: [String]
    /// A library's `LC_ID_DYLIB`: its install name and current version; nil writes none.
    public var dylibIdentity: MachODylibIdentity?

    public init(
        architecture: MachOFixtureArchitecture = .arm64,
        fileType: MachOFileType = .execute,
        platformVersion: MachOPlatformVersion = .buildVersion(.iOS, minimumOS: MachOVersion(major: 15), sdk: MachOVersion(major: 17, minor: 5)),
        uuid: MachOUUID? = nil,
        cryptID: UInt32? = 0,
        hasBitcodeSegment: Bool = false,
        linkedDylibs: [LinkedDylib] = [
            LinkedDylib(path: "/System/Library/Frameworks/Foundation.framework/Foundation"),
            LinkedDylib(path: "/usr/lib/libSystem.B.dylib"),
        ],
        codeSignature: FixtureCodeSignature? = nil,
        cStrings: [String] = [],
        objcClassNames: [String] = [],
        objcSelectors: [String] = [],
        importedSymbols: [String] = []
    ) {
        self.architecture = architecture
        self.fileType = fileType
        self.platformVersion = platformVersion
        self.uuid = uuid
        self.cryptID = cryptID
        self.hasBitcodeSegment = hasBitcodeSegment
        self.linkedDylibs = linkedDylibs
        self.codeSignature = codeSignature
        self.cStrings = cStrings
        self.objcClassNames = objcClassNames
        self.objcSelectors = objcSelectors
        self.importedSymbols = importedSymbols
    }
}

/// A library's own name and version, as its `LC_ID_DYLIB` states them.
public struct MachODylibIdentity: Sendable, Hashable {
    public var installName: String
    public var currentVersion: MachOVersion

    public init(installName: String, currentVersion: MachOVersion) {
        self.installName = installName
        self.currentVersion = currentVersion
    }
}
