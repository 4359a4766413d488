import BundleCheckFormats
import BundleCheckModel

/// `bundle-id-prefix`: an extension, watch app or app clip's identifier is its parent's followed
/// by `.` and exactly one more component (Xcode: "Embedded binary's bundle identifier is not
/// prefixed with the parent app's bundle identifier").
struct BundleIdentifierPrefixCheck: Check {
    let id = "bundle-id-prefix"

    static let pointer = JSONPointer("CFBundleIdentifier")

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind != .framework,
                let parent = context.parent(of: bundle), parent.kind != .framework,
                let identifier = bundle.bundleIdentifier, let parentIdentifier = parent.bundleIdentifier,
                !identifier.isEmpty, !parentIdentifier.isEmpty,
                !UnexpandedVariable.occurs(in: identifier), !UnexpandedVariable.occurs(in: parentIdentifier)
            else { return nil }
            let prefix = parentIdentifier + "."
            let rest = identifier.hasPrefix(prefix) ? identifier.dropFirst(prefix.count) : nil
            if let rest, !rest.isEmpty, !rest.contains(".") { return nil }
            return rule.finding(Self.notPrefixed(bundle, identifier, parent, parentIdentifier), at: bundle.infoPlistLocation(Self.pointer))
        }
    }
}

extension BundleIdentifierPrefixCheck {
    static func notPrefixed(_ bundle: InspectedBundle, _ identifier: String, _ parent: InspectedBundle, _ parentIdentifier: String) -> String {
        "\(bundle.name)'s identifier '\(identifier)' must be \(parent.name)'s '\(parentIdentifier)' followed by '.' and one more component, e.g. '\(parentIdentifier).\(bundle.name.split(separator: ".").first.map(String.init)?.lowercased() ?? "extension")'"
    }
}
