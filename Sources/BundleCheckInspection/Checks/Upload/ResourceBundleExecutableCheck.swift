import BundleCheckFormats
import BundleCheckModel

/// `resource-bundle-executable` (ITMS-90535): a resource bundle (`ResourceBundle`) whose
/// Info.plist names a `CFBundleExecutable` it does not hold (at its top, or in `Contents/MacOS`
/// the Mac's way), the CocoaPods resource bundles' classic mistake. One finding per bundle.
struct ResourceBundleExecutableCheck: Check {
    static let ruleID = "resource-bundle-executable"
    let id = ruleID
    var citesAppleCodes: Bool { true }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.resourceBundles.compactMap { resource -> Finding? in
            guard let executable = resource.infoPlist?["CFBundleExecutable"]?.stringValue, !executable.isEmpty,
                !UnexpandedVariable.occurs(in: executable), !executable.contains("/")
            else { return nil }
            let path = resource.path + (resource.isMacStyle ? "/Contents/MacOS/" : "/") + executable
            guard !context.paths.isFile(path) else { return nil }
            return rule.finding(
                "the resource bundle \(resource.name) in \(resource.owner.name) names the executable \(executable) in CFBundleExecutable, but holds no \(PackagePath.name(path)); App Store Connect rejects the upload (\(rule.appleCodesText) Unexpected CFBundleExecutable Key): remove the key from its Info.plist",
                at: resource.location("CFBundleExecutable"), identity: resource.path
            )
        }
    }
}
