import BundleCheckFormats
import BundleCheckModel

/// `plist-duplicate-key`: a key written twice in one dictionary of an Info.plist.
///
/// Apple's parsers silently keep the last value, so the first one, often the
/// one a developer edited, has no effect.
struct PlistDuplicateKeyCheck: Check {
    let id = "plist-duplicate-key"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard let plist = bundle.infoPlist else { return [] }
            return Self.findings(plist.duplicateKeys, in: bundle, as: rule)
        }
    }

    /// One finding per repeated key, however many times it repeats, at its first repetition.
    /// A hostile plist repeats 100,000 keys 250 levels deep: their pointers are built only
    /// for the findings kept (`FindingCap.perRuleAndFile`, first in report order), and one
    /// finding counts the others, so neither time nor memory goes with keys × depth.
    static func findings(_ duplicates: [PropertyListDocument.DuplicateKey], in bundle: InspectedBundle, as rule: RuleDefinition) -> [Finding] {
        var repeated = RepeatedKeys()
        for duplicate in duplicates {
            repeated.add(duplicate)
        }
        func finding(_ key: RepeatedKeys.Key) -> Finding {
            let pointer = repeated.dictionaries[key.dictionary].appending(key.key)
            return rule.finding(duplicate(key.key, in: bundle), at: bundle.infoPlistLocation(pointer, line: key.line), appleCodes: [])
        }
        let cap = FindingCap.perRuleAndFile
        guard repeated.keys.count > cap else { return repeated.keys.map(finding) }
        // The first `cap` in report order: by key path text, as `FindingCap` orders findings.
        var first: [(text: String, index: Int)] = []
        for (index, key) in repeated.keys.enumerated() {
            first.append((repeated.text(of: key), index))
            if first.count >= 2 * cap {
                first = Array(first.sorted { $0.text < $1.text }.prefix(cap))
            }
        }
        let kept = first.sorted { $0.text < $1.text }.prefix(cap).map { finding(repeated.keys[$0.index]) }
        let place = FindingCap.Place(bundle: bundle.path, file: bundle.infoPlistPath)
        return kept + [FindingCap.summary(of: rule, at: place, omitted: repeated.keys.count - cap)]
    }
}

/// The distinct repeated keys of one plist, each with the line of its first repetition.
/// Dictionaries are told apart by their pointers, compared once per pointer storage:
/// a parser shares one pointer among a dictionary's repeated keys.
private struct RepeatedKeys {
    struct Key: Hashable {
        let dictionary: Int
        let key: String
        var line: Int? = nil

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.dictionary == rhs.dictionary && lhs.key == rhs.key }
        func hash(into hasher: inout Hasher) {
            hasher.combine(dictionary)
            hasher.combine(key)
        }
    }

    private(set) var dictionaries: [JSONPointer] = []
    private var dictionaryTexts: [String?] = []
    private var numberByStorage: [UnsafeRawPointer?: Int] = [:]
    private var numberByPointer: [JSONPointer: Int] = [:]
    private var seen = Set<Key>()
    /// In order of first repetition.
    private(set) var keys: [Key] = []

    mutating func add(_ duplicate: PropertyListDocument.DuplicateKey) {
        let key = Key(dictionary: number(of: duplicate.dictionary), key: duplicate.key, line: duplicate.line)
        if seen.insert(key).inserted {
            keys.append(key)
        }
    }

    /// The key path's text, the dictionary's part built once.
    mutating func text(of key: Key) -> String {
        let dictionary = dictionaryTexts[key.dictionary] ?? dictionaries[key.dictionary].description
        dictionaryTexts[key.dictionary] = dictionary
        return dictionary + JSONPointer(components: [key.key]).description
    }

    private mutating func number(of pointer: JSONPointer) -> Int {
        let storage = pointer.components.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if let number = numberByStorage[storage] { return number }
        let number = numberByPointer[pointer] ?? dictionaries.count
        if number == dictionaries.count {
            dictionaries.append(pointer)
            dictionaryTexts.append(nil)
            numberByPointer[pointer] = number
        }
        numberByStorage[storage] = number
        return number
    }
}

extension PlistDuplicateKeyCheck {
    static func duplicate(_ key: String, in bundle: InspectedBundle) -> String {
        "\(key) appears more than once in the same dictionary of \(bundle.name)'s Info.plist; only the last value takes effect, so remove the others"
    }
}
