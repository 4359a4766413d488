import BundleCheckFormats
import BundleCheckModel

/// `principal-class`: an NSExtension-based extension names exactly one entry point,
/// `NSExtensionPrincipalClass` or `NSExtensionMainStoryboard`.
struct PrincipalClassCheck: Check {
    let id = "principal-class"

    static let classPointer = JSONPointer("NSExtension", "NSExtensionPrincipalClass")
    static let storyboardPointer = JSONPointer("NSExtension", "NSExtensionMainStoryboard")

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .appex, let plist = bundle.infoPlist,
                plist.value(at: JSONPointer("NSExtension")) != nil,
                let point = bundle.extensionPoint, !ExtensionPoints.withoutPrincipalClass.contains(point)
            else { return nil }
            let hasClass = Self.isSet(plist.value(at: Self.classPointer))
            let hasStoryboard = Self.isSet(plist.value(at: Self.storyboardPointer))
            switch (hasClass, hasStoryboard) {
            case (true, false), (false, true):
                return nil
            case (false, false):
                return rule.finding(Self.neither(bundle), at: bundle.infoPlistLocation(JSONPointer("NSExtension")))
            case (true, true):
                return rule.finding(Self.both(bundle), at: bundle.infoPlistLocation(Self.storyboardPointer))
            }
        }
    }

    private static func isSet(_ value: PlistValue?) -> Bool {
        guard case .string(let text)? = value else { return value != nil }
        return !text.allSatisfy(\.isWhitespace)
    }
}

extension PrincipalClassCheck {
    static func neither(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) names neither NSExtensionPrincipalClass nor NSExtensionMainStoryboard, so \(bundle.platform.platform.name) has nothing to launch; set one of them"
    }

    static func both(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) names both NSExtensionPrincipalClass and NSExtensionMainStoryboard; keep only the one your extension uses"
    }
}
