import BundleCheckFormats
import BundleCheckModel

/// ITMS-90683's localised form: once an app localises a purpose string (an
/// `<language>.lproj/InfoPlist.strings` holds one), App Store Connect asks every localisation's
/// InfoPlist.strings for every purpose string of the Info.plist. Localisation folders without
/// an InfoPlist.strings are not asked, nor are strings files that cannot be read (their
/// wording is the other purpose-string rules' business, their form `strings-file-invalid`'s).
struct PurposeStringLocalizations {
    /// One localisation that lacks purpose strings the Info.plist has.
    struct Gap {
        /// The package path of the strings file.
        let path: String
        /// `fr.lproj/InfoPlist.strings`.
        let fileName: String
        /// The Info.plist's purpose-string keys the file does not hold, in key order.
        let missing: [String]
        /// The first localisation that holds a purpose string, for the message: `en.lproj/InfoPlist.strings`.
        let localized: String
    }

    /// The kinds of bundle asked: apps, as Apple's message says ("each of your app's localization folders").
    static let askedKinds: Set<BundleKind> = [.app, .appClip]

    /// The localisations of `bundle` that lack a purpose string of its Info.plist, in path
    /// order; empty when it localises none.
    static func gaps(in bundle: InspectedBundle, table: PurposeStringTable, in context: CheckContext) -> [Gap] {
        guard askedKinds.contains(bundle.kind), let base = table.purposeStrings(of: bundle) else { return [] }
        let keys = base.filter { $0.text != nil }.map(\.key)
        guard !keys.isEmpty else { return [] }
        var files: [(path: String, name: String, keys: Set<String>)] = []
        for path in PurposeStringValue.localizedFiles(of: bundle, in: context) {
            guard let bytes = context.read(path, limit: PurposeStringValue.stringsFileLimit),
                let entries = try? StringsFile.read(bytes, file: path)
            else { continue }
            files.append((path, String(path.dropFirst(bundle.path.count + 1)), Set(entries.map(\.key))))
        }
        guard let localized = files.first(where: { file in file.keys.contains(where: table.isPurposeStringKey) }) else { return [] }
        return files.compactMap { file in
            let missing = keys.filter { !file.keys.contains($0) }
            guard !missing.isEmpty else { return nil }
            return Gap(path: file.path, fileName: file.name, missing: missing, localized: localized.name)
        }
    }
}
