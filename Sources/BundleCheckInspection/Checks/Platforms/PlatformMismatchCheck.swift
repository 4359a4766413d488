import BundleCheckFormats
import BundleCheckModel

/// `platform-mismatch`: a nested bundle built for another platform than its container allows.
/// Extensions, frameworks and app clips are built for their app's platform; an iOS app's watch
/// app for watchOS (`nesting` in `Rules/data/platforms.yml`). A tvOS app carrying an iOS
/// extension, or an iOS app carrying a tvOS framework, cannot be installed as one.
struct PlatformMismatchCheck: Check {
    static let ruleID = "platform-mismatch"
    var id: String { Self.ruleID }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard let container = context.parent(of: bundle), let expected = Self.expected(for: bundle, in: context) else { return nil }
            let location =
                bundle.platform.pointer.map { bundle.infoPlistLocation($0) }
                ?? bundle.location(file: bundle.signing?.executablePath ?? bundle.infoPlistPath)
            return rule.finding(Self.mismatch(bundle, container, expected), at: location)
        }
    }

    /// The platform `bundle` should be built for, when it is built for another; nil when it fits.
    static func expected(for bundle: InspectedBundle, in context: CheckContext) -> ApplePlatform? {
        guard let container = context.parent(of: bundle) else { return nil }
        let expected = ApplePlatforms.shipped.expected(for: bundle.kind, in: container.platform.platform)
        return bundle.platform.platform == expected ? nil : expected
    }

    /// Whether this rule reports `bundle` in this run, so that other rules need not repeat it.
    static func reports(_ bundle: InspectedBundle, in context: CheckContext) -> Bool {
        context.runs(ruleID) && expected(for: bundle, in: context) != nil
    }
}

extension PlatformMismatchCheck {
    static func mismatch(_ bundle: InspectedBundle, _ container: InspectedBundle, _ expected: ApplePlatform) -> String {
        let said = bundle.platform.pointer?.components.first.map { " (its \($0) says so)" } ?? " (its executable says so)"
        return
            "\(bundle.name) is built for \(bundle.platform.platform.name)\(said), but as a \(bundle.kind.rawValue) of the \(container.platform.platform.name) app \(container.name) it must be built for \(expected.name); build it with the \(expected.name) SDK of the same target, or remove it"
    }
}
