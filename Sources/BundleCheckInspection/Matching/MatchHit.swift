import BundleCheckFormats
import BundleCheckModel

/// One place where a matcher matched: what a rule turns into a finding.
struct MatchHit: Sendable, Hashable, Comparable {
    /// The bundle the hit is in; nil for path and text hits of an archive-scoped rule.
    let bundle: String?
    /// The file or folder at fault, as a full container path.
    let file: String?
    /// Where in the file's property list, for plist hits.
    let keyPath: JSONPointer?
    /// 1-based line: of the plist element (XML only) or of the text match.
    let line: Int?
    /// What matched, in words for a message: the path relative to the subject,
    /// the value's text, or the matched text; nil for `missing` and `not`.
    let value: String?
    /// Tells apart the hits of one rule in one bundle for the fingerprint: the
    /// file path for path hits, the pointer for plist hits, `file:line` for text hits.
    let identity: String?

    /// By bundle, file, key path, then line: a report reads bundle by bundle, file by file.
    static func < (lhs: MatchHit, rhs: MatchHit) -> Bool {
        for (left, right) in zip(lhs.orderingKey, rhs.orderingKey) where left != right {
            return left < right
        }
        return false
    }

    /// Missing parts sort first: a leading marker keeps nil apart from the empty
    /// string, and lines are padded so that line 9 comes before line 10.
    private var orderingKey: [String] {
        let paddedLine = line.map { String(repeating: "0", count: max(0, 20 - String($0).count)) + String($0) }
        return [bundle, file, keyPath?.description, paddedLine, identity, value].map { $0.map { "1" + $0 } ?? "0" }
    }
}

extension RuleDefinition {
    /// The finding a matcher hit becomes, worded by the rule's `message` template.
    func finding(for hit: MatchHit) -> Finding {
        finding(message(for: hit), at: FindingLocation(bundle: hit.bundle, file: hit.file, keyPath: hit.keyPath, line: hit.line), identity: hit.identity)
    }

    func message(for hit: MatchHit) -> String {
        let file = hit.file ?? ""
        let location = [hit.file, hit.keyPath?.description].compactMap { $0 }.joined(separator: " ")
        guard let template = messageTemplate else {
            return location.isEmpty ? title : "\(title): \(location)"
        }
        let replacements = [
            "{location}": location,
            "{file}": file,
            "{name}": PackagePath.name(file),
            "{bundle}": hit.bundle ?? "the package",
            "{bundle-name}": hit.bundle.map(PackagePath.name) ?? "the package",
            "{key-path}": hit.keyPath?.description ?? "",
            "{value}": hit.value ?? "",
        ]
        // One pass over the template, so a value holding "{file}" is not expanded again.
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            if let close = rest[open...].firstIndex(of: "}"), let value = replacements[String(rest[open...close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
            }
        }
        return result + rest
    }
}
