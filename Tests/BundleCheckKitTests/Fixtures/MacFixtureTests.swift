import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// macOS and Mac Catalyst bundles as the fixture builder writes them, read back with the
/// format readers only (zip listing, property lists, Mach-O), not the inspector: the layout of
/// Xcode 26.1 (`Contents/`, versioned frameworks), written out here so that a wrong path fails.
@Suite struct MacFixtureTests {
    /// A macOS app with a Share extension, a framework, an XPC service, a login item, a system
    /// extension, a helper app, a helper tool and an icon.
    static func app(_ platform: FixturePlatform = .macOS) -> FixtureBundle {
        FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .built(for: platform)
            .setting("CFBundleIconFile", to: .string("AppIcon"))
            .adding(file: "Resources/AppIcon.icns", contents: Array("icns\0\0\0\u{8}".utf8))
            .adding(file: "embedded.provisionprofile", contents: ProfileWriter.write(FixtureProfile(platforms: ["OSX"])))
            .adding(
                .appex("Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services").built(for: platform), in: "PlugIns"
            )
            .adding(.framework("Kit", bundleIdentifier: "com.example.kit").built(for: platform), in: "Frameworks")
            .adding(.xpcService("Fetch", bundleIdentifier: "com.example.notes.fetch", platform: platform), in: "XPCServices")
            .adding(.loginItem("Helper", bundleIdentifier: "com.example.notes.helper", platform: platform), in: "Library/LoginItems")
            .adding(
                .systemExtension("com.example.notes.filter", bundleIdentifier: "com.example.notes.filter", platform: platform), in: "Library/SystemExtensions"
            )
            .adding(.helperApp("Assistant", bundleIdentifier: "com.example.notes.assistant", platform: platform), in: "Helpers")
            .adding(helperTool: "notes-cli", identifier: "com.example.notes.cli")
    }

    /// `app` with signed executables (`FixtureBundle.executable`) for it and each nested bundle,
    /// so that each seals itself in a CodeResources.
    static func signedApp() -> FixtureBundle {
        func signed(_ bundle: FixtureBundle) -> FixtureBundle {
            let identifier = bundle.infoPlist["CFBundleIdentifier"]?.stringValue ?? ""
            let name = bundle.infoPlist["CFBundleExecutable"]?.stringValue ?? ""
            let template = MachOSliceDescription(
                fileType: bundle.name.hasSuffix(".framework") ? .dylib : .execute,
                codeSignature: FixtureCodeSignature(identifier: identifier, teamIdentifier: "ABCDE12345")
            )
            var copy = bundle.with(
                FixtureExecutable(name: name, slices: bundle.platform.executableSlices(template, minimumOS: bundle.minimumOS, encrypted: false)))
            copy.children = bundle.children.map { ($0.folder, signed($0.bundle)) }
            return copy
        }
        return signed(app())
    }

    static let appListing = [
        "Notes.app/Contents/Info.plist",
        "Notes.app/Contents/MacOS/Notes",
        "Notes.app/Contents/Resources/Assets.car",
        "Notes.app/Contents/PkgInfo",
        "Notes.app/Contents/Resources/AppIcon.icns",
        "Notes.app/Contents/embedded.provisionprofile",
        "Notes.app/Contents/MacOS/notes-cli",
        "Notes.app/Contents/PlugIns/Share.appex/Contents/Info.plist",
        "Notes.app/Contents/PlugIns/Share.appex/Contents/MacOS/Share",
        "Notes.app/Contents/Frameworks/Kit.framework/Versions/A/Resources/Info.plist",
        "Notes.app/Contents/Frameworks/Kit.framework/Versions/A/Kit",
        "Notes.app/Contents/Frameworks/Kit.framework/Versions/Current",
        "Notes.app/Contents/Frameworks/Kit.framework/Kit",
        "Notes.app/Contents/Frameworks/Kit.framework/Resources",
        "Notes.app/Contents/XPCServices/Fetch.xpc/Contents/Info.plist",
        "Notes.app/Contents/XPCServices/Fetch.xpc/Contents/MacOS/Fetch",
        "Notes.app/Contents/Library/LoginItems/Helper.app/Contents/Info.plist",
        "Notes.app/Contents/Library/LoginItems/Helper.app/Contents/MacOS/Helper",
        "Notes.app/Contents/Library/LoginItems/Helper.app/Contents/PkgInfo",
        "Notes.app/Contents/Library/SystemExtensions/com.example.notes.filter.systemextension/Contents/Info.plist",
        "Notes.app/Contents/Library/SystemExtensions/com.example.notes.filter.systemextension/Contents/MacOS/com.example.notes.filter",
        "Notes.app/Contents/Helpers/Assistant.app/Contents/Info.plist",
        "Notes.app/Contents/Helpers/Assistant.app/Contents/MacOS/Assistant",
        "Notes.app/Contents/Helpers/Assistant.app/Contents/PkgInfo",
    ]

