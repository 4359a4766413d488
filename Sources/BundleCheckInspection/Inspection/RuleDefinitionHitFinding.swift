import BundleCheckFormats
import BundleCheckModel

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
