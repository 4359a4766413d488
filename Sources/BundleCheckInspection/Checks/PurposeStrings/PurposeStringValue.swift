import BundleCheckFormats
import BundleCheckModel

/// The purpose strings a bundle shows people: the usage-description values of its Info.plist and
/// the localised ones of its `<language>.lproj/InfoPlist.strings` files. A strings file that
/// cannot be read is passed over: these checks judge wording, not files.
struct PurposeStringValue {
    let key: String
    let value: String
    let location: FindingLocation
    /// For messages: `Info.plist` or `fr.lproj/InfoPlist.strings`.
    let fileName: String
    /// Whether the value comes from an InfoPlist.strings rather than the Info.plist.
    let isLocalized: Bool

    /// The fingerprint's identity: the key path already names the key; the language tells translations apart.
    var identity: String? {
        isLocalized ? fileName : nil
    }

    /// Strings files are small; anything larger is not an InfoPlist.strings worth reading.
    static let stringsFileLimit = 1 << 20

    /// Every string value of `keys` in `bundle`, the Info.plist first, then each language in path order.
    static func all(of bundle: InspectedBundle, keys: Set<String>, in context: CheckContext) -> [PurposeStringValue] {
        var values: [PurposeStringValue] = []
        for entry in bundle.infoPlist?.root.dictionaryValue?.entries ?? [] where keys.contains(entry.key) {
            guard let text = entry.value.stringValue else { continue }
            values.append(
                PurposeStringValue(
                    key: entry.key, value: text, location: bundle.infoPlistLocation(JSONPointer(entry.key)),
                    fileName: "Info.plist", isLocalized: false
                ))
        }
        for file in localizations(of: bundle, in: context) {
            for entry in file.entries where keys.contains(entry.key) {
                values.append(
                    PurposeStringValue(
                        key: entry.key, value: entry.value,
                        location: FindingLocation(bundle: bundle.path, file: file.path, keyPath: JSONPointer(entry.key), line: entry.line),
                        fileName: file.fileName, isLocalized: true
                    ))
            }
        }
        return values
    }

    /// One localisation's InfoPlist.strings, read.
    struct Localization {
        /// The package path.
        let path: String
        /// Relative to the bundle: `fr.lproj/InfoPlist.strings`, `Contents/Resources/fr.lproj/InfoPlist.strings`.
        let fileName: String
        /// `fr`, from the folder's name.
        let language: String
        let entries: [StringsFileEntry]
    }

    /// Each readable `<language>.lproj/InfoPlist.strings` of `bundle`, in path order.
    static func localizations(of bundle: InspectedBundle, in context: CheckContext) -> [Localization] {
        localizedFiles(of: bundle, in: context).compactMap { path in
            guard let bytes = context.read(path, limit: stringsFileLimit), let entries = try? StringsFile.read(bytes, file: path) else { return nil }
            let folder = path.split(separator: "/").dropLast().last.map(String.init) ?? ""
            return Localization(
                path: path, fileName: String(path.dropFirst(bundle.path.count + 1)), language: String(folder.dropLast(".lproj".count)), entries: entries)
        }
    }

    /// `<resources>/<language>.lproj/InfoPlist.strings`, directly where the bundle keeps its
    /// resources (its folder, or `Contents/Resources` on the Mac).
    static func localizedFiles(of bundle: InspectedBundle, in context: CheckContext) -> [String] {
        let prefix = bundle.layout.resourcesFolder + "/"
        return context.paths.files(under: bundle.layout.resourcesFolder, named: "InfoPlist.strings").compactMap { entry in
            guard entry.path.hasPrefix(prefix), entry.path.hasSuffix(".lproj/InfoPlist.strings") else { return nil }
            let components = entry.path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            return components.count == 2 ? entry.path : nil
        }
    }
}
