import Foundation
import BundleCheckFormats
import BundleCheckModel

/// `extension-point-missing` and `extension-point-unknown` (ITMS-90349): every app extension
/// names an extension point, and one that exists.
struct ExtensionPointCheck: Check {
    var id: String { mode.rawValue }
    var evidenceNeeds: [BinaryMatcher] { [] }

    enum Mode: String {
        case missing = "extension-point-missing"
        case unknown = "extension-point-unknown"
    }

    static let pointer = JSONPointer("NSExtension", "NSExtensionPointIdentifier")
    static let extensionKitPointer = JSONPointer("EXAppExtensionAttributes", "EXExtensionPointIdentifier")

    let mode: Mode

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .appex, let plist = bundle.infoPlist else { return nil }
            let located = [Self.pointer, Self.extensionKitPointer].first { plist.value(at: $0) != nil }
            switch mode {
            case .missing:
                if let located, let point = plist.value(at: located)?.stringValue, !point.isEmpty { return nil }
                return rule.finding(Self.missing(bundle), at: bundle.infoPlistLocation(located ?? Self.pointer))
            case .unknown:
                guard let located, let point = plist.value(at: located)?.stringValue, !point.isEmpty,
                      !UnexpandedVariable.occurs(in: point), !ExtensionPoints.isKnown(point)
                else { return nil }
                return rule.finding(Self.unknown(point, bundle), at: bundle.infoPlistLocation(located))
            }
        }
    }
}

extension ExtensionPointCheck {
    static func missing(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) names no extension point; set NSExtension/NSExtensionPointIdentifier (or EXAppExtensionAttributes/EXExtensionPointIdentifier) to a string such as com.apple.share-services"
    }

    static func unknown(_ point: String, _ bundle: InspectedBundle) -> String {
        let near = ExtensionPoints.nsExtension.union(ExtensionPoints.extensionKit)
            .filter { $0.lowercased() == point.lowercased() || $0.replacingOccurrences(of: "-", with: "") == point.replacingOccurrences(of: "-", with: "") }
            .sorted().first
        return "\(bundle.name) names the extension point '\(point)', which iOS does not know" + (near.map { "; did you mean '\($0)'?" } ?? "")
    }
}
