import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Issue 46's "done when": a healthy package of every platform, as Xcode 26.1 builds it, gets
/// none of the 2026–27 upload rules' findings but `sdk-floor-upcoming`, which every 26.1 build
/// of a platform the April 2027 floor names deserves in December 2026. The iOS package carries
/// what those rules look at, done right (an App Clip named in the app's entitlements, AlarmKit
/// with its purpose string, a widget linking AlarmKit, purpose strings localised in every
/// language, a scene manifest, a watch app with arm64), the macOS one DeclaredAgeRange with its
/// entitlement; tvOS, visionOS and Mac Catalyst are the fixture writer's defaults.
@Suite struct UploadRules2027Tests {
    static let rules: Set<String> = [
        "sdk-floor-upcoming", "scene-manifest-missing", "scene-configuration-empty", "watch-architecture", "watch-arm64-32-missing",
        "full-screen-deprecated", "full-screen-ignored-version", "design-compatibility-ignored", "purpose-string-missing",
        "declared-age-range-entitlement", "app-clip-parent-entitlement", "catalyst-intel-dropped",
    ]

    /// Each platform's package, and whether the floor names its SDK.
    static let packages: [(name: String, yaml: String, floor: Bool)] = [
        (
            "iOS",
            """
            app:
              name: Notes
              plist:
                NSCameraUsageDescription: Scans a paper note into a new note.
                NSAlarmKitUsageDescription: Reminds you of a note at the time you set.
                UIApplicationSceneManifest:
                  UISceneConfigurations:
                    UIWindowSceneSessionRoleApplication:
                      - UISceneDelegateClassName: Notes.SceneDelegate
              executable:
                imports: [_OBJC_CLASS_$_AVCaptureDevice]
                links: [/System/Library/Frameworks/AlarmKit.framework/AlarmKit]
              files:
                - path: en.lproj/InfoPlist.strings
                  plist:
                    NSCameraUsageDescription: Scans a paper note into a new note.
                    NSAlarmKitUsageDescription: Reminds you of a note at the time you set.
                - path: fr.lproj/InfoPlist.strings
                  plist:
                    NSCameraUsageDescription: Numérise une note papier.
                    NSAlarmKitUsageDescription: Vous rappelle une note à l'heure choisie.
              plugins:
                - name: Share
                - name: Countdown
                  point: com.apple.widgetkit-extension
                  executable:
                    links: [/System/Library/Frameworks/AlarmKit.framework/AlarmKit]
              app-clips:
                - name: NotesClip
              watch:
                - name: NotesWatch
            """,
            true
        ),
        ("tvOS", "app: {name: Notes, platform: tvos}", true),
        ("visionOS", "app: {name: Notes, platform: visionos}", true),
        (
            "macOS",
            """
            layout: app
            app:
              name: Notes
              platform: macos
              executable:
                links: [/System/Library/Frameworks/DeclaredAgeRange.framework/Versions/A/DeclaredAgeRange]
                entitlements:
                  com.apple.application-identifier: ABCDE12345.com.example.notes
                  com.apple.developer.team-identifier: ABCDE12345
                  com.apple.security.app-sandbox: !bool true
                  com.apple.developer.declared-age-range: !bool true
            """,
            false
        ),
        ("Mac Catalyst", "layout: app\napp: {name: Notes, platform: maccatalyst}", false),
    ]

    static func findings(_ yaml: String) throws -> [Finding] {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "fixture.yml"))
        let example = RuleExample(
            name: "healthy", triggers: false, now: ISODateParser.parse("2026-12-06"), package: node, expectations: [], line: 1)
        return try RuleExampleRunner.report(of: example, rules: RuleCatalogue.shipped.rules).get().findings.filter { rules.contains($0.rule) }
    }

    @Test(arguments: packages.indices)
    func aHealthyXcode26Point1BuildGetsOnlyTheUpcomingFloor(index: Int) throws {
        let package = Self.packages[index]
        let findings = try Self.findings(package.yaml)
        #expect(findings.map(\.rule) == (package.floor ? ["sdk-floor-upcoming"] : []), "\(package.name): \(findings.map(\.message))")
    }

    /// The rules are the ones the test means: each is shipped, so a renamed rule fails here.
    @Test func everyRuleNamedIsShipped() {
        for id in Self.rules { #expect(RuleCatalogue.shipped[id] != nil, "\(id)") }
    }
}
