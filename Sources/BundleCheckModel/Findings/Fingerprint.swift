import BundleCheckFormats

/// Fingerprints that survive rebuilds: they hash what identifies a problem
/// (rule, bundle path, key path, the value's identity), never message text or lines.
public enum Fingerprint {
    public static func make(rule: String, bundle: String?, keyPath: JSONPointer?, identity: String?) -> String {
        var parts = [rule, bundle ?? "", keyPath?.description ?? ""]
        if let identity { parts.append(identity) }
        return hex(fnv1a64(parts.joined(separator: "\u{0}")))
    }

    /// FNV-1a, 64-bit: stable across platforms and runs, unlike `Hasher`.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
