import BundleCheckFormats
import BundleCheckModel

/// `purpose-string-empty`: a usage-description key whose value is empty or only white space,
/// in the Info.plist (ITMS-90738) or a localised InfoPlist.strings: the permission prompt then
/// explains nothing in that language.
struct PurposeStringEmptyCheck: Check {
    let id = "purpose-string-empty"
    /// Each localisation's `InfoPlist.strings`, whole.
    var reads: CheckReads { CheckReads(wholeFiles: [.name("InfoPlist.strings", limit: PurposeStringValue.stringsFileLimit)]) }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let keys = Set(PurposeStringTable.shipped.keys)
        return context.bundles.filter { $0.kind != .framework }.flatMap { bundle in
            PurposeStringValue.all(of: bundle, keys: keys, in: context)
                .filter { $0.value.allSatisfy { $0.isWhitespace } }
                .map { rule.finding(Self.empty(bundle, $0), at: $0.location, identity: $0.identity) }
        }
    }
}

extension PurposeStringEmptyCheck {
    static func empty(_ bundle: InspectedBundle, _ value: PurposeStringValue) -> String {
        let what = value.value.isEmpty ? "empty" : "only white space"
        return
            "\(value.key) in \(bundle.name)'s \(value.fileName) is \(what); write the sentence people read when the app asks for access, or remove the key if nothing in the app asks for it"
    }
}
