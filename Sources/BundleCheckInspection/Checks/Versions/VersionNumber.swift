/// Apple's version-number grammar: one to three period-separated non-negative integers.
enum VersionNumber {
    /// Why `text` is not a valid version, or nil when it is.
    static func problem(in text: String) -> String? {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        // A bad component (`0-beta`) says more than the count it inflates.
        for component in components {
            if component.isEmpty {
                return "has an empty component"
            }
            if !component.allSatisfy({ $0.isASCII && $0.isNumber }) {
                return "component '\(component)' is not a non-negative integer"
            }
        }
        if components.count > 3 {
            return "has \(components.count) components; at most three are allowed"
        }
        return nil
    }
}
