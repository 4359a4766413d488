/// RFC 3986's scheme grammar as Apple checks it (ITMS-90158): a letter, then letters, digits, `+`, `-` or `.`.
enum URLSchemeSyntax {
    /// Why `scheme` is not well formed, or nil when it is.
    static func problem(in scheme: String) -> String? {
        if scheme.isEmpty { return "is empty" }
        if scheme.contains("://") || scheme.hasSuffix(":") {
            return "includes '\(scheme.contains("://") ? "://" : ":")'; declare the scheme alone, e.g. '\(scheme.components(separatedBy: ":").first ?? "")'"
        }
        if scheme.contains(where: \.isWhitespace) { return "contains white space" }
        if let first = scheme.first, first.isASCII, first.isNumber { return "begins with the digit '\(first)'; a scheme must begin with a letter" }
        if let first = scheme.first, !(first.isASCII && first.isLetter) { return "begins with '\(first)'; a scheme must begin with a letter" }
        let others = scheme.filter { !($0.isASCII && ($0.isLetter || $0.isNumber)) && !"+-.".contains($0) }
        if !others.isEmpty {
            let listed = Set(others).sorted().map { "'\($0)'" }.joined(separator: ", ")
            return "contains \(listed); only letters, digits, '+', '-' and '.' are allowed"
        }
        return nil
    }
}
