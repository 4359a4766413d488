import BundleCheckFormats

/// LC_UUIDs for the example packages, as a linker would write them: the same build always
/// gives the same value (derived from the bundle identifier and the architecture), with
/// ld64's name-based version nibble (3) and RFC 4122 variant bits.
enum FixtureUUID {
    static func of(_ identifier: String, architecture: MachOFixtureArchitecture) -> MachOUUID {
        guard let digest = try? Digest.hash(Array("\(identifier)/\(architecture.rawValue)".utf8), .sha256) else {
            fatalError("the fixture writer cannot hash with sha256")
        }
        var bytes = Array(digest.prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x30
        bytes[8] = bytes[8] & 0x3F | 0x80
        return MachOUUID(bytes: bytes)!
    }
}
