/// The `filetype` of a Mach-O header, with names for the common ones.
public struct MachOFileType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let object = MachOFileType(rawValue: 0x1)
    public static let execute = MachOFileType(rawValue: 0x2)
    public static let dylib = MachOFileType(rawValue: 0x6)
    public static let bundle = MachOFileType(rawValue: 0x8)
    public static let dsym = MachOFileType(rawValue: 0xA)

    /// e.g. `execute`, `dylib`, or `filetype(<number>)`.
    public var name: String {
        switch rawValue {
        case 0x1: "object"
        case 0x2: "execute"
        case 0x3: "fvmlib"
        case 0x4: "core"
        case 0x5: "preload"
        case 0x6: "dylib"
        case 0x7: "dylinker"
        case 0x8: "bundle"
        case 0x9: "dylib_stub"
        case 0xA: "dsym"
        case 0xB: "kext_bundle"
        case 0xC: "fileset"
        default: "filetype(\(rawValue))"
        }
    }

    public var description: String { name }
}
