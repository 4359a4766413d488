import BundleCheckFormats
import BundleCheckModel

/// The resource bundles (`X.bundle` folders with an Info.plist, as CocoaPods and Swift packages
/// write them) inside the package's apps, extensions and frameworks. They are not bundle kinds
/// of their own, in scopes or the schema: no code runs from them, and a finding about one is
/// its containing bundle's, located at the resource bundle's Info.plist.
struct ResourceBundle {
    /// At most this many are read per package: a real app has a few dozen.
    static let maximumCount = 512
    static let infoPlistLimit = 1 << 20

    let path: String
    let infoPlistPath: String
    /// The innermost app, extension or framework holding it.
    let owner: InspectedBundle
    /// The Info.plist's root dictionary; nil when it could not be read or parsed.
    let infoPlist: PlistDictionary?

    /// One pass over each top-level app's files (nested bundles lie inside it), in tree order.
    static func all(in context: CheckContext) -> [ResourceBundle] {
        var found: [ResourceBundle] = []
        for app in context.bundles where app.parent == nil {
            for entry in context.paths.files(under: app.path, named: "Info.plist") {
                guard found.count < maximumCount else { return found }
                // `X.bundle/Info.plist`, or the Mac's `X.bundle/Contents/Info.plist`.
                var folder = String(entry.path.dropLast("/Info.plist".count))
                if folder.hasSuffix(".bundle/Contents") { folder = String(folder.dropLast("/Contents".count)) }
                guard folder.hasSuffix(".bundle"), let owner = context.owner(of: entry.path) else { continue }
                let root = context.read(entry.path, limit: infoPlistLimit).flatMap { try? PropertyListParser.parse($0, file: entry.path).root }
                found.append(ResourceBundle(path: folder, infoPlistPath: entry.path, owner: owner, infoPlist: root?.dictionaryValue))
            }
        }
        return found
    }

    var name: String { PackagePath.name(path) }
    /// Whether it is laid out the Mac's way, its files in `Contents/`.
    var isMacStyle: Bool { infoPlistPath.hasSuffix("/Contents/Info.plist") }

    func location(_ key: String) -> FindingLocation {
        FindingLocation(bundle: owner.path, file: infoPlistPath, keyPath: JSONPointer(key))
    }
}
