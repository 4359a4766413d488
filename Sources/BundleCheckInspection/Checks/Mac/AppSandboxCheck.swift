import BundleCheckFormats
import BundleCheckModel

/// `app-sandbox-missing` (ITMS-90296): a Mac App Store upload runs every executable in the App
/// Sandbox: the app, its extensions, XPC services, login items, helper apps and helper tools
/// each carry `com.apple.security.app-sandbox` true in their signed entitlements ("The
/// following executables must include the com.apple.security.app-sandbox entitlement").
/// Frameworks and libraries are loaded into a sandboxed process and carry no entitlements;
/// system extensions are held to their own entitlements. Outside the store an app extension
/// still must be sandboxed (pkd: "plug-ins must be sandboxed"), so extensions are judged for
/// every Mac distribution.
/// Its rule's scope (`platforms: [macos, maccatalyst]`) keeps it to Mac bundles: the check does not ask again.
struct AppSandboxCheck: DistributionCheck {
    let id = "app-sandbox-missing"
    var citesAppleCodes: Bool { true }

    static let key = "com.apple.security.app-sandbox"
    static let sandboxedInTheStore: Set<BundleKind> = [.app, .appex, .xpcService, .loginItem, .helper]

    var distributions: Set<Distribution> { [.macAppStore, .developerID, .development] }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle -> [Finding] in
            guard let signing = bundle.signing else { return [] }
            let store = distribution == .macAppStore
            // A framework's own executable is a library; its helper tools are programs (a crash handler).
            let judgesExecutable = store ? Self.sandboxedInTheStore.contains(bundle.kind) : bundle.kind == .appex
            guard judgesExecutable || (store && bundle.kind == .framework) else { return [] }
            var findings: [Finding] = []
            // An unsigned executable is unsigned's finding; one signed without the key is this rule's.
            if judgesExecutable, let path = signing.executablePath, signing.isSigned, signing.entitlements?.dictionary[Self.key]?.boolValue != true {
                let location = bundle.location(file: signing.entitlementsPath ?? path, keyPath: JSONPointer(Self.key))
                // Apple's code is the store's; outside it the system refuses to load the extension.
                findings.append(
                    rule.finding(
                        Self.missing("the executable of \(bundle.name)", distribution, codes: rule.appleCodesText), at: location,
                        appleCodes: store ? rule.appleCodes : []
                    ))
            }
            guard store else { return findings }
            for tool in signing.tools where tool.isSigned && !Self.isSandboxed(tool) {
                let location = bundle.location(file: tool.path, keyPath: JSONPointer(Self.key))
                findings.append(
                    rule.finding(
                        Self.missing(BinaryCheck.describe(tool, of: bundle), distribution, codes: rule.appleCodesText), at: location, identity: tool.path))
            }
            return findings
        }
    }

    /// Whether a helper tool's own signature grants the sandbox (its entitlements, read here:
    /// only this rule looks at a tool's entitlements).
    static func isSandboxed(_ tool: BundleBinary) -> Bool {
        guard let xml = tool.file.slices.lazy.compactMap({ $0.codeSignature?.entitlementsXML }).first,
            let entitlements = try? Entitlements(propertyList: xml, file: tool.path)
        else { return false }
        return entitlements.dictionary[key]?.boolValue == true
    }
}

extension AppSandboxCheck {
    /// `codes`: the rule's Apple codes, as the message cites them in the store.
    static func missing(_ what: String, _ distribution: Distribution, codes: String) -> String {
        if distribution == .macAppStore {
            return
                "\(what) is signed without com.apple.security.app-sandbox true; the Mac App Store runs every executable in the App Sandbox and refuses the upload (\(codes)): add the App Sandbox capability to its target"
        }
        return
            "\(what) is signed without com.apple.security.app-sandbox true; macOS loads app extensions only when they are sandboxed (pkd: 'plug-ins must be sandboxed'), whatever the distribution: add the App Sandbox capability to its target"
    }
}
