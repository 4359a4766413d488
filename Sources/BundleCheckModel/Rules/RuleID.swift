/// The shape of a rule id: lowercase words joined by single hyphens (`version-mismatch`).
enum RuleID {
    static func isValid(_ id: String) -> Bool {
        guard let first = id.first, first.isASCII, first.isLowercase, id.last != "-", !id.contains("--") else { return false }
        return id.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }
}
