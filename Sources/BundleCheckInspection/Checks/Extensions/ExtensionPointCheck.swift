import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `extension-point-missing`, `extension-point-unknown` (ITMS-90349) and
/// `extension-point-platform`: every app extension names an extension point, one that exists,
/// and one its app's platform loads (`Rules/data/platforms.yml`).
struct ExtensionPointCheck: Check {
    var id: String { mode.rawValue }

    enum Mode: String {
        case missing = "extension-point-missing"
        case unknown = "extension-point-unknown"
        case platform = "extension-point-platform"
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
            case .platform:
                guard let located, let point = plist.value(at: located)?.stringValue, let known = ExtensionPoints.table[point],
                    !bundle.platform.platform.extensionPoints.contains(point)
                else { return nil }
                return rule.finding(Self.notOnPlatform(known, bundle), at: bundle.infoPlistLocation(located))
            }
        }
    }
}

extension ExtensionPointCheck {
    static func missing(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) names no extension point; set NSExtension/NSExtensionPointIdentifier (or EXAppExtensionAttributes/EXExtensionPointIdentifier) to a string such as com.apple.share-services"
    }

    static func unknown(_ point: String, _ bundle: InspectedBundle) -> String {
        let near = ExtensionPoints.all
            .filter { $0.lowercased() == point.lowercased() || $0.replacingOccurrences(of: "-", with: "") == point.replacingOccurrences(of: "-", with: "") }
            .sorted().first
        return "\(bundle.name) names the extension point '\(point)', which no Apple platform is known to load" + (near.map { "; did you mean '\($0)'?" } ?? "")
    }

    static func notOnPlatform(_ point: ApplePlatforms.ExtensionPoint, _ bundle: InspectedBundle) -> String {
        let table = ApplePlatforms.shipped
        let names = table.platforms.filter { point.platforms.contains($0.id) }.map(\.name)
        return
            "\(bundle.name) is a \(point.identifier) extension, which \(bundle.platform.platform.name) does not load (\(names.joined(separator: ", ")) do\(names.count == 1 ? "es" : "")); remove it from the \(bundle.platform.platform.name) app, or build it into the app of a platform that has it"
    }
}
