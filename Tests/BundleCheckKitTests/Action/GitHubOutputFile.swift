import Foundation
import Testing

/// Reads a `$GITHUB_OUTPUT` file as the runner does: `name=value` lines, and
/// `name<<DELIMITER` … `DELIMITER` for values with line breaks. A line of neither form is an
/// error, as it fails the step on GitHub.
enum GitHubOutputFile {
    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        if lines.last == "" { lines.removeLast() }
        while let line = lines.popFirst() {
            if line.isEmpty { continue }
            let heredoc = line.firstRange(of: "<<")
            let equals = line.firstIndex(of: "=")
            if let equals, heredoc.map({ equals < $0.lowerBound }) ?? true {
                values[String(line[..<equals])] = String(line[line.index(after: equals)...])
            } else if let heredoc {
                let name = String(line[..<heredoc.lowerBound])
                let delimiter = String(line[heredoc.upperBound...])
                #expect(!delimiter.isEmpty, "output \(name) has an empty delimiter")
                var body: [String] = []
                while true {
                    guard let next = lines.popFirst() else {
                        Issue.record("output \(name): no closing \(delimiter)")
                        break
                    }
                    if next == delimiter { break }
                    body.append(next)
                }
                values[name] = body.joined(separator: "\n")
            } else {
                Issue.record("not an output line: \(line)")
            }
        }
        return values
    }
}
