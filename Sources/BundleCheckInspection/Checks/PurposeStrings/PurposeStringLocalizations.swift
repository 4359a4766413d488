import BundleCheckFormats
import BundleCheckModel

/// ITMS-90683's localised form: a purpose string one localisation translates must be in every
/// other localisation's InfoPlist.strings too. Only keys the Info.plist has and some
/// `<language>.lproj/InfoPlist.strings` translates are asked (a legacy key translated nowhere
/// is not), and only of the localisations that have an InfoPlist.strings, except `Base.lproj`
/// (no language) and the development language's (whose text the Info.plist already is, so the
/// system falls back to it). Strings files that cannot be read are passed over.
enum PurposeStringLocalizations {
    /// One purpose string one localisation lacks.
    struct Gap {
        /// The package path of the strings file that lacks it.
        let path: String
        /// `fr.lproj/InfoPlist.strings`.
        let fileName: String
        let key: String
        /// A localisation that translates it, for the message: `en.lproj/InfoPlist.strings`.
        let translatedIn: String
    }

    /// The kinds of bundle asked: apps, as Apple's message says ("each of your app's localization folders").
    static let askedKinds: Set<BundleKind> = [.app, .appClip, .watchApp]

    /// Xcode's development language when the Info.plist names none (`$(DEVELOPMENT_LANGUAGE)`).
    static let defaultDevelopmentRegion = "en"

    /// The purpose strings each localisation of `bundle` lacks, by file in path order, then by key.
    static func gaps(in bundle: InspectedBundle, table: PurposeStringTable, in context: CheckContext) -> [Gap] {
        guard askedKinds.contains(bundle.kind), let base = table.purposeStrings(of: bundle) else { return [] }
        let keys = base.filter { $0.text != nil }.map(\.key)
        guard !keys.isEmpty else { return [] }
        let files = PurposeStringValue.localizations(of: bundle, in: context).map { file in
            (file: file, keys: Set(file.entries.map(\.key)))
        }
        let development = (bundle.infoString("CFBundleDevelopmentRegion") ?? defaultDevelopmentRegion).lowercased()
        var gaps: [Gap] = []
        for (file, present) in files where !isExempt(file.language, development: development) {
            for key in keys where !present.contains(key) {
                guard let translated = files.first(where: { $0.keys.contains(key) }) else { continue }
                gaps.append(Gap(path: file.path, fileName: file.fileName, key: key, translatedIn: translated.file.fileName))
            }
        }
        return gaps
    }

    /// `Base` holds no language; the development language's text is the Info.plist's own.
    static func isExempt(_ language: String, development: String) -> Bool {
        let name = language.lowercased()
        return name == "base" || name == development
    }
}
