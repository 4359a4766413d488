import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

/// How icon names become file names and sizes, and what `app-icon-missing` leaves unsaid so
/// that one problem is one finding.
@Suite struct AppIconTests {
    static let scales = [1, 2, 3]

    @Test func aStemStandsForItsScales() {
        let stem = AppIconStem(name: "AppIcon60x60", suffix: "", scales: Self.scales)
        #expect(stem.candidates.map(\.name) == ["AppIcon60x60.png", "AppIcon60x60@2x.png", "AppIcon60x60@3x.png"])
        #expect(stem.points == 60)
        #expect(stem.candidates.map(stem.expectedPixels(of:)) == [60, 120, 180])
    }

    @Test func anIPadStemAlsoStandsForItsIPadVariants() {
        let stem = AppIconStem(name: "AppIcon83.5x83.5", suffix: "~ipad", scales: [2])
        #expect(stem.candidates.map(\.name) == ["AppIcon83.5x83.5@2x~ipad.png", "AppIcon83.5x83.5@2x.png"])
        #expect(stem.expectedPixels(of: stem.candidates[0]) == 167)
        let explicitVariant = AppIconStem(name: "AppIcon76x76~ipad", suffix: "~ipad", scales: [1, 2])
        #expect(explicitVariant.candidates.map(\.name) == ["AppIcon76x76~ipad.png", "AppIcon76x76@2x~ipad.png"])
        #expect(explicitVariant.points == 76)
    }

    @Test func aNameWithItsScaleOrExtensionIsThatFileAlone() {
        let retina = AppIconStem(name: "Icon@2x.png", suffix: "", scales: Self.scales)
        #expect(retina.candidates == [AppIconStem.Candidate(name: "Icon@2x.png", scale: 2)])
        #expect(retina.points == nil)
        #expect(AppIconStem(name: "Icon-72.png", suffix: "~ipad", scales: Self.scales).candidates.map(\.name) == ["Icon-72.png"])
        #expect(AppIconStem(name: "AppIcon40x40@3x", suffix: "", scales: Self.scales).candidates.map(\.name) == ["AppIcon40x40@3x.png"])
    }

    @Test(arguments: ["Icon-72", "AppIcon60x40", "AppIconx60", "AppIcon60x", "Icon"])
    func aNameWithoutASizeWrittenTwiceHasNoPoints(name: String) {
        #expect(AppIconStem(name: name, suffix: "", scales: Self.scales).points == nil)
    }

    /// An app built with the iOS 9.2 SDK whose icons are loose files only, as the corpus's
    /// hand-zipped Xcode 7 skeletons list them.
    static func looseIconsApp(files: [String: (Int, Int)]) -> FixtureBundle {
        var icon = PlistDictionary()
        icon.append(key: "CFBundleIconFiles", value: .array([.string("AppIcon29x29"), .string("AppIcon60x60")]))
        var icons = PlistDictionary()
        icons.append(key: "CFBundlePrimaryIcon", value: .dictionary(icon))
        var app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .setting("DTPlatformVersion", to: .string("9.2"))
            .setting("DTSDKName", to: .string("iphoneos9.2"))
            .setting("CFBundleIcons", to: .dictionary(icons))
        app.files.removeAll { $0.path == "Assets.car" || $0.path == "AppIcon60x60@2x.png" }
        for (name, size) in files {
            app = app.adding(file: name, contents: PNGWriter.write(width: size.0, height: size.1))
        }
        return app
    }

    @Test func aMissingStemIsOneFindingAndNotAlsoAMissingSize() throws {
        let findings = try inspect(.ipa(Self.looseIconsApp(files: ["AppIcon29x29@2x.png": (58, 58)]))).findings("app-icon-missing")
        #expect(findings.count == 1)
        #expect(findings.first?.appleCodes == ["ITMS-90032"])
        #expect(findings.first?.message.contains("AppIcon60x60") == true)
        #expect(findings.first?.message.contains("AppIcon29x29") == false)
    }

    @Test func aWrongSizeIsOneFindingOnTheFileWithTheCodeOfTheSizeItShouldHaveBeen() throws {
        let app = Self.looseIconsApp(files: ["AppIcon29x29@2x.png": (58, 58), "AppIcon60x60@2x.png": (114, 114)])
        let findings = try inspect(.ipa(app)).findings("app-icon-missing")
        #expect(findings.map(\.file) == ["Payload/Notes.app/AppIcon60x60@2x.png"])
        #expect(findings.first?.appleCodes == ["ITMS-90022"])
        #expect(findings.first?.message == "the icon AppIcon60x60@2x.png is 114×114 pixels; as the 60-point icon at @2x it must be 120×120")
    }

    @Test func looseIconsWithoutTheRequiredSizeAreReportedOnce() throws {
        let app = Self.looseIconsApp(files: ["AppIcon29x29@2x.png": (58, 58), "AppIcon60x60@3x.png": (180, 180)])
        let findings = try inspect(.ipa(app)).findings("app-icon-missing")
        #expect(findings.map(\.keyPath) == [JSONPointer("CFBundleIcons", "CFBundlePrimaryIcon", "CFBundleIconFiles")])
        #expect(findings.first?.appleCodes == ["ITMS-90022"])
        #expect(findings.first?.message.contains("has no 120×120 iPhone icon") == true)
        let complete = Self.looseIconsApp(files: ["AppIcon29x29@2x.png": (58, 58), "AppIcon60x60@2x.png": (120, 120)])
        #expect(try inspect(.ipa(complete)).findings("app-icon-missing").isEmpty)
    }

    @Test func theOldTopLevelIconFilesCountForEveryDevice() throws {
        var app = Self.looseIconsApp(files: ["Icon@2x.png": (120, 120)]).setting("CFBundleIcons", to: .dictionary(PlistDictionary()))
        app = app.setting("CFBundleIconFiles", to: .array([.string("Icon.png"), .string("Icon@2x.png")]))
            .adding(file: "Icon.png", contents: PNGWriter.write(width: 57, height: 57))
        #expect(try inspect(.ipa(app)).findings("app-icon-missing").isEmpty)
    }

    @Test func noIconAtAllUnderTheIOS11SDKIsOneFindingWithEveryCode() throws {
        var app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .removing("CFBundleIcons")
            .setting("UIDeviceFamily", to: .array([.integer(PlistInteger(1)), .integer(PlistInteger(2))]))
        app.files.removeAll { $0.path == "Assets.car" || $0.path == "AppIcon60x60@2x.png" }
        let findings = try inspect(.ipa(app)).findings("app-icon-missing")
        #expect(findings.count == 1)
        #expect(findings.first?.appleCodes == ["ITMS-90713", "ITMS-90022", "ITMS-90023"])
    }
}
