import BundleCheckFormats
import BundleCheckModel

/// `mac-app-category` (ITMS-90242): a Mac App Store app names its category in
/// `LSApplicationCategoryType`, one of the UTIs of `Rules/data/mac-app-categories.yml`.
/// Outside the store the key is optional, so the check runs for the Mac App Store only.
/// Its rule's scope (`platforms: [macos, maccatalyst]`) keeps it to Mac bundles: the check does not ask again.
struct MacAppCategoryCheck: DistributionCheck {
    let id = "mac-app-category"
    var citesAppleCodes: Bool { true }

    static let pointer = JSONPointer("LSApplicationCategoryType")
    static var categories: [String] { MacAppCategories.shipped.categories }

    var distributions: Set<Distribution> { [.macAppStore] }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .app, let plist = bundle.infoPlist else { return nil }
            let location = bundle.infoPlistLocation(Self.pointer)
            guard let value = plist.value(at: Self.pointer) else { return rule.finding(Self.missing(bundle, codes: rule.appleCodesText), at: location) }
            guard let text = value.stringValue, !text.isEmpty else {
                return rule.finding(Self.notAString(bundle, value, codes: rule.appleCodesText), at: location)
            }
            if UnexpandedVariable.occurs(in: text) || Self.categories.contains(text) { return nil }
            return rule.finding(Self.unknown(bundle, text, suggestion: Self.closest(to: text), codes: rule.appleCodesText), at: location)
        }
    }

    /// The category a misspelt value most likely meant, within a few edits.
    static func closest(to value: String) -> String? {
        BoundedEditDistance.nearest(to: Array(value.lowercased()), among: categories, limit: 4)
    }
}

extension MacAppCategoryCheck {
    // `codes`: the rule's Apple codes, as the message cites them.
    static func missing(_ bundle: InspectedBundle, codes: String) -> String {
        "\(bundle.name) has no LSApplicationCategoryType; the Mac App Store refuses an app without its category (\(codes)): pick one under Target > General > Identity > App Category"
    }

    static func notAString(_ bundle: InspectedBundle, _ value: PlistValue, codes: String) -> String {
        "LSApplicationCategoryType of \(bundle.name) is \(value.typeName == "string" ? "empty" : "a \(value.typeName)"); the Mac App Store wants a category UTI such as public.app-category.productivity (\(codes))"
    }

    static func unknown(_ bundle: InspectedBundle, _ value: String, suggestion: String?, codes: String) -> String {
        let hint = suggestion.map { ", did you mean '\($0)'?" } ?? "; use one of Apple's public.app-category.* values"
        return "LSApplicationCategoryType of \(bundle.name) is '\(value)', which is no Mac App Store category (\(codes))\(hint)"
    }
}
