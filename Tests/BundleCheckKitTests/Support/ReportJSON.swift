import Foundation
import Testing

/// A JSON report printed by the command, read back with Foundation for assertions.
struct ReportJSON {
    let root: [String: Any]

    init(_ text: String) throws {
        root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON report: \(text)")
    }

    /// Every finding of every input.
    var findings: [[String: Any]] {
        (root["inputs"] as? [[String: Any]] ?? []).flatMap { $0["findings"] as? [[String: Any]] ?? [] }
    }

    func findings(_ rule: String) -> [[String: Any]] {
        findings.filter { $0["rule"] as? String == rule }
    }

    func summary(_ key: String) -> Int? {
        (root["summary"] as? [String: Any])?[key] as? Int
    }
}
