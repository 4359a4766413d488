import BundleCheckFormats
import BundleCheckModel

/// `nested-bundle-simulator` (ITMS-90542): a framework or resource bundle inside a device build
/// whose `CFBundleSupportedPlatforms` names a simulator (`Rules/data/platforms.yml`), as a
/// framework or pod bundle copied from a simulator build says. Apps and extensions built for the
/// simulator are `simulator-build`'s, and a package whose app is one is left to it. One finding
/// per bundle.
struct NestedBundleSimulatorCheck: Check {
    static let ruleID = "nested-bundle-simulator"
    let id = ruleID
    var citesAppleCodes: Bool { true }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        var findings: [Finding] = []
        func judge(_ plist: PlistDictionary?, name: String, owner: InspectedBundle, location: FindingLocation, identity: String) {
            guard !context.app(of: owner).platform.simulator else { return }
            let listed = (plist?["CFBundleSupportedPlatforms"]?.arrayValue ?? []).compactMap(\.stringValue)
            let simulators = listed.filter { name in ApplePlatforms.shipped.platforms(supportedPlatform: name).contains { $0.simulator } }
            guard !simulators.isEmpty else { return }
            findings.append(
                rule.finding(
                    "\(name) says it is built for \(simulators.joined(separator: ", ")) (CFBundleSupportedPlatforms [\(listed.joined(separator: ", "))]) inside a device build; App Store Connect rejects the upload (\(rule.appleCodesText) Invalid CFBundleSupportedPlatforms value): use the device build of it (its xcframework's device slice)",
                    at: location, identity: identity
                ))
        }
        for framework in context.bundles where framework.kind == .framework {
            judge(
                framework.infoPlist?.root.dictionaryValue, name: "the framework \(framework.name)", owner: framework,
                location: framework.infoPlistLocation(JSONPointer("CFBundleSupportedPlatforms")), identity: framework.path)
        }
        for resource in context.resourceBundles {
            judge(
                resource.infoPlist, name: "the resource bundle \(resource.name) in \(resource.owner.name)", owner: resource.owner,
                location: resource.location("CFBundleSupportedPlatforms"), identity: resource.path)
        }
        return findings
    }
}
