import BundleCheckFormats
import BundleCheckModel

/// `app-clip-parent-entitlement` (ITMS-90876): an app that contains an App Clip lists the clip's
/// application identifier in its `com.apple.developer.associated-appclip-app-identifiers`
/// entitlement. The clip's identifier is its own `application-identifier` entitlement, else its
/// team and bundle identifier. Judged where the app is signed with entitlements (a simulator
/// build, signed ad hoc without them, is `simulator-build`'s), and not where either value still
/// holds an unexpanded `$(…)` (`unexpanded-variable` says that).
struct AppClipParentEntitlementCheck: Check {
    let id = "app-clip-parent-entitlement"
    static let key = "com.apple.developer.associated-appclip-app-identifiers"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.filter { $0.kind == .appClip }.compactMap { clip -> Finding? in
            guard let app = context.parent(of: clip), let signing = app.signing, signing.isSigned, let entitlements = signing.entitlements,
                !BinaryCheck.insideReportedSimulatorBuild(app, in: context), let identifier = Self.applicationIdentifier(of: clip),
                !UnexpandedVariable.occurs(in: identifier)
            else { return nil }
            let listed = entitlements.dictionary[Self.key]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard !listed.contains(identifier), !listed.contains(where: UnexpandedVariable.occurs) else { return nil }
            let location = app.location(file: signing.entitlementsPath ?? signing.executablePath, keyPath: JSONPointer(Self.key))
            return rule.finding(Self.message(app, clip, identifier, listed, codes: rule.appleCodesText), at: location, identity: identifier)
        }
    }

    /// The clip's `application-identifier`, else `<team>.<bundle id>`; nil when neither is known.
    static func applicationIdentifier(of clip: InspectedBundle) -> String? {
        if let signed = clip.signing?.entitlements?.applicationIdentifier { return signed }
        guard let team = clip.signing?.teamIdentifier, let bundleIdentifier = clip.bundleIdentifier else { return nil }
        return "\(team).\(bundleIdentifier)"
    }
}

extension AppClipParentEntitlementCheck {
    static func message(_ app: InspectedBundle, _ clip: InspectedBundle, _ identifier: String, _ listed: [String], codes: String) -> String {
        let has = listed.isEmpty ? "lacks the \(key) entitlement" : "lists only \(listed.joined(separator: ", ")) in \(key)"
        return
            "\(app.name) contains the App Clip \(clip.name) but \(has); App Store Connect refuses it (\(codes) \"Missing entitlement\"): add the App Clip's application identifier \(identifier) to the app's Associated App Clip App Identifiers ($(AppIdentifierPrefix)\(clip.bundleIdentifier ?? "…")), which Xcode's App Clips capability writes"
    }
}
