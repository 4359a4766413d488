import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

/// The Mac's layouts: `Contents/`, versioned frameworks, and the folders Mac bundles nest code in.
@Suite struct MacBundleLocatorTests {
    static func locate(_ paths: [String], links: [ContainerLink] = []) throws -> [BundleLocation] {
        try BundleLocator.locate(files: paths.map { ContainerEntry(path: $0, size: 1) }, links: links, packagePath: "Notes.app.zip").bundles
    }

    @Test func aContentsFolderIsTheMacLayoutWithItsPartsInside() throws {
        let bundles = try Self.locate(["Notes.app/Contents/Info.plist", "Notes.app/Contents/MacOS/Notes"])
        let layout = try #require(bundles.first?.layout)
        #expect(layout.style == .contents && layout.root == "Notes.app/Contents")
        #expect(layout.infoPlistPath == "Notes.app/Contents/Info.plist")
        #expect(layout.executablePath(named: "Notes") == "Notes.app/Contents/MacOS/Notes")
        #expect(layout.profilePath == "Notes.app/Contents/embedded.provisionprofile")
        #expect(layout.codeResourcesPath == "Notes.app/Contents/_CodeSignature/CodeResources")
        #expect(layout.resource("Assets.car") == "Notes.app/Contents/Resources/Assets.car")
    }

    @Test func anIOSBundleKeepsItsFlatLayout() throws {
        let layout = try #require(try Self.locate(["Payload/Notes.app/Info.plist", "Payload/Notes.app/Notes"]).first?.layout)
        #expect(layout.style == .flat && layout.root == "Payload/Notes.app" && layout.profilePath == "Payload/Notes.app/embedded.mobileprovision")
        #expect(layout.resource("Assets.car") == "Payload/Notes.app/Assets.car")
    }

    @Test func nestedMacBundlesAreFoundInEachOfTheirFolders() throws {
        let bundles = try Self.locate([
            "Notes.app/Contents/Info.plist",
            "Notes.app/Contents/PlugIns/Share.appex/Contents/Info.plist",
            "Notes.app/Contents/Extensions/Intents.appex/Contents/Info.plist",
            "Notes.app/Contents/XPCServices/Fetch.xpc/Contents/Info.plist",
            "Notes.app/Contents/Library/LoginItems/Launcher.app/Contents/Info.plist",
            "Notes.app/Contents/Library/SystemExtensions/Filter.systemextension/Contents/Info.plist",
            "Notes.app/Contents/Library/Automator/Tool.app/Contents/Info.plist",
            "Notes.app/Contents/Helpers/Uploader.app/Contents/Info.plist",
            "Notes.app/Contents/Frameworks/Notes Helper.app/Contents/Info.plist",
            // Not a Mac folder for apps: resources are never code.
            "Notes.app/Contents/Resources/Old.app/Contents/Info.plist",
            // iOS-only folders mean nothing in a Mac bundle.
            "Notes.app/Contents/Watch/W.app/Info.plist",
        ])
        let kinds = Dictionary(uniqueKeysWithValues: bundles.map { ($0.path, $0.kind) })
        #expect(
            kinds == [
                "Notes.app": .app,
                "Notes.app/Contents/PlugIns/Share.appex": .appex,
                "Notes.app/Contents/Extensions/Intents.appex": .appex,
                "Notes.app/Contents/XPCServices/Fetch.xpc": .xpcService,
                "Notes.app/Contents/Library/LoginItems/Launcher.app": .loginItem,
                "Notes.app/Contents/Library/SystemExtensions/Filter.systemextension": .systemExtension,
                "Notes.app/Contents/Library/Automator/Tool.app": .helper,
                "Notes.app/Contents/Helpers/Uploader.app": .helper,
                "Notes.app/Contents/Frameworks/Notes Helper.app": .helper,
            ])
        #expect(bundles.filter { $0.parent != nil }.allSatisfy { $0.parent == "Notes.app" && $0.layout.style == .contents })
    }

    @Test func aVersionedFrameworkIsReadInTheVersionCurrentLinksTo() throws {
        let framework = "Notes.app/Contents/Frameworks/Kit.framework"
        let bundles = try Self.locate(
            [
                "Notes.app/Contents/Info.plist",
                framework + "/Versions/A/Kit", framework + "/Versions/A/Resources/Info.plist",
                framework + "/Versions/B/Kit", framework + "/Versions/B/Resources/Info.plist",
                framework + "/Versions/B/XPCServices/Sync.xpc/Contents/Info.plist",
                // A zip lists links as small files.
                framework + "/Kit", framework + "/Versions/Current",
            ],
            links: [ContainerLink(path: framework + "/Versions/Current", target: "B"), ContainerLink(path: framework + "/Kit", target: "Versions/Current/Kit")]
        )
        let kit = try #require(bundles.first { $0.path == framework })
        #expect(kit.kind == .framework && kit.layout.style == .versionedFramework)
        #expect(kit.layout.root == framework + "/Versions/B")
        #expect(kit.layout.infoPlistPath == framework + "/Versions/B/Resources/Info.plist")
        #expect(kit.layout.executablePath(named: "Kit") == framework + "/Versions/B/Kit")
        // Nested code of a framework sits in its version folder.
        #expect(bundles.contains { $0.path == framework + "/Versions/B/XPCServices/Sync.xpc" && $0.parent == framework })
    }

    @Test(arguments: [nil, "../../../elsewhere", "/System/Library/Frameworks", "C/D"])
    func withoutAUsableCurrentLinkTheOnlyVersionIsTaken(target: String?) throws {
        let framework = "Notes.app/Contents/Frameworks/Kit.framework"
        let links = target.map { [ContainerLink(path: framework + "/Versions/Current", target: $0)] } ?? []
        let bundles = try Self.locate(["Notes.app/Contents/Info.plist", framework + "/Versions/A/Kit"], links: links)
        #expect(bundles.first { $0.path == framework }?.layout.root == framework + "/Versions/A")
    }

    @Test func anIOSAppWithAContentsFolderOfItsOwnStaysFlat() throws {
        let bundles = try Self.locate([
            "Payload/Notes.app/Info.plist", "Payload/Notes.app/Notes", "Payload/Notes.app/Contents/readme.txt",
            "Payload/Notes.app/PlugIns/Share.appex/Info.plist",
            "Payload/Notes.app/Frameworks/Kit.framework/Info.plist", "Payload/Notes.app/Frameworks/Kit.framework/Versions/notes.txt",
        ])
        #expect(bundles.map(\.path) == ["Payload/Notes.app", "Payload/Notes.app/Frameworks/Kit.framework", "Payload/Notes.app/PlugIns/Share.appex"])
        #expect(bundles.allSatisfy { $0.layout.style == .flat })
    }

    @Test func aContentsFolderWithoutInfoPlistOrMacOSIsNoMacLayout() throws {
        let layout = try #require(try Self.locate(["Notes.app/Contents/notes.txt", "Notes.app/Notes"]).first?.layout)
        #expect(layout.style == .flat)
    }

    @Test func aVersionedFrameworkKeepsHelperAppsAtItsVersionsTop() throws {
        let framework = "Notes.app/Contents/Frameworks/Sparkle.framework"
        let bundles = try Self.locate([
            "Notes.app/Contents/Info.plist", framework + "/Versions/B/Sparkle", framework + "/Versions/B/Resources/Info.plist",
            framework + "/Versions/B/Updater.app/Contents/Info.plist",
        ])
        #expect(bundles.first { $0.path == framework + "/Versions/B/Updater.app" }?.kind == .helper)
    }
}
