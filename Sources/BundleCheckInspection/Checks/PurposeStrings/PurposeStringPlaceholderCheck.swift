import BundleCheckFormats
import BundleCheckModel

/// `purpose-string-placeholder`: a usage description that is placeholder text (TODO, Lorem, a
/// key's name, a word such as "description"), in the Info.plist or a localised
/// InfoPlist.strings: App Review rejects it under guideline 5.1.1. An unexpanded `$(…)` counts
/// only in strings files; in the Info.plist `unexpanded-variable` reports it.
struct PurposeStringPlaceholderCheck: Check {
    let id = "purpose-string-placeholder"
    /// Each localisation's `InfoPlist.strings`, whole.
    var reads: CheckReads { CheckReads(wholeFiles: [.name("InfoPlist.strings", limit: PurposeStringValue.stringsFileLimit)]) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let keys = PurposeStringTable.shipped.keys
        let placeholders = PlaceholderText.shipped
        return context.bundles.filter { $0.kind != .framework }.flatMap { bundle in
            PurposeStringValue.all(of: bundle, keys: Set(keys), in: context).compactMap { value -> Finding? in
                guard !value.value.allSatisfy(\.isWhitespace),
                    let reason = placeholders.reason(for: value.value, keys: keys, reportsVariables: value.isLocalized)
                else { return nil }
                return rule.finding(Self.placeholder(bundle, value, reason), at: value.location, identity: value.identity)
            }
        }
    }
}

extension PurposeStringPlaceholderCheck {
    static func placeholder(_ bundle: InspectedBundle, _ value: PurposeStringValue, _ reason: String) -> String {
        let shown = value.value.count > 80 ? value.value.prefix(80) + "…" : value.value
        return
            "\(value.key) in \(bundle.name)'s \(value.fileName) is placeholder text (\(reason)): '\(shown)'; write the sentence people read when the app asks for access: what the app does with it, with an example"
    }
}
