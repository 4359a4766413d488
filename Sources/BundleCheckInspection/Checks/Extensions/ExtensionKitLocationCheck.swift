import BundleCheckFormats
import BundleCheckModel

/// `extension-kit-location` (ITMS-91179): ExtensionKit extensions sit in `Extensions/` and declare
/// `EXAppExtensionAttributes`; NSExtension-based ones sit in `PlugIns/` and declare `NSExtension`.
struct ExtensionKitLocationCheck: Check {
    let id = "extension-kit-location"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.kind == .appex, let plist = bundle.infoPlist else { return nil }
            let usesExtensionKit = plist.value(at: JSONPointer("EXAppExtensionAttributes")) != nil
            let usesNSExtension = plist.value(at: JSONPointer("NSExtension")) != nil
            let inExtensions = bundle.containingFolder == "Extensions"
            let point = bundle.extensionPoint ?? ""
            if ExtensionPoints.extensionKit.contains(point) {
                if !inExtensions {
                    return rule.finding(Self.mustMove(bundle, point), at: bundle.infoPlistLocation(pointer(usesExtensionKit)))
                }
                if usesNSExtension {
                    return rule.finding(Self.mustDeclareExtensionKit(bundle, point), at: bundle.infoPlistLocation(JSONPointer("NSExtension")))
                }
            }
            if inExtensions && usesNSExtension && !usesExtensionKit {
                return rule.finding(Self.nsExtensionInExtensions(bundle), at: bundle.infoPlistLocation(JSONPointer("NSExtension")))
            }
            if !inExtensions && usesExtensionKit {
                return rule.finding(Self.extensionKitInPlugIns(bundle), at: bundle.infoPlistLocation(JSONPointer("EXAppExtensionAttributes")))
            }
            return nil
        }
    }

    private func pointer(_ usesExtensionKit: Bool) -> JSONPointer {
        usesExtensionKit ? JSONPointer("EXAppExtensionAttributes") : JSONPointer("NSExtension")
    }
}

extension ExtensionKitLocationCheck {
    static func mustMove(_ bundle: InspectedBundle, _ point: String) -> String {
        "\(bundle.name) is an ExtensionKit extension (\(point)) but sits in \(bundle.containingFolder ?? "the app"); it belongs in the app's Extensions folder"
    }

    static func mustDeclareExtensionKit(_ bundle: InspectedBundle, _ point: String) -> String {
        "\(bundle.name) declares NSExtension, but \(point) is an ExtensionKit point; declare EXAppExtensionAttributes instead"
    }

    static func nsExtensionInExtensions(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) sits in Extensions, which is for ExtensionKit extensions, but declares NSExtension; move it to PlugIns"
    }

    static func extensionKitInPlugIns(_ bundle: InspectedBundle) -> String {
        "\(bundle.name) declares EXAppExtensionAttributes but sits in \(bundle.containingFolder ?? "the app"); ExtensionKit extensions belong in Extensions"
    }
}
