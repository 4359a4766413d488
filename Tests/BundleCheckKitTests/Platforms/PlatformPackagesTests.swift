import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Whole packages of each platform, as Xcode 26.1 builds them, checked with every shipped rule:
/// a healthy app of any platform has no error, and a simulator build is one simulator-build.
@Suite struct PlatformPackagesTests {
    static let now = ISODateParser.parse("2026-12-01")!

    static func inspect(_ app: FixtureBundle) throws -> InputReport {
        let directory = try TemporaryDirectory()
        let path = directory.path("App.ipa")
        try FixturePackage.ipa(app).writeZip(to: path)
        return PackageInspector(settings: InspectionSettings(now: now)).inspect(path: path)
    }

    static func errors(_ report: InputReport) -> [String] {
        report.findings.filter { $0.severity == .error }.map { "\($0.rule) \($0.bundle ?? "-"): \($0.message)" }
    }

    static func app(for platform: FixturePlatform) -> FixtureBundle {
        FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: platform)
    }

    @Test(arguments: [FixturePlatform.iOS, .tvOS, .visionOS])
    func aHealthyAppOfEachPlatformHasNoError(platform: FixturePlatform) throws {
        let report = try Self.inspect(Self.app(for: platform))
        #expect(report.error == nil)
        #expect(Self.errors(report).isEmpty, "\(Self.errors(report))")
        #expect(report.bundles.map(\.platform.id) == [platform.os.rawValue])
    }

    @Test func aTVOSAppWithItsTopShelfAndAVisionOSAppWithItsWidgetsHaveNoError() throws {
        let shelf = FixtureBundle.appex("Shelf", bundleIdentifier: "com.example.notes.shelf", extensionPoint: "com.apple.tv-top-shelf").built(for: .tvOS)
        let tv = try Self.inspect(Self.app(for: .tvOS).adding(shelf, in: "PlugIns"))
        #expect(Self.errors(tv).isEmpty, "\(Self.errors(tv))")
        #expect(tv.bundles.map(\.platform.id) == ["tvos", "tvos"])
        let widgets = FixtureBundle.appex("Widgets", bundleIdentifier: "com.example.notes.widgets", extensionPoint: "com.apple.widgetkit-extension")
            .built(for: .visionOS)
        let vision = try Self.inspect(Self.app(for: .visionOS).adding(widgets, in: "PlugIns"))
        #expect(Self.errors(vision).isEmpty, "\(Self.errors(vision))")
    }

    @Test func aHealthyStandaloneWatchAppHasNoError() throws {
        let report = try Self.inspect(FixtureBundle.watchOnlyApp("Notes", bundleIdentifier: "com.example.notes"))
        #expect(Self.errors(report).isEmpty, "\(Self.errors(report))")
        #expect(report.bundles.map(\.platform.id) == ["ios", "watchos"])
        #expect(report.bundles.map(\.kind) == [.app, .watchApp])
    }

    @Test(arguments: [FixturePlatform.iOSSimulator, .tvOSSimulator, .visionOSSimulator])
    func aSimulatorBuildOfEachPlatformIsOneSimulatorBuild(platform: FixturePlatform) throws {
        let report = try Self.inspect(Self.app(for: platform))
        let simulator = report.findings.filter { $0.rule == "simulator-build" }
        #expect(simulator.count == 1)
        #expect(simulator.first?.keyPath == JSONPointer("CFBundleSupportedPlatforms", "0"))
        #expect(simulator.first?.message.contains("Any \(platform.os == .iOS ? "iOS" : platform.os == .tvOS ? "tvOS" : "visionOS") Device") == true)
        // Nothing else says the same again: no unsupported slice, no SDK or platform complaint.
        let others = Self.errors(report).filter { !$0.hasPrefix("simulator-build ") }
        #expect(others.isEmpty, "\(others)")
        #expect(report.bundles.map(\.platform.simulator) == [true])
    }

    @Test func aSimulatorBuildsFrameworksAreNotEachUnsupportedAgain() throws {
        let kit = FixtureBundle.framework("Kit", bundleIdentifier: "com.vendor.kit").built(for: .iOSSimulator)
        let simulator = try Self.inspect(Self.app(for: .iOSSimulator).adding(kit, in: "Frameworks"))
        #expect(simulator.findings.filter { $0.rule == "simulator-build" }.map(\.bundle) == ["Payload/Notes.app"])
        #expect(simulator.findings.filter { $0.rule == "unsupported-architecture" }.isEmpty)
        // In a device build, the simulator framework is the mistake, and said so.
        let device = try Self.inspect(Self.app(for: .iOS).adding(kit, in: "Frameworks"))
        #expect(
            device.findings.filter { $0.rule == "unsupported-architecture" }.map(\.message)
                == [
                    "the executable of Kit.framework contains slices Apple does not accept for iOS devices: arm64 (built for the iOS Simulator, not iOS); strip them (lipo -remove) or ship an XCFramework"
                ])
    }

    @Test func aWatchAppBuiltForTheSimulatorIsOneSimulatorBuild() throws {
        let watch = FixtureBundle.app("Notes Watch App", bundleIdentifier: "com.example.notes.watchkitapp").built(for: .watchOSSimulator)
            .setting("WKApplication", to: .bool(true)).setting("WKCompanionAppBundleIdentifier", to: .string("com.example.notes"))
        let report = try Self.inspect(Self.app(for: .iOSSimulator).adding(watch, in: "Watch"))
        // One simulator build, one finding: on the app, counting its watch app.
        let simulator = report.findings.filter { $0.rule == "simulator-build" }
        #expect(simulator.map(\.bundle) == ["Payload/Notes.app"])
        #expect(simulator.first?.message.contains("and so was 1 bundle inside it") == true)
        let others = Self.errors(report).filter { !$0.hasPrefix("simulator-build ") }
        #expect(others.isEmpty, "\(others)")
        #expect(report.bundles.map(\.platform.description) == ["iOS Simulator", "watchOS Simulator"])
    }

    @Test func aTVOSAppWithAShareExtensionAndAnIOSFrameworkIsRefused() throws {
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services").built(for: .tvOS)
        let kit = FixtureBundle.framework("Kit", bundleIdentifier: "com.vendor.kit")
        let report = try Self.inspect(Self.app(for: .tvOS).adding(share, in: "PlugIns").adding(kit, in: "Frameworks"))
        #expect(report.findings.filter { $0.rule == "extension-point-platform" }.map(\.bundle) == ["Payload/Notes.app/PlugIns/Share.appex"])
        #expect(report.findings.filter { $0.rule == "platform-mismatch" }.map(\.bundle) == ["Payload/Notes.app/Frameworks/Kit.framework"])
        // One mistake, one finding: the framework's iOS slice is judged as the iOS build it says it is.
        #expect(report.findings.filter { $0.rule == "unsupported-architecture" }.isEmpty)
    }
}
