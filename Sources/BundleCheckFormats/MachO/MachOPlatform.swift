/// The platform number of `LC_BUILD_VERSION`, with names for the ones Apple ships.
public struct MachOPlatform: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let macOS = MachOPlatform(rawValue: 1)
    public static let iOS = MachOPlatform(rawValue: 2)
    public static let tvOS = MachOPlatform(rawValue: 3)
    public static let watchOS = MachOPlatform(rawValue: 4)
    public static let macCatalyst = MachOPlatform(rawValue: 6)
    public static let iOSSimulator = MachOPlatform(rawValue: 7)
    public static let tvOSSimulator = MachOPlatform(rawValue: 8)
    public static let watchOSSimulator = MachOPlatform(rawValue: 9)
    public static let visionOS = MachOPlatform(rawValue: 11)
    public static let visionOSSimulator = MachOPlatform(rawValue: 12)

    /// e.g. `ios`, `iossimulator`, or `platform(<number>)` for one without a name here.
    public var name: String {
        switch rawValue {
        case 1: "macos"
        case 2: "ios"
        case 3: "tvos"
        case 4: "watchos"
        case 6: "maccatalyst"
        case 7: "iossimulator"
        case 8: "tvossimulator"
        case 9: "watchossimulator"
        case 11: "visionos"
        case 12: "visionossimulator"
        default: "platform(\(rawValue))"
        }
    }

    /// A simulator platform: such a slice cannot run on a device nor be submitted.
    public var isSimulator: Bool {
        [Self.iOSSimulator, .tvOSSimulator, .watchOSSimulator, .visionOSSimulator].contains(self)
    }

    public var description: String { name }
}
