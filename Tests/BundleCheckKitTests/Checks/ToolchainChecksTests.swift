import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// What the toolchain rules say of a bundle, and when: the SDK minimums are the ones in force
/// on the run's date, so an old package's report does not change with the calendar.
@Suite struct ToolchainChecksTests {
    static func app(sdk: String, xcode: String, xcodeBuild: String) -> FixtureBundle {
        FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .setting("DTPlatformVersion", to: .string(sdk))
            .setting("DTSDKName", to: .string("iphoneos" + sdk))
            .setting("DTXcode", to: .string(xcode))
            .setting("DTXcodeBuild", to: .string(xcodeBuild))
    }

    static func inspect(_ app: FixtureBundle, now: String, rules: [RuleDefinition] = RuleCatalogue.shipped.rules) throws -> InputReport {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(app).writeZip(to: path)
        return PackageInspector(rules: rules, settings: InspectionSettings(now: ISODateParser.parse(now)!)).inspect(path: path)
    }

    @Test(arguments: [
        ("2024-04-28", false), // before the first dated minimum
        ("2025-04-23", false), // the iOS 17 SDK suffices
        ("2025-04-24", true), // the iOS 18 SDK is needed from this day
        ("2026-11-30", true),
    ])
    func anIOS17AppIsJudgedByTheMinimumOfTheRunsDate(now: String, reported: Bool) throws {
        let report = try Self.inspect(Self.app(sdk: "17.5", xcode: "1540", xcodeBuild: "15F31d"), now: now)
        let findings = report.findings("sdk-too-old")
        #expect(findings.count == (reported ? 1 : 0))
        if reported {
            let message = try #require(findings.first?.message)
            #expect(message.contains("the iOS 17.5 SDK and Xcode 15.4"), "\(message)")
            #expect(findings.first?.keyPath == JSONPointer("DTSDKName"))
            #expect(findings.first?.appleCodes == ["ITMS-90725"])
        }
    }

    @Test func theMessageNamesTheMinimumThatApplies() throws {
        let report = try Self.inspect(Self.app(sdk: "18.5", xcode: "1640", xcodeBuild: "16F6"), now: "2026-05-01")
        let message = try #require(report.findings("sdk-too-old").first?.message)
        #expect(message.contains("uploads from 2026-04-28 need the iOS 26 SDK and Xcode 26 or later"), "\(message)")
        #expect(try Self.inspect(Self.app(sdk: "18.5", xcode: "1640", xcodeBuild: "16F6"), now: "2025-07-16").findings("sdk-too-old").isEmpty)
    }

    @Test func aBetaXcodeIsReportedWhateverTheDate() throws {
        let beta = Self.app(sdk: "26.0", xcode: "2600", xcodeBuild: "17A5285i").setting("DTSDKBuild", to: .string("23A5297f"))
        for now in ["2025-08-01", "2030-01-01"] {
            let findings = try Self.inspect(beta, now: now).findings("beta-toolchain")
            #expect(findings.map(\.keyPath) == [JSONPointer("DTXcodeBuild")])
            // Its own beta SDK goes without saying.
            #expect(findings.first?.message.contains("Xcode 26.0 beta 4 (17A5285i)") == true)
            #expect(findings.first?.message.contains("23A5297f") == false)
        }
    }

    @Test func aBetaSDKUnderAReleasedXcodeIsNamed() throws {
        let edited = Self.app(sdk: "26.0", xcode: "2610", xcodeBuild: "17B55").setting("DTSDKBuild", to: .string("23A5324a"))
        let finding = try #require(try Self.inspect(edited, now: "2026-01-01").findings("beta-toolchain").first)
        #expect(finding.keyPath == JSONPointer("DTSDKBuild"))
        #expect(finding.message.contains("the SDK build 23A5324a (iphoneos26.0), which only betas shipped"), "\(finding.message)")
    }

    @Test func withSimulatorBuildTurnedOffTheExecutableIsReportedByUnsupportedArchitecture() throws {
        let simulator = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .setting("CFBundleSupportedPlatforms", to: .array([.string("iPhoneSimulator")]))
            .setting("DTPlatformName", to: .string("iphonesimulator"))
            .with(FixtureExecutable(name: "Notes", slices: [MachOSliceDescription(architecture: .x86_64)]))
        let all = try Self.inspect(simulator, now: "2026-11-30")
        #expect(all.findings("simulator-build").count == 1)
        #expect(all.findings("unsupported-architecture").isEmpty)
        let without = RuleCatalogue.shipped.rules.filter { $0.id != "simulator-build" }
        let alone = try Self.inspect(simulator, now: "2026-11-30", rules: without)
        #expect(alone.findings("unsupported-architecture").map(\.file) == ["Payload/Notes.app/Notes"])
    }

    @Test(arguments: [
        ("1640", "16.4"), ("2610", "26.1"), ("2601", "26.0.1"), ("0720", "7.2"), ("0632", "6.3.2"),
    ])
    func dtXcodeIsReadAsAVersion(raw: String, version: String) {
        let toolchain = BundleToolchain(platformName: nil, sdkName: nil, platformVersion: nil, sdkBuild: nil, xcode: raw, xcodeBuild: nil)
        #expect(toolchain.xcodeVersion?.description == version)
    }

    @Test(arguments: ["16.4", "+164", "164", "16400", "１６４０"])
    func aDTXcodeThatIsNotFourDigitsIsShownAsWritten(raw: String) {
        let toolchain = BundleToolchain(platformName: nil, sdkName: nil, platformVersion: nil, sdkBuild: nil, xcode: raw, xcodeBuild: nil)
        #expect(toolchain.xcodeVersion == nil)
        #expect(toolchain.xcodeDescription == raw)
    }

    @Test func theSDKComesFromDTSDKNameElseThePlatformKeys() {
        let simulator = BundleToolchain(platformName: nil, sdkName: "iphonesimulator9.2", platformVersion: "9.1", sdkBuild: nil, xcode: nil, xcodeBuild: nil)
        #expect(simulator.sdkPlatform == "iphonesimulator")
        #expect(simulator.sdkVersion?.description == "9.2")
        let keysOnly = BundleToolchain(platformName: "watchos", sdkName: nil, platformVersion: "11.1", sdkBuild: nil, xcode: nil, xcodeBuild: nil)
        #expect(keysOnly.sdkPlatform == "watchos")
        #expect(keysOnly.sdkVersion?.description == "11.1")
    }

    @Test func theTextReportShowsWhicheverToolchainKeysThereAre() {
        #expect(
            TextReporter.toolchain(
                BundleToolchain(
                    platformName: "iphoneos", sdkName: "iphoneos26.1", platformVersion: "26.1", sdkBuild: "23B77", xcode: "2610", xcodeBuild: "17B55"))
                == ["SDK iphoneos26.1 (23B77)", "Xcode 26.1 (17B55)"])
        #expect(
            TextReporter.toolchain(
                BundleToolchain(platformName: "iphoneos", sdkName: nil, platformVersion: "9.2", sdkBuild: nil, xcode: nil, xcodeBuild: "7C68"))
                == ["SDK iphoneos9.2", "Xcode (7C68)"])
    }
}
