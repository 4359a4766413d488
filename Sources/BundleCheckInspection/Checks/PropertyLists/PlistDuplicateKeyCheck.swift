import BundleCheckFormats
import BundleCheckModel

/// `plist-duplicate-key`: a key written twice in one dictionary of an Info.plist.
///
/// Apple's parsers silently keep the last value, so the first one, often the
/// one a developer edited, has no effect.
struct PlistDuplicateKeyCheck: Check {
    let id = "plist-duplicate-key"
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard let plist = bundle.infoPlist else { return [] }
            // One finding per repeated key, however many times it repeats.
            var reported = Set<JSONPointer>()
            return plist.duplicateKeys.compactMap { duplicate in
                let pointer = duplicate.dictionary.appending(duplicate.key)
                guard reported.insert(pointer).inserted else { return nil }
                return rule.finding(Self.duplicate(duplicate.key, in: bundle), at: bundle.infoPlistLocation(pointer, line: duplicate.line), appleCodes: [])
            }
        }
    }
}

extension PlistDuplicateKeyCheck {
    static func duplicate(_ key: String, in bundle: InspectedBundle) -> String {
        "\(key) appears more than once in the same dictionary of \(bundle.name)'s Info.plist; only the last value takes effect, so remove the others"
    }
}
