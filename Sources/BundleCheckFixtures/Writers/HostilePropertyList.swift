import BundleCheckFormats

/// Property lists shaped to make a careless reader slow: a chain of dictionaries
/// nested `depth` levels with one wide container at the bottom, every value
/// `$(A)`, which `unexpanded-variable` reports wherever it is.
///
/// The root is level 1 and the innermost values sit at level `depth`, so a depth
/// of 256 is exactly the parsers' cap. The app's identity keys come first, so the
/// file reads as an Info.plist.
public enum HostilePropertyList {
    /// The key of every level of the chain.
    public static let chainKey = "d"
    public static let value = "$(A)"

    /// The plist as a value, for the binary writer and for direct use.
    public static func value(depth: Int, width: Int, keyed: Bool = false) -> PlistValue {
        precondition(depth >= 3, "the root, one container and its values")
        var bottom: PlistValue
        if keyed {
            var dictionary = PlistDictionary()
            for index in 0..<width {
                dictionary.append(key: "k\(index)", value: .string(value))
            }
            bottom = .dictionary(dictionary)
        } else {
            bottom = .array(Array(repeating: .string(value), count: width))
        }
        for _ in 0..<(depth - 3) {
            bottom = .dictionary(PlistDictionary([chainKey: bottom]))
        }
        var root = appKeys
        root.append(key: chainKey, value: bottom)
        return .dictionary(root)
    }

    /// The same plist as XML written without indentation, so that depth costs no bytes per value.
    public static func xml(depth: Int, width: Int, keyed: Bool = false) -> [UInt8] {
        precondition(depth >= 3, "the root, one container and its values")
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for entry in appKeys.entries {
            text += "<key>\(entry.key)</key><string>\(entry.value.stringValue ?? "")</string>\n"
        }
        text += String(repeating: "<key>\(chainKey)</key><dict>\n", count: depth - 3)
        text += "<key>\(chainKey)</key>"
        if keyed {
            text += "<dict>\n"
            for index in 0..<width {
                text += "<key>k\(index)</key><string>\(value)</string>\n"
            }
            text += "</dict>\n"
        } else {
            text += "<array>\n" + String(repeating: "<string>\(value)</string>\n", count: width) + "</array>\n"
        }
        text += String(repeating: "</dict>\n", count: depth - 3)
        text += "</dict>\n</plist>\n"
        return Array(text.utf8)
    }

    /// The pointer of the wide container's element `index` (or key `k<index>`).
    public static func pointer(depth: Int, index: Int, keyed: Bool = false) -> JSONPointer {
        JSONPointer(components: Array(repeating: chainKey, count: depth - 2) + [keyed ? "k\(index)" : String(index)])
    }

    /// An IPA holding one app whose Info.plist is `infoPlist`.
    public static func package(infoPlist: [UInt8]) -> FixturePackage {
        FixturePackage(files: [FixtureFile(path: "Payload/Hostile.app/Info.plist", contents: infoPlist)])
    }

    private static var appKeys: PlistDictionary {
        PlistDictionary([
            "CFBundleExecutable": .string("Hostile"),
            "CFBundleIdentifier": .string("com.example.hostile"),
            "CFBundlePackageType": .string("APPL"),
            "CFBundleShortVersionString": .string("1.0"),
            "CFBundleVersion": .string("1"),
        ])
    }
}
