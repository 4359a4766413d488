import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The rules that judge each platform by its own facts show it: for every platform they are
/// about, an example that fires on a bundle of that platform and one that stays quiet on one.
/// The platforms are those the bundlecheck decides for the examples' bundles, not what the
/// examples say they are.
@Suite struct PlatformExampleCoverageTests {
    static let rules: [(id: String, platforms: [String])] = [
        ("unsupported-architecture", ["ios", "tvos", "watchos", "visionos"]),
        ("app-icon-missing", ["ios", "tvos"]),
        ("simulator-build", ["ios", "tvos", "watchos", "visionos"]),
        ("sdk-too-old", ["ios", "tvos", "watchos", "visionos"]),
        ("beta-toolchain", ["ios", "tvos", "visionos"]),
        ("minimum-os-binary", ["ios", "tvos"]),
        ("encryption-info", ["ios", "tvos"]),
        ("minimum-os", ["ios", "tvos"]),
        ("required-keys", ["ios", "tvos"]),
        ("extension-point-platform", ["ios", "tvos"]),
        ("platform-mismatch", ["ios", "tvos"]),
        // Issue 46's rules, each on every platform it names.
        // A watch app's SDK is counted in its container's finding (an example shows it).
        ("sdk-floor-upcoming", ["ios", "tvos", "visionos"]),
        ("scene-manifest-missing", ["ios", "maccatalyst", "tvos", "visionos"]),
        ("scene-configuration-empty", ["ios", "maccatalyst", "tvos", "visionos"]),
        ("watch-architecture", ["watchos"]),
        ("watch-arm64-32-missing", ["watchos"]),
        ("full-screen-deprecated", ["ios"]),
        ("full-screen-ignored-version", ["ios"]),
        ("design-compatibility-ignored", ["ios"]),
        ("declared-age-range-entitlement", ["ios", "maccatalyst", "macos"]),
        ("app-clip-parent-entitlement", ["ios"]),
        ("catalyst-intel-dropped", ["maccatalyst"]),
        ("purpose-string-missing", ["ios", "maccatalyst"]),
    ]

    @Test(arguments: rules.map(\.id))
    func everyPlatformTheRuleJudgesHasAFiringAndAQuietExample(id: String) throws {
        let rule = try #require(RuleCatalogue.shipped[id])
        let wanted = try #require(Self.rules.first { $0.id == id }).platforms
        var firing: Set<String> = []
        var quiet: Set<String> = []
        for example in rule.examples {
            guard case .success(let report) = RuleExampleRunner.report(of: example, rules: RuleCatalogue.shipped.rules) else {
                Issue.record("\(id): example '\(example.name)' could not be checked")
                continue
            }
            if example.triggers {
                let places = Set(report.findings.filter { $0.rule == id }.compactMap(\.bundle))
                firing.formUnion(report.bundles.filter { places.contains($0.path) }.map(\.platform.id))
            } else {
                quiet.formUnion(report.bundles.filter { rule.scope.includes($0) }.map(\.platform.id))
            }
        }
        for platform in wanted {
            #expect(firing.contains(platform), "\(id) has no example firing on a \(platform) bundle")
            #expect(quiet.contains(platform), "\(id) has no example quiet on a \(platform) bundle")
            #expect(rule.scope.platformIDs.contains(platform), "\(id) does not judge \(platform)")
        }
    }
}
