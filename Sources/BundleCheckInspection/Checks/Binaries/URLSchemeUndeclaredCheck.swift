import BundleCheckModel
import Foundation

/// `url-scheme-undeclared`: a `<scheme>://` string in an extension's executable whose scheme the
/// containing app does not declare, so opening it (seed 000's `painotes://import`) goes nowhere.
struct URLSchemeUndeclaredCheck: Check {
    let id = "url-scheme-undeclared"
    var reads: CheckReads { CheckReads(evidence: [Self.need]) }
    /// Finds `scheme://` anywhere in a C string.
    static let pattern = try! NSRegularExpression(pattern: #"([A-Za-z][A-Za-z0-9+.\-]*)://"#)
    /// A cheap test while reading; the pattern runs only on the strings kept.
    static let need = BinaryMatcher(kind: .string, condition: .contains("://"))
    /// Schemes the system answers; an extension may well open them.
    static let system: Set<String> = URLSchemeReservedCheck.reserved.union(["ws", "wss", "x-apple", "applenews", "itms-beta"])

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.filter { $0.kind == .appex }.flatMap { bundle -> [Finding] in
            guard !bundle.runsAppleStub, let signing = bundle.signing, let executable = signing.executable,
                let app = context.parent(of: bundle)
            else { return [] }
            let declared = Set(URLSchemeDeclarations(app).schemes.map { $0.value.lowercased() })
            var reported = Set<String>()
            return executable.slices.flatMap(\.evidence).filter { $0.kind == .string }.flatMap { evidence -> [Finding] in
                Self.schemes(in: evidence.value).compactMap { scheme in
                    let key = scheme.lowercased()
                    guard !Self.system.contains(key), !declared.contains(key), reported.insert(key).inserted else { return nil }
                    return rule.finding(Self.undeclared(scheme, bundle, app), at: bundle.location(file: signing.executablePath), identity: key)
                }
            }
        }
    }

    static func schemes(in text: String) -> [String] {
        let range = NSRange(location: 0, length: NSString(string: text).length)
        return pattern.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

extension URLSchemeUndeclaredCheck {
    static func undeclared(_ scheme: String, _ bundle: InspectedBundle, _ app: InspectedBundle) -> String {
        "\(bundle.name) refers to '\(scheme)://', a scheme \(app.name) does not declare, so opening it cannot reach the app; add '\(scheme)' to the app's CFBundleURLTypes"
    }
}
