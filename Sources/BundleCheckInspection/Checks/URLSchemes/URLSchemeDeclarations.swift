import BundleCheckFormats
import BundleCheckModel

/// The URL schemes a bundle declares in `CFBundleURLTypes`, with where each one is written,
/// and the structural problems met on the way.
struct URLSchemeDeclarations {
    struct Scheme {
        let value: String
        let pointer: JSONPointer
    }

    struct Problem {
        let pointer: JSONPointer
        let message: String
    }

    static let typesPointer = JSONPointer("CFBundleURLTypes")

    private(set) var schemes: [Scheme] = []
    private(set) var problems: [Problem] = []

    init(_ bundle: InspectedBundle) {
        guard let types = bundle.infoPlist?.value(at: Self.typesPointer) else { return }
        guard case .array(let entries) = types else {
            problems.append(Problem(pointer: Self.typesPointer, message: "CFBundleURLTypes is a \(types.typeName); it must be an array of dictionaries"))
            return
        }
        for (index, entry) in entries.enumerated() {
            let entryPointer = Self.typesPointer.appending(index)
            guard case .dictionary(let type) = entry else {
                problems.append(
                    Problem(pointer: entryPointer, message: "CFBundleURLTypes item \(index) is a \(entry.typeName); each item must be a dictionary"))
                continue
            }
            guard let list = type["CFBundleURLSchemes"] else { continue }
            let listPointer = entryPointer.appending("CFBundleURLSchemes")
            guard case .array(let values) = list else {
                problems.append(Problem(pointer: listPointer, message: "CFBundleURLSchemes is a \(list.typeName); it must be an array of strings"))
                continue
            }
            for (position, value) in values.enumerated() {
                let pointer = listPointer.appending(position)
                guard case .string(let text) = value else {
                    problems.append(Problem(pointer: pointer, message: "URL scheme \(position) is a \(value.typeName); schemes must be strings"))
                    continue
                }
                schemes.append(Scheme(value: text, pointer: pointer))
            }
        }
    }
}

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
