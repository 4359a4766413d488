/// The load-command numbers the reader looks at (`<mach-o/loader.h>`).
enum LoadCommandType {
    /// Set on commands dyld must understand; part of some numbers below.
    static let requiredByDyld: UInt32 = 0x8000_0000

    static let segment: UInt32 = 0x1
    static let symbolTable: UInt32 = 0x2
    static let loadDylib: UInt32 = 0xC
    static let codeSignature: UInt32 = 0x1D
    static let segment64: UInt32 = 0x19
    static let lazyLoadDylib: UInt32 = 0x20
    static let encryptionInfo: UInt32 = 0x21
    static let versionMinMacOSX: UInt32 = 0x24
    static let versionMinIPhoneOS: UInt32 = 0x25
    static let encryptionInfo64: UInt32 = 0x2C
    static let versionMinTVOS: UInt32 = 0x2F
    static let versionMinWatchOS: UInt32 = 0x30
    static let dyldInfo: UInt32 = 0x22
    static let buildVersion: UInt32 = 0x32
    static let dyldInfoOnly: UInt32 = 0x22 | requiredByDyld
    static let dyldChainedFixups: UInt32 = 0x34 | requiredByDyld
    static let loadWeakDylib: UInt32 = 0x18 | requiredByDyld
    static let reexportDylib: UInt32 = 0x1F | requiredByDyld
    static let loadUpwardDylib: UInt32 = 0x23 | requiredByDyld

    /// The dylib-linking commands and the kind each stands for.
    static func dylibKind(_ command: UInt32) -> LinkedDylibKind? {
        switch command {
        case loadDylib: .load
        case loadWeakDylib: .weak
        case reexportDylib: .reexport
        case lazyLoadDylib: .lazy
        case loadUpwardDylib: .upward
        default: nil
        }
    }

    /// The platform an `LC_VERSION_MIN_*` command implies.
    static func versionMinPlatform(_ command: UInt32) -> MachOPlatform? {
        switch command {
        case versionMinMacOSX: .macOS
        case versionMinIPhoneOS: .iOS
        case versionMinTVOS: .tvOS
        case versionMinWatchOS: .watchOS
        default: nil
        }
    }
}
