import BundleCheckFormats
import BundleCheckModel

/// `sdk-privacy-manifest-missing` (ITMS-91061): a framework that Apple lists as a commonly used
/// third-party SDK holds no `PrivacyInfo.xcprivacy` at its root. A manifest elsewhere in it (a
/// resource bundle inside the framework) does not count, and the finding says so. Whether the
/// SDK's signature is valid (ITMS-91065) lives in the XCFramework, not in a built package.
struct SDKPrivacyManifestCheck: Check {
    let id = "sdk-privacy-manifest-missing"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let list = ListedSDKs.shipped
        return context.bundles.filter { $0.kind == .framework }.compactMap { bundle -> Finding? in
            guard !bundle.privacyManifests.contains(where: { $0.placement == .bundle }),
                let (sdk, evidence) = list.match(frameworkPath: bundle.path, bundleIdentifier: bundle.bundleIdentifier)
            else { return nil }
            let elsewhere = bundle.privacyManifests.map { String($0.path.dropFirst(bundle.path.count + 1)) }
            return rule.finding(
                Self.missing(bundle, sdk: sdk, evidence: evidence, elsewhere: elsewhere, list: list),
                at: bundle.location(file: bundle.signing?.executablePath),
                identity: sdk.name
            )
        }
    }
}

extension SDKPrivacyManifestCheck {
    static func missing(_ bundle: InspectedBundle, sdk: ListedSDKs.SDK, evidence: ListedSDKs.Evidence, elsewhere: [String], list: ListedSDKs) -> String {
        var how = ""
        if case .bundleIdentifier(let identifier) = evidence { how = " (by its bundle identifier \(identifier))" }
        var text =
            "\(bundle.name) is \(sdk.name)\(how), one of the SDKs Apple lists as commonly used (list published \(list.published)), "
            + "and has no privacy manifest; since \(list.enforced) Apple refuses such an upload"
        if !elsewhere.isEmpty {
            text += " (\(elsewhere.joined(separator: ", ")) does not count: only \(bundle.name)/\(PrivacyManifest.fileName) does)"
        }
        return text + "; update \(sdk.name) to a version that ships \(PrivacyManifest.fileName) inside \(bundle.name)"
    }
}
