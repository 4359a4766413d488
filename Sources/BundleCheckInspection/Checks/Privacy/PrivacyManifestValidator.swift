import BundleCheckFormats
import BundleCheckModel
import Foundation

/// Judges one privacy manifest as App Store Connect does (TN3181): a property-list dictionary
/// of known keys with values of the right types, non-empty reasons arrays (an empty accessed-API array is a note),
/// categories by their full names with reasons of their own, known collected data types and
/// purposes, tracking that agrees with its domains, and host names as domains. Each problem
/// names the rule that reports it, so four checks share one reading.
struct PrivacyManifestValidator {
    let schema: PrivacyManifestSchema
    let categories: [PrivacyAPICategory]

    static let shipped = PrivacyManifestValidator(schema: .shipped, categories: PrivacyAPICategory.shipped)

    func problems(in manifest: PrivacyManifest) -> [PrivacyManifestProblem] {
        guard let document = manifest.document else {
            // A damaged zip entry is zip-entry-corrupt's; anything else read is no property list.
            return manifest.unreadableReason.map { [problem(.invalid, .root, Self.notAPropertyList($0))] } ?? []
        }
        guard let root = document.root.dictionaryValue else {
            return [problem(.invalid, .root, Self.notADictionary(document.root.typeName))]
        }
        var problems = structure(of: root, keys: schema.keys, at: .root)
        problems += accessedAPIs(in: root)
        problems += collectedData(in: root)
        problems += tracking(in: root)
        return problems
    }

    // MARK: - Keys and types

    /// Unknown keys, values of the wrong type, empty arrays Apple refuses, and (for the
    /// dictionaries inside arrays, `required`) missing keys.
    private func structure(
        of dictionary: PlistDictionary, keys: [PrivacyManifestSchema.Key], at pointer: JSONPointer, required: Bool = false
    ) -> [PrivacyManifestProblem] {
        var problems: [PrivacyManifestProblem] = []
        for entry in dictionary.entries {
            let here = pointer.appending(entry.key)
            guard let key = keys.first(where: { $0.name == entry.key }) else {
                problems.append(
                    problem(
                        .invalid, here, Self.unknownKey(entry.key, suggestion: Self.closest(to: entry.key, among: keys.map(\.name)), known: keys.map(\.name))))
                continue
            }
            guard key.type.admits(entry.value) else {
                problems.append(problem(.invalid, here, Self.wrongType(entry.key, entry.value.typeName, key.type)))
                continue
            }
            guard let elements = entry.value.arrayValue else { continue }
            if elements.isEmpty {
                switch key.whenEmpty {
                case .valid: break
                case .invalid: problems.append(problem(.invalid, here, Self.emptyArray(entry.key)))
                case .doubtful: problems.append(problem(.emptyAPITypes, here, Self.doubtfulEmptyArray(entry.key)))
                }
            }
            for (index, element) in elements.enumerated() {
                let at = here.appending(index)
                switch key.type {
                case .arrayOfString:
                    if element.stringValue == nil { problems.append(problem(.invalid, at, Self.wrongElement(entry.key, element.typeName, "string"))) }
                case .arrayOfDictionary:
                    guard let nested = element.dictionaryValue else {
                        problems.append(problem(.invalid, at, Self.wrongElement(entry.key, element.typeName, "dictionary")))
                        continue
                    }
                    problems += structure(of: nested, keys: key.keys, at: at, required: true)
                case .boolean, .string:
                    break
                }
            }
        }
        if required {
            for key in keys where dictionary[key.name] == nil {
                problems.append(problem(.invalid, pointer, Self.missingKey(key.name), subject: key.name))
            }
        }
        return problems
    }

    // MARK: - Accessed API types

