import Foundation

/// Reads a `--baseline` file, checking it is what `--write-baseline` writes.
public enum BaselineReader {
    public static func read(path: String) throws(BaselineError) -> Baseline {
        let data = try UserFile.read(path, notFound: { BaselineError.notFound(file: path) }, unreadable: { BaselineError.unreadable(file: path, reason: $0) })
        return try parse(data, file: path)
    }

    /// The baseline in `data`; `file` is what messages call it.
    public static func parse(_ data: Data, file: String) throws(BaselineError) -> Baseline {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .notJSON(file: file, reason: (error as NSError).localizedDescription)
        }
        guard let root = object as? [String: Any] else {
            throw .malformed(file: file, location: "$", problem: "expected an object with schemaVersion and findings")
        }
        guard let version = root["schemaVersion"] else {
            throw .malformed(file: file, location: "$.schemaVersion", problem: "missing")
        }
        guard let number = version as? NSNumber, !isBoolean(number), number.doubleValue == Double(Baseline.schemaVersion) else {
            throw .unsupportedVersion(file: file, version: "\(version)")
        }
        guard let findings = root["findings"] as? [Any] else {
            throw .malformed(file: file, location: "$.findings", problem: "expected a list of findings")
        }
        var entries: [BaselineEntry] = []
        for (index, item) in findings.enumerated() {
            let location = "$.findings[\(index)]"
            guard let finding = item as? [String: Any] else {
                throw .malformed(file: file, location: location, problem: "expected an object with fingerprint, rule and bundle")
            }
            guard let fingerprint = finding["fingerprint"] as? String, isFingerprint(fingerprint) else {
                throw .malformed(file: file, location: location + ".fingerprint", problem: "expected 16 lowercase hexadecimal digits")
            }
            guard let rule = finding["rule"] as? String else {
                throw .malformed(file: file, location: location + ".rule", problem: "expected the rule id")
            }
            let bundle = finding["bundle"]
            guard bundle == nil || bundle is NSNull || bundle is String else {
                throw .malformed(file: file, location: location + ".bundle", problem: "expected a bundle path or null")
            }
            entries.append(BaselineEntry(fingerprint: fingerprint, rule: rule, bundle: bundle as? String))
        }
        return Baseline(entries: entries)
    }

    static func isFingerprint(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// JSONSerialization returns booleans as NSNumber too; `true` must not read as version 1.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == type(of: NSNumber(value: true))
    }
}

/// A `--baseline` file bundlecheck cannot use, worded in one place; a usage error (exit 64).
public enum BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(file: String)
    case unreadable(file: String, reason: String)
    case notJSON(file: String, reason: String)
    /// Valid JSON, but not what `--write-baseline` writes: `location` is a JSON path (`$.findings[2].fingerprint`).
    case malformed(file: String, location: String, problem: String)
    /// A `schemaVersion` this bundlecheck does not read.
    case unsupportedVersion(file: String, version: String)

    public var description: String {
        switch self {
        case .notFound(let file):
            "\(file): no such baseline file; write one with --write-baseline"
        case .unreadable(let file, let reason):
            "\(file): the baseline cannot be read: \(reason)"
        case .notJSON(let file, let reason):
            "\(file): the baseline is not valid JSON: \(reason)"
        case .malformed(let file, let location, let problem):
            "\(file): not a bundlecheck baseline: \(location): \(problem)"
        case .unsupportedVersion(let file, let version):
            "\(file): baseline schemaVersion \(version) is not supported; this bundlecheck reads version \(Baseline.schemaVersion)"
        }
    }
}
