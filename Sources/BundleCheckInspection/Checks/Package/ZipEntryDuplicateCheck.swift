import BundleCheckFormats
import BundleCheckModel

/// `zip-entry-duplicate`: two entries of the zip with the same name. Unzip tools disagree on
/// which one wins (the first, the last, or a prompt), so what gets installed is not defined.
struct ZipEntryDuplicateCheck: Check {
    let id = "zip-entry-duplicate"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.duplicateNames.map { name in
            let location = FindingLocation(bundle: context.owner(of: name)?.path, file: name)
            return rule.finding(Self.duplicate(name), at: location, identity: name)
        }
    }
}

extension ZipEntryDuplicateCheck {
    static func duplicate(_ name: String) -> String {
        "the zip holds more than one entry named \(name); bundlecheck read the first, other tools may take another; zip the package again from its folder"
    }
}