    private func accessedAPIs(in root: PlistDictionary) -> [PrivacyManifestProblem] {
        let base = JSONPointer("NSPrivacyAccessedAPITypes")
        var problems: [PrivacyManifestProblem] = []
        for (index, entry) in (root[base.components[0]]?.arrayValue ?? []).enumerated() {
            guard let fields = entry.dictionaryValue, let written = fields["NSPrivacyAccessedAPIType"]?.stringValue else { continue }
            let at = base.appending(index)
            let category = categories.first { $0.name == written }
            if category == nil {
                problems.append(problem(.category, at.appending("NSPrivacyAccessedAPIType"), categoryProblem(written)))
            }
            // Reasons are judged against the category meant, even when it was misspelt.
            guard let meant = category ?? Self.meant(written, among: categories) else { continue }
            for (reasonIndex, value) in (fields["NSPrivacyAccessedAPITypeReasons"]?.arrayValue ?? []).enumerated() {
                guard let code = value.stringValue, !meant.hasReason(code) else { continue }
                let owner = categories.first { $0.hasReason(code) }
                problems.append(
                    problem(.reason, at.appending("NSPrivacyAccessedAPITypeReasons").appending(reasonIndex), Self.foreignReason(code, of: meant, owner: owner)))
            }
        }
        return problems
    }

    /// The category a misspelt name stands for: the short form (`FileTimestamp`) or a near miss.
    static func meant(_ written: String, among categories: [PrivacyAPICategory]) -> PrivacyAPICategory? {
        if let exact = categories.first(where: { $0.name == PrivacyAPICategory.prefix + written }) { return exact }
        let near = closest(to: written, among: categories.map(\.name))
        return categories.first { $0.name == near }
    }

    private func categoryProblem(_ written: String) -> String {
        let names = categories.map(\.name)
        if written.trimmingCharacters(in: .whitespaces).isEmpty { return Self.emptyCategory(names) }
        if let short = categories.first(where: { $0.name == PrivacyAPICategory.prefix + written }) { return Self.shortCategory(written, full: short.name) }
        return Self.unknownCategory(written, suggestion: Self.closest(to: written, among: names), known: names)
    }

    // MARK: - Collected data

    private func collectedData(in root: PlistDictionary) -> [PrivacyManifestProblem] {
        let base = JSONPointer("NSPrivacyCollectedDataTypes")
        var problems: [PrivacyManifestProblem] = []
        for (index, entry) in (root[base.components[0]]?.arrayValue ?? []).enumerated() {
            guard let fields = entry.dictionaryValue else { continue }
            let at = base.appending(index)
            if let type = fields["NSPrivacyCollectedDataType"]?.stringValue, !schema.dataTypes.contains(type) {
                problems.append(
                    problem(
                        .invalid, at.appending("NSPrivacyCollectedDataType"),
                        Self.unknownValue(type, what: "collected data type", suggestion: Self.closest(to: type, among: Array(schema.dataTypes)))))
            }
            for (purposeIndex, value) in (fields["NSPrivacyCollectedDataTypePurposes"]?.arrayValue ?? []).enumerated() {
                guard let purpose = value.stringValue, !schema.purposes.contains(purpose) else { continue }
                problems.append(
                    problem(
                        .invalid, at.appending("NSPrivacyCollectedDataTypePurposes").appending(purposeIndex),
                        Self.unknownValue(purpose, what: "purpose", suggestion: Self.closest(to: purpose, among: Array(schema.purposes)))))
            }
        }
        return problems
    }

    // MARK: - Tracking

    /// NSPrivacyTracking true needs domains; domains need NSPrivacyTracking true ("NSPrivacyTracking
    /// must be true if NSPrivacyTrackingDomains isn't empty"); each domain is a host name.
    private func tracking(in root: PlistDictionary) -> [PrivacyManifestProblem] {
        let tracking = root["NSPrivacyTracking"]?.boolValue
        let domainsValue = root["NSPrivacyTrackingDomains"]?.arrayValue
        let domains = (domainsValue ?? []).compactMap(\.stringValue)
        var problems: [PrivacyManifestProblem] = []
        for (index, value) in (domainsValue ?? []).enumerated() {
            guard let domain = value.stringValue, let fault = TrackingDomain.fault(in: domain) else { continue }
            problems.append(problem(.tracking, JSONPointer("NSPrivacyTrackingDomains").appending(index), fault))
        }
        // Domains that are there but malformed were said above.
        if tracking == true, (domainsValue ?? []).isEmpty {
            problems.append(problem(.tracking, JSONPointer("NSPrivacyTracking"), Self.trackingWithoutDomains))
        }
        // A list of empty strings was already said above; anything else listed needs tracking true.
        if tracking != true, domains.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            problems.append(problem(.tracking, JSONPointer("NSPrivacyTrackingDomains"), Self.domainsWithoutTracking(domains.count, tracking: tracking)))
        }
        return problems
    }

    // MARK: - Helpers

    private func problem(_ rule: PrivacyManifestCheck.Mode, _ pointer: JSONPointer, _ message: String, subject: String? = nil) -> PrivacyManifestProblem {
        PrivacyManifestProblem(rule: rule, pointer: pointer, message: message, subject: subject)
    }

    /// The candidate nearest to `word` within a few edits, for "did you mean".
    static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word)
        return BoundedEditDistance.nearest(to: typed, among: candidates, limit: max(2, typed.count / 5))
    }
}