    static func zipped(_ package: FixturePackage, in directory: TemporaryDirectory) throws -> ZipArchiveReader {
        let path = directory.path("Notes.app.zip")
        try package.writeZip(to: path)
        return try ZipArchiveReader(path: path)
    }

    static func plist(_ bytes: [UInt8]) throws -> PlistValue {
        try PropertyListParser.parse(bytes, file: "fixture.plist").root
    }

    static func file(_ package: FixturePackage, _ path: String) throws -> FixtureFile {
        try #require(package.files.first { $0.path == path }, "no \(path)")
    }

    static func machO(_ package: FixturePackage, _ path: String) throws -> MachOFile {
        let bytes = try file(package, path).contents
        return try #require(try MachOReader.read(InMemoryEntryReader(bytes: bytes), size: UInt64(bytes.count)))
    }

    // MARK: - Layout

    @Test func aMacAppIsWrittenInsideContentsWithEachNestedBundleInItsFolder() throws {
        let directory = try TemporaryDirectory()
        let zip = try Self.zipped(try FixturePackage.app(Self.app()), in: directory)
        #expect(zip.files.map(\.path) == Self.appListing)
    }

    @Test func eachSignedMacBundleSealsItselfInItsContentsFolder() throws {
        let directory = try TemporaryDirectory()
        let zip = try Self.zipped(try FixturePackage.app(Self.signedApp()), in: directory)
        let paths = zip.files.map(\.path)
        #expect(
            paths.filter { $0.hasSuffix("_CodeSignature/CodeResources") } == [
                "Notes.app/Contents/_CodeSignature/CodeResources",
                "Notes.app/Contents/PlugIns/Share.appex/Contents/_CodeSignature/CodeResources",
                "Notes.app/Contents/Frameworks/Kit.framework/Versions/A/_CodeSignature/CodeResources",
                "Notes.app/Contents/XPCServices/Fetch.xpc/Contents/_CodeSignature/CodeResources",
                "Notes.app/Contents/Library/LoginItems/Helper.app/Contents/_CodeSignature/CodeResources",
                "Notes.app/Contents/Library/SystemExtensions/com.example.notes.filter.systemextension/Contents/_CodeSignature/CodeResources",
                "Notes.app/Contents/Helpers/Assistant.app/Contents/_CodeSignature/CodeResources",
            ])
        #expect(Set(paths.filter { !$0.hasSuffix("_CodeSignature/CodeResources") }) == Set(Self.appListing))
    }

    @Test func aMacAppWrittenAsADirectoryHasTheSameLayout() throws {
        let package = try FixturePackage.app(Self.app())
        let directory = try TemporaryDirectory()
        try package.writeDirectory(to: directory.path("out"))
        let root = URL(fileURLWithPath: directory.path("out"))
        var found: [String] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [])
        while let url = walker?.nextObject() as? URL {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
            if isLink {
                walker?.skipDescendants()
                found.append(relative)
            } else if (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory != true {
                found.append(relative)
            }
        }
        #expect(Set(found.filter { !$0.hasSuffix("_CodeSignature/CodeResources") }) == Set(Self.appListing))
        let executable = try FileManager.default.attributesOfItem(atPath: directory.path("out/Notes.app/Contents/MacOS/Notes"))
        #expect((executable[.posixPermissions] as? Int) == 0o755)
    }

    @Test func aMacFrameworkIsVersionedWithItsLinksAsStored() throws {
        let package = try FixturePackage.app(Self.app())
        let base = "Notes.app/Contents/Frameworks/Kit.framework/"
        let links = package.files.filter(\.isSymbolicLink).map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) }
        #expect(links.map(\.0) == [base + "Versions/Current", base + "Kit", base + "Resources"])
        #expect(links.map(\.1) == ["A", "Versions/Current/Kit", "Versions/Current/Resources"])

        // In the zip too, as links (S_IFLNK) with those targets.
        let directory = try TemporaryDirectory()
        let zip = try Self.zipped(package, in: directory)
        let stored = zip.symbolicLinks.map { "\($0.path) -> \($0.target)" }
        #expect(
            stored == [
                base + "Versions/Current -> A", base + "Kit -> Versions/Current/Kit", base + "Resources -> Versions/Current/Resources",
            ])
    }

    @Test func writeDirectoryMakesTheFrameworksLinksRealLinks() throws {
        let directory = try TemporaryDirectory()
        try FixturePackage.app(Self.app()).writeDirectory(to: directory.path("out"))
        let base = directory.path("out/Notes.app/Contents/Frameworks/Kit.framework") + "/"
        let manager = FileManager.default
        #expect(try manager.destinationOfSymbolicLink(atPath: base + "Versions/Current") == "A")
        #expect(try manager.destinationOfSymbolicLink(atPath: base + "Kit") == "Versions/Current/Kit")
        #expect(try manager.destinationOfSymbolicLink(atPath: base + "Resources") == "Versions/Current/Resources")
        // Followed, they reach the version's files.
        let throughLinks = try Data(contentsOf: URL(fileURLWithPath: base + "Resources/Info.plist"))
        let direct = try Data(contentsOf: URL(fileURLWithPath: base + "Versions/A/Resources/Info.plist"))
        #expect(throughLinks == direct)
        #expect(manager.contents(atPath: base + "Kit") == manager.contents(atPath: base + "Versions/A/Kit"))
    }

    @Test func codeResourcesKeysAreRelativeToContents() throws {
        let package = try FixturePackage.app(Self.signedApp())
        let resources = try Self.plist(try Self.file(package, "Notes.app/Contents/_CodeSignature/CodeResources").contents)
        let files2 = try #require(resources.dictionaryValue?["files2"]?.dictionaryValue)
        #expect(
            files2.entries.map(\.key) == [
                "Frameworks/Kit.framework",
                "Helpers/Assistant.app",
                "Library/LoginItems/Helper.app",
                "Library/SystemExtensions/com.example.notes.filter.systemextension",
                "MacOS/notes-cli",
                "PlugIns/Share.appex",
                "Resources/AppIcon.icns",
                "Resources/Assets.car",
                "XPCServices/Fetch.xpc",
                "embedded.provisionprofile",
            ])
        #expect(files2["PlugIns/Share.appex"]?.dictionaryValue?["cdhash"] != nil)
        #expect(files2["MacOS/notes-cli"]?.dictionaryValue?["cdhash"] != nil)
        // The Mac's form: files2 hashes by SHA-256 only; files (the old rules) only resources.
        #expect(files2["Resources/AppIcon.icns"]?.dictionaryValue?.entries.map(\.key) == ["hash2"])
        let files = try #require(resources.dictionaryValue?["files"]?.dictionaryValue)
        #expect(files.entries.map(\.key) == ["Resources/AppIcon.icns", "Resources/Assets.car"])

        let framework = try Self.plist(try Self.file(package, "Notes.app/Contents/Frameworks/Kit.framework/Versions/A/_CodeSignature/CodeResources").contents)
        #expect(framework.dictionaryValue?["files2"]?.dictionaryValue?.entries.map(\.key) == ["Resources/Info.plist"])
    }

    @Test func theProfileIsEmbeddedProvisionprofileOfTheMac() throws {
        let package = try FixtureDescriptionSupport.describe(
            """
            layout: app
            app:
              name: Notes
              platform: macos
              profile: {}
              plugins:
                - name: Share
                  profile: {}
            """)
        let paths = package.files.map(\.path)
        #expect(paths.contains("Notes.app/Contents/embedded.provisionprofile"))
        #expect(paths.contains("Notes.app/Contents/PlugIns/Share.appex/Contents/embedded.provisionprofile"))
        #expect(!paths.contains { $0.hasSuffix(".mobileprovision") })
        let profile = try Self.file(package, "Notes.app/Contents/embedded.provisionprofile").contents
        let text = String(decoding: profile, as: UTF8.self)
        #expect(text.contains("<string>OSX</string>"))
        #expect(text.contains("<key>com.apple.application-identifier</key>"))
        #expect(!text.contains("ProvisionedDevices"))
    }

    // MARK: - Info.plist and executables

    @Test(arguments: [FixturePlatform.macOS, .macCatalyst])
    func theInfoPlistCarriesTheMacKeys(_ platform: FixturePlatform) throws {
        let package = try FixturePackage.app(Self.app(platform))
        let plist = try #require(try Self.plist(try Self.file(package, "Notes.app/Contents/Info.plist").contents).dictionaryValue)
        #expect(plist["CFBundleSupportedPlatforms"] == .array([.string("MacOSX")]))
        #expect(plist["DTPlatformName"] == .string("macosx"))
        #expect(plist["DTSDKName"] == .string("macosx26.1"))
        #expect(plist["DTSDKBuild"] == .string("25B74"))
        #expect(plist["DTPlatformBuild"] == .string("25B74"))
        #expect(plist["LSMinimumSystemVersion"] == .string("14.0"))
        #expect(plist["MinimumOSVersion"] == nil)
        #expect(plist["CFBundleIcons"] == nil)
        #expect(plist["UIDeviceFamily"] == (platform == .macCatalyst ? .array([.integer(PlistInteger(2)), .integer(PlistInteger(6))]) : nil))
        #expect(plist["NSPrincipalClass"] == (platform == .macOS ? .string("NSApplication") : nil))
        #expect(try Self.file(package, "Notes.app/Contents/PkgInfo").contents == Array("APPL????".utf8))
    }

    @Test(arguments: [(FixturePlatform.macOS, UInt32(1), "14.0"), (.macCatalyst, 6, "17.0")] as [(FixturePlatform, UInt32, String)])
    func theExecutableIsUniversalWithoutEncryptionInfo(_ platform: FixturePlatform, _ machOPlatform: UInt32, _ minimumOS: String) throws {
        let package = try FixturePackage.app(Self.app(platform))
        for path in [
            "Notes.app/Contents/MacOS/Notes", "Notes.app/Contents/PlugIns/Share.appex/Contents/MacOS/Share",
            "Notes.app/Contents/Frameworks/Kit.framework/Versions/A/Kit", "Notes.app/Contents/MacOS/notes-cli",
        ] {
            let file = try Self.machO(package, path)
            #expect(file.kind == .fat, "\(path)")
            #expect(file.slices.map(\.architecture) == ["arm64", "x86_64"], "\(path)")
            for slice in file.slices {
                #expect(slice.platform?.rawValue == machOPlatform, "\(path)")
                #expect(slice.minimumOS?.description == minimumOS, "\(path)")
                #expect(slice.encryption == nil, "\(path)")
                #expect(slice.codeSignature != nil, "\(path)")
            }
        }
    }

    @Test func catalystRecordsTheIOSVersionOfTheMacOSOne() {
        #expect(FixturePlatform.catalystVersion(forMacOS: MachOVersion(major: 14)).description == "17.0")
        #expect(FixturePlatform.catalystVersion(forMacOS: MachOVersion(major: 11, minor: 3)).description == "14.3")
        #expect(FixturePlatform.catalystVersion(forMacOS: MachOVersion(major: 10, minor: 15)).description == "13.1")
        #expect(FixturePlatform.catalystVersion(forMacOS: MachOVersion(major: 26, minor: 1)).description == "26.1")
    }

    @Test func theMacsNestedBundlesHaveTheirPackageTypes() throws {
        #expect(FixtureBundle.xpcService("Fetch", bundleIdentifier: "a.b").infoPlist["CFBundlePackageType"] == .string("XPC!"))
        #expect(FixtureBundle.xpcService("Fetch", bundleIdentifier: "a.b").infoPlist["XPCService"]?.dictionaryValue?["ServiceType"] == .string("Application"))
        #expect(FixtureBundle.systemExtension("a.b", bundleIdentifier: "a.b").infoPlist["CFBundlePackageType"] == .string("SYSX"))
        #expect(FixtureBundle.systemExtension("a.b", bundleIdentifier: "a.b").infoPlist["NSSystemExtensionUsageDescription"] != nil)
        #expect(FixtureBundle.loginItem("Helper", bundleIdentifier: "a.b").infoPlist["CFBundlePackageType"] == .string("APPL"))
        #expect(FixtureBundle.loginItem("Helper", bundleIdentifier: "a.b").infoPlist["LSBackgroundOnly"] == .bool(true))
        #expect(FixtureBundle.helperApp("Assistant", bundleIdentifier: "a.b").platform == .macOS)
    }

    // MARK: - Package descriptions

    @Test func aDescribedMacAppLaysOutItsChildrenAndFiles() throws {
        let package = try FixtureDescriptionSupport.describe(
            """
            layout: app
            app:
              name: Notes
              platform: maccatalyst
              files: [{path: Resources/Notes.help, text: "help"}]
              frameworks:
                - name: Kit
              xpc-services:
                - name: Fetch
              login-items:
                - name: Helper
              system-extensions:
                - name: Filter
              helpers:
                - name: Assistant
              extensions:
                - name: Intents
            """)
        let paths = Set(package.files.map(\.path))
        for expected in [
            "Notes.app/Contents/Resources/Notes.help",
            "Notes.app/Contents/Frameworks/Kit.framework/Versions/A/Kit",
            "Notes.app/Contents/Frameworks/Kit.framework/Versions/A/Resources/Info.plist",
            "Notes.app/Contents/XPCServices/Fetch.xpc/Contents/MacOS/Fetch",
            "Notes.app/Contents/Library/LoginItems/Helper.app/Contents/MacOS/Helper",
            "Notes.app/Contents/Library/SystemExtensions/Filter.systemextension/Contents/Info.plist",
            "Notes.app/Contents/Helpers/Assistant.app/Contents/Info.plist",
            "Notes.app/Contents/Extensions/Intents.appex/Contents/MacOS/Intents",
        ] {
            #expect(paths.contains(expected), "\(expected)")
        }
        // Children inherit Mac Catalyst: their executables say so.
        let xpc = try Self.machO(package, "Notes.app/Contents/XPCServices/Fetch.xpc/Contents/MacOS/Fetch")
        #expect(xpc.slices.map { $0.platform } == [.macCatalyst, .macCatalyst])
    }

    @Test func aDescribedExecutableOfACatalystAppRecordsTheCatalystVersion() throws {
        let package = try FixtureDescriptionSupport.describe(
            """
            layout: app
            app:
              name: Notes
              platform: maccatalyst
              plist: {LSMinimumSystemVersion: "15.0"}
              executable: {architectures: [arm64]}
            """)
        let file = try Self.machO(package, "Notes.app/Contents/MacOS/Notes")
        #expect(file.kind == .thin)
        #expect(file.slices.first?.platform == .macCatalyst)
        #expect(file.slices.first?.minimumOS?.description == "18.0")
        #expect(file.slices.first?.encryption == nil)
    }

    // MARK: - The example

    @Test func theMacExampleIsWhatTheFixtureBuilderWrites() throws {
        let directory = try TemporaryDirectory()
        let rebuilt = try Self.zipped(try ExamplePackages.paiNotesMac(), in: directory)
        let shipped = try ZipArchiveReader(path: RepositoryPaths.file("Examples/PaiNotesMac.app.zip"))
        #expect(shipped.files.map(\.path) == rebuilt.files.map(\.path))
        let links = Set(rebuilt.symbolicLinks.map(\.path))
        for entry in rebuilt.files where !links.contains(entry.path) {
            #expect(
                try shipped.read(entry.path, limit: 1 << 20) == rebuilt.read(entry.path, limit: 1 << 20),
                "\(entry.path) differs; run `swift run bundlecheck-fixtures Examples`")
        }
        #expect(shipped.symbolicLinks == rebuilt.symbolicLinks)
    }

    @Test func theMacExampleSeedsOneVersionMismatch() throws {
        let package = try ExamplePackages.paiNotesMac()
        let app = try #require(try Self.plist(try Self.file(package, "PaiNotes.app/Contents/Info.plist").contents).dictionaryValue)
        let share = try #require(
            try Self.plist(try Self.file(package, "PaiNotes.app/Contents/PlugIns/Share.appex/Contents/Info.plist").contents).dictionaryValue)
        #expect(app["CFBundleShortVersionString"] == .string("1.2"))
        #expect(share["CFBundleShortVersionString"] == .string("1.1"))
        #expect(app["CFBundleVersion"] == share["CFBundleVersion"])
        #expect(app["LSApplicationCategoryType"] == .string("public.app-category.productivity"))
        let rule = share["NSExtension"]?.dictionaryValue?["NSExtensionAttributes"]?.dictionaryValue?["NSExtensionActivationRule"]
        #expect(rule?.dictionaryValue != nil)
        let icon = try Self.file(package, "PaiNotes.app/Contents/Resources/AppIcon.icns").contents
        #expect(Array(icon.prefix(4)) == Array("icns".utf8))
        #expect(icon.count == Int(icon[4]) << 24 | Int(icon[5]) << 16 | Int(icon[6]) << 8 | Int(icon[7]))
        for path in ["PaiNotes.app/Contents/MacOS/PaiNotes", "PaiNotes.app/Contents/PlugIns/Share.appex/Contents/MacOS/Share"] {
            let entitlements = try #require(try Self.machO(package, path).slices.first?.codeSignature?.entitlementsXML)
            #expect(String(decoding: entitlements, as: UTF8.self).contains("<key>com.apple.security.app-sandbox</key>\n\t<true/>"), "\(path)")
        }
    }
}

/// Package descriptions from YAML text, for tests.
enum FixtureDescriptionSupport {
    static func describe(_ yaml: String) throws -> FixturePackage {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "fixture.yml"))
        return try FixtureDescription.package(from: node)
    }
}
