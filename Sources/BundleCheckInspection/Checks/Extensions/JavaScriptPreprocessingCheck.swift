import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `js-preprocessing`: `NSExtensionJavaScriptPreprocessingFile` names a `<name>.js` at the top of
/// the extension that defines the global `ExtensionPreprocessingJS` (seed 003).
struct JavaScriptPreprocessingCheck: Check {
    let id = "js-preprocessing"
    /// The extension's preprocessing script, whole.
    var reads: CheckReads { CheckReads(wholeFiles: [.suffix(".js", inside: ".appex/", limit: Self.fileLimit)]) }

    static let pointer = JSONPointer("NSExtension", "NSExtensionAttributes", "NSExtensionJavaScriptPreprocessingFile")
    static let definition = try! NSRegularExpression(pattern: #"\bExtensionPreprocessingJS\s*="#)
    static let fileLimit = 1 << 20

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .appex, let value = bundle.infoPlist?.value(at: Self.pointer) else { return nil }
            func finding(_ message: String) -> Finding {
                rule.finding(message, at: bundle.infoPlistLocation(Self.pointer))
            }
            guard case .string(let name) = value, !name.isEmpty else { return finding(Self.notAName(bundle)) }
            if UnexpandedVariable.occurs(in: name) { return nil }
            if name.hasSuffix(".js") { return finding(Self.withExtension(name)) }
            let path = bundle.layout.resource(name + ".js")
            guard context.paths.isFile(path) else { return finding(Self.missingFile(name, bundle)) }
            guard let bytes = context.read(path, limit: Self.fileLimit), let text = String(bytes: bytes, encoding: .utf8) else { return nil }
            let range = NSRange(text.startIndex..., in: text)
            guard Self.definition.firstMatch(in: text, range: range) == nil else { return nil }
            return finding(Self.noDefinition(name))
        }
    }
}

extension JavaScriptPreprocessingCheck {
    static func notAName(_ bundle: InspectedBundle) -> String {
        "NSExtensionJavaScriptPreprocessingFile of \(bundle.name) must name a JavaScript file, without '.js'"
    }

    static func withExtension(_ name: String) -> String {
        "NSExtensionJavaScriptPreprocessingFile is '\(name)'; write the name without '.js', e.g. '\(name.dropLast(3))'"
    }

    static func missingFile(_ name: String, _ bundle: InspectedBundle) -> String {
        "\(bundle.name) has no \(name).js, the file NSExtensionJavaScriptPreprocessingFile names; add it to the extension target's resources"
    }

    static func noDefinition(_ name: String) -> String {
        "\(name).js does not define ExtensionPreprocessingJS, the global Safari calls; assign it, e.g. 'var ExtensionPreprocessingJS = new MyPreprocessor'"
    }
}