extension PrivacyManifestValidator {
    static func notAPropertyList(_ reason: String) -> String {
        "the privacy manifest is no property list (\(reason)); Apple refuses an improperly formatted manifest"
    }

    static func notADictionary(_ type: String) -> String {
        "the privacy manifest's root is \(article(type)) \(type); it must be a dictionary of NSPrivacy keys"
    }

    static func unknownKey(_ key: String, suggestion: String?, known: [String]) -> String {
        let hint = suggestion.map { "did you mean \($0)?" } ?? "the keys here are " + known.joined(separator: ", ")
        return "'\(key)' is not a privacy manifest key; \(hint)"
    }

    static func wrongType(_ key: String, _ found: String, _ expected: PrivacyManifestSchema.ValueType) -> String {
        "\(key) is \(article(found)) \(found); it must be \(article(expected.rawValue)) \(expected.rawValue)"
    }

    static func wrongElement(_ key: String, _ found: String, _ expected: String) -> String {
        "an element of \(key) is \(article(found)) \(found); each must be \(article(expected)) \(expected)"
    }

    static func emptyArray(_ key: String) -> String {
        "\(key) is empty, which Apple refuses; list at least one approved reason"
    }

    static func doubtfulEmptyArray(_ key: String) -> String {
        "\(key) is an empty array: it declares no required-reason API, as leaving the key out would; Apple's documents describe the key as a list of the APIs used, so remove it when the code uses none (no rejection of this shape alone is known)"
    }

    static func missingKey(_ key: String) -> String {
        "this entry lacks \(key)"
    }

    static func emptyCategory(_ names: [String]) -> String {
        "NSPrivacyAccessedAPIType is empty; write one of " + names.joined(separator: ", ")
    }

    static func shortCategory(_ written: String, full: String) -> String {
        "'\(written)' is not a category: write the full name \(full)"
    }

    static func unknownCategory(_ written: String, suggestion: String?, known: [String]) -> String {
        let hint = suggestion.map { "did you mean \($0)?" } ?? "the categories are " + known.joined(separator: ", ")
        return "'\(written)' is not a required-reason API category; \(hint)"
    }

    static func foreignReason(_ code: String, of category: PrivacyAPICategory, owner: PrivacyAPICategory?) -> String {
        let allowed = category.reasons.map(\.code).joined(separator: ", ")
        if let owner {
            return "\(code) is a reason of \(owner.shortName), not of \(category.shortName); \(category.shortName)'s reasons are \(allowed)"
        }
        return "'\(code)' is not an approved reason; \(category.shortName)'s reasons are \(allowed)"
    }

    static func unknownValue(_ value: String, what: String, suggestion: String?) -> String {
        "'\(value)' is not a \(what) Apple defines" + (suggestion.map { "; did you mean \($0)?" } ?? "")
    }

    static let trackingWithoutDomains =
        "NSPrivacyTracking is true but NSPrivacyTrackingDomains lists no domain; list the tracking domains the code contacts, or set NSPrivacyTracking to false"

    static func domainsWithoutTracking(_ count: Int, tracking: Bool?) -> String {
        let says = tracking == nil ? "there is no NSPrivacyTracking" : "NSPrivacyTracking is false"
        return
            "NSPrivacyTrackingDomains lists \(count == 1 ? "a domain" : "\(count) domains") but \(says); NSPrivacyTracking must be true if NSPrivacyTrackingDomains isn't empty"
    }

    private static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
