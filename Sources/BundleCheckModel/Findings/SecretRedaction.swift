import BundleCheckFormats

/// The secrets a run found, and what stands for each wherever a report would print it: every
/// string of the report (findings' messages and excerpts, the bundles' property lists, their
/// entitlements and privacy manifests) passes through `redact` before any reporter sees it, so
/// no format can print a secret that `embedded-secret` or `possible-secret` found, whatever rule
/// quotes the value it sits in.
public struct SecretRedaction: Sendable {
    /// Longest first, so a secret that holds another is replaced whole.
    private let replacements: [(secret: String, standIn: String)]
    /// Every 8-byte run of each secret's bytes past its shown prefix, packed, with the secret
    /// and where the run starts in it: a rule that quotes a value cut short (a placeholder's
    /// first 80 characters, a parse error's window) would otherwise print part of a secret.
    private let runs: [UInt64: (secret: Int, offset: Int)]
    private let secretBytes: [[UInt8]]
    private let standIns: [String]

    /// No secrets: every string passes unchanged.
    public static let none = SecretRedaction(secrets: [])

    /// Each secret's text, the documented prefix a report may show, and its fingerprint.
    package init(secrets: [(text: String, shown: String, fingerprint: String)]) {
        var seen: Set<String> = []
        let kept =
            secrets
            .filter { $0.text.utf8.count >= Self.shortestRedacted && seen.insert($0.text).inserted }
            .sorted { $0.text.utf8.count > $1.text.utf8.count }
        replacements = kept.map { ($0.text, "\($0.shown)…[secret \($0.fingerprint)]") }
        secretBytes = kept.map { Array($0.text.utf8) }
        standIns = kept.map { "…[secret \($0.fingerprint)]" }
        var runs: [UInt64: (secret: Int, offset: Int)] = [:]
        for (index, secret) in kept.enumerated() {
            let bytes = secretBytes[index]
            let start = secret.text.hasPrefix(secret.shown) ? secret.shown.utf8.count : 0
            guard bytes.count - start >= Self.shortestRedacted else { continue }
            for offset in start...(bytes.count - Self.shortestRedacted) where runs[Self.pack(bytes, offset)] == nil {
                runs[Self.pack(bytes, offset)] = (index, offset)
            }
        }
        self.runs = runs
    }

    /// Shorter text is too common to replace everywhere (and shorter secrets are not recognised).
    static let shortestRedacted = 8

    public var isEmpty: Bool { replacements.isEmpty }

    /// `sha256:` and the first 8 hexadecimal digits of the SHA-256 of `bytes`.
    package static func fingerprint(of bytes: [UInt8]) -> String {
        let digest = (try? Digest.hash(bytes, .sha256)) ?? []
        return "sha256:" + Hex.lowercase(Array(digest.prefix(4)))
    }

    /// `text` with every secret, and every run of 8 or more of a secret's bytes past its
    /// shown prefix, replaced by its stand-in.
    package func redact(_ text: String) -> String {
        guard !replacements.isEmpty else { return text }
        var result = text
        for (secret, standIn) in replacements where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: standIn)
        }
        return redactingRuns(result)
    }

    private func redactingRuns(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count >= Self.shortestRedacted else { return text }
        var output: [UInt8] = []
        var changed = false
        var index = 0
        var copiedUpTo = 0
        while index + Self.shortestRedacted <= bytes.count {
            guard let (secret, offset) = runs[Self.pack(bytes, index)] else {
                index += 1
                continue
            }
            // The run goes on as long as the text follows the secret.
            let source = secretBytes[secret]
            var length = Self.shortestRedacted
            while index + length < bytes.count, offset + length < source.count, bytes[index + length] == source[offset + length] { length += 1 }
            output += bytes[copiedUpTo..<index]
            output += Array(standIns[secret].utf8)
            changed = true
            index += length
            copiedUpTo = index
        }
        guard changed else { return text }
        output += bytes[copiedUpTo...]
        return String(decoding: output, as: UTF8.self)
    }

    private static func pack(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        var packed: UInt64 = 0
        for position in 0..<8 { packed |= UInt64(bytes[offset + position]) << UInt64(position * 8) }
        return packed
    }

    package func redact(_ value: PlistValue) -> PlistValue {
        switch value {
        case .string(let text): .string(redact(text))
        case .array(let items): .array(items.map(redact))
        case .dictionary(let dictionary):
            .dictionary(PlistDictionary(dictionary.entries.map { PlistDictionary.Entry(key: redact($0.key), value: redact($0.value)) }))
        case .integer, .real, .bool, .date, .data, .uid: value
        }
    }

    package func redact(_ document: PropertyListDocument) -> PropertyListDocument {
        PropertyListDocument(format: document.format, root: redact(document.root), lines: document.lines, duplicateKeys: document.duplicateKeys)
    }

    package func redact(_ finding: Finding) -> Finding {
        var copy = finding
        copy.message = redact(finding.message)
        copy.location.excerpt = finding.location.excerpt.map(redact)
        if let keyPath = finding.location.keyPath { copy.location.keyPath = JSONPointer(components: keyPath.components.map(redact)) }
        return copy
    }

    package func redact(_ bundle: InspectedBundle) -> InspectedBundle {
        guard !isEmpty else { return bundle }
        var copy = bundle
        copy.infoPlist = bundle.infoPlist.map(redact)
        if let entitlements = bundle.signing?.entitlements {
            copy.signing?.entitlements = Entitlements(
                PlistDictionary(
                    entitlements.dictionary.entries.map {
                        PlistDictionary.Entry(key: redact($0.key), value: redact($0.value))
                    }))
        }
        copy.privacyManifests = bundle.privacyManifests.map { manifest in
            var redacted = manifest
            redacted.document = manifest.document.map(redact)
            return redacted
        }
        return copy
    }
}
