import BundleCheckFormats

/// The secrets a run found, and what stands for each wherever a report would print it: every
/// string of the report (findings' messages and excerpts, the bundles' property lists, their
/// entitlements and privacy manifests) passes through `redact` before any reporter sees it, so
/// no format can print a secret that `embedded-secret` or `possible-secret` found, whatever rule
/// quotes the value it sits in.
public struct SecretRedaction: Sendable {
    /// Longest first, so a secret that holds another is replaced whole.
    private let replacements: [(secret: String, standIn: String)]

    /// No secrets: every string passes unchanged.
    public static let none = SecretRedaction(secrets: [])

    /// Each secret's text, the documented prefix a report may show, and its fingerprint.
    package init(secrets: [(text: String, shown: String, fingerprint: String)]) {
        var seen: Set<String> = []
        replacements =
            secrets
            .filter { $0.text.count >= Self.shortestRedacted && seen.insert($0.text).inserted }
            .sorted { $0.text.count > $1.text.count }
            .map { ($0.text, "\($0.shown)…[secret \($0.fingerprint)]") }
    }

    /// Shorter text is too common to replace everywhere (and shorter secrets are not recognised).
    static let shortestRedacted = 8

    public var isEmpty: Bool { replacements.isEmpty }

    /// `sha256:` and the first 8 hexadecimal digits of the SHA-256 of `bytes`.
    package static func fingerprint(of bytes: [UInt8]) -> String {
        let digest = (try? Digest.hash(bytes, .sha256)) ?? []
        return "sha256:" + Hex.lowercase(Array(digest.prefix(4)))
    }

    /// `text` with every secret replaced by its stand-in.
    package func redact(_ text: String) -> String {
        guard !replacements.isEmpty else { return text }
        var result = text
        for (secret, standIn) in replacements where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: standIn)
        }
        return result
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
