import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

@Suite struct BundleLocatorTests {
    static func entries(_ paths: [String]) -> [ContainerEntry] {
        paths.map { ContainerEntry(path: $0, size: 1) }
    }

    static func locate(_ paths: [String]) throws -> (kind: InputKind, bundles: [BundleLocation]) {
        try BundleLocator.locate(files: entries(paths), packagePath: "test.ipa")
    }

    static func app(_ path: String) -> BundleLocation {
        BundleLocation(path: path, kind: .app, parent: nil)
    }

    @Test func payloadAtTheRootIsAnIPA() throws {
        let located = try Self.locate(["Payload/X.app/Info.plist", "Payload/X.app/X", "SwiftSupport/iphoneos/libswiftCore.dylib", "iTunesMetadata.plist"])
        #expect(located.kind == .ipa)
        #expect(located.bundles == [Self.app("Payload/X.app")])
    }

    @Test func payloadUnderASingleTopLevelFolderIsAnIPA() throws {
        let located = try Self.locate([
            "iOSAppOnly/Payload/Sample.app/Info.plist",
            "iOSAppOnly/.DS_Store",
            "__MACOSX/iOSAppOnly/Payload/Sample.app/._Info.plist",
            "__MACOSX/iOSAppOnly/._.DS_Store",
        ])
        #expect(located.kind == .ipa)
        #expect(located.bundles == [Self.app("iOSAppOnly/Payload/Sample.app")])
    }

    @Test func twoTopLevelFoldersAreNoPackageRoot() throws {
        #expect(throws: BundleCheckError.noApp(path: "test.ipa")) {
            try Self.locate(["A/Payload/X.app/Info.plist", "B/Payload/Y.app/Info.plist"])
        }
    }

    @Test func productsApplicationsIsAnXcodeArchive() throws {
        let located = try Self.locate(["Info.plist", "Products/Applications/X.app/Info.plist", "dSYMs/X.app.dSYM/Contents/Info.plist"])
        #expect(located.kind == .xcarchive)
        #expect(located.bundles == [Self.app("Products/Applications/X.app")])
    }

    @Test func aZippedXcarchiveHasItsOwnFolderOnTop() throws {
        let located = try Self.locate(["X.xcarchive/Info.plist", "X.xcarchive/Products/Applications/X.app/Info.plist"])
        #expect(located.kind == .xcarchive)
        #expect(located.bundles == [Self.app("X.xcarchive/Products/Applications/X.app")])
    }

    @Test func anAppAtTheRootOrUnderOneFolderIsABareApp() throws {
        let atRoot = try Self.locate(["isignTestApp.app/Info.plist", "isignTestApp.app/Frameworks/libswiftCore.dylib"])
        #expect(atRoot.kind == .app)
        #expect(atRoot.bundles == [Self.app("isignTestApp.app")])
        let underFolder = try Self.locate(["build/X.app/Info.plist"])
        #expect(underFolder.kind == .app)
        #expect(underFolder.bundles == [Self.app("build/X.app")])
    }

    @Test func appsAreFoundAtAnyDepthUnderPayloadButNotInsideOtherBundles() throws {
        let located = try Self.locate([
            "Payload/DemoApp.app/Info.plist",
            "Payload/s/demo.app/Info.plist",
            "Payload/s/.DS_Store",
            "Payload/Loose.appex/Inner.app/Info.plist",
            "Payload/Loose.framework/Inner.app/Info.plist",
            "Payload/DemoApp.app/Resources/Hidden.app/Info.plist",
        ])
        #expect(located.bundles == [Self.app("Payload/DemoApp.app"), Self.app("Payload/s/demo.app")])
    }

    @Test func nestedBundlesHaveTheirKindAndDirectParent() throws {
        let app = "Payload/X.app"
        let watch = app + "/Watch/W.app"
        let clip = app + "/AppClips/C.app"
        let located = try Self.locate([
            app + "/Info.plist",
            app + "/PlugIns/Share.appex/Info.plist",
            app + "/PlugIns/Share.appex/Frameworks/InExtension.framework/InExtension",
            app + "/Extensions/Widget.appex/Info.plist",
            app + "/Frameworks/Core.framework/Info.plist",
            app + "/Frameworks/Core.framework/Frameworks/Nested.framework/Nested",
            app + "/Frameworks/libswiftCore.dylib",
            watch + "/Info.plist",
            watch + "/PlugIns/W Extension.appex/Info.plist",
            watch + "/Frameworks/WatchKitLib.framework/Info.plist",
            clip + "/Info.plist",
            clip + "/Frameworks/ClipKit.framework/ClipKit",
        ])
        #expect(located.kind == .ipa)
        #expect(
            located.bundles == [
                Self.app(app),
                BundleLocation(path: clip, kind: .appClip, parent: app),
                BundleLocation(path: clip + "/Frameworks/ClipKit.framework", kind: .framework, parent: clip),
                BundleLocation(path: app + "/Extensions/Widget.appex", kind: .appex, parent: app),
                BundleLocation(path: app + "/Frameworks/Core.framework", kind: .framework, parent: app),
                BundleLocation(
                    path: app + "/Frameworks/Core.framework/Frameworks/Nested.framework", kind: .framework, parent: app + "/Frameworks/Core.framework"),
                BundleLocation(path: app + "/PlugIns/Share.appex", kind: .appex, parent: app),
                BundleLocation(path: app + "/PlugIns/Share.appex/Frameworks/InExtension.framework", kind: .framework, parent: app + "/PlugIns/Share.appex"),
                BundleLocation(path: watch, kind: .watchApp, parent: app),
                BundleLocation(path: watch + "/Frameworks/WatchKitLib.framework", kind: .framework, parent: watch),
                BundleLocation(path: watch + "/PlugIns/W Extension.appex", kind: .appex, parent: watch),
            ])
    }

    @Test func bundleFoldersOutsideTheirSlotsAreNotBundles() throws {
        let located = try Self.locate([
            "Payload/X.app/Info.plist",
            "Payload/X.app/Resources/Stray.appex/Info.plist",
            "Payload/X.app/PlugIns/NotAnExtension.bundle/Info.plist",
            "Payload/X.app/PlugIns/Deep/Nested.appex/Info.plist",
            "Payload/X.app/PlugIns/Share.appex/Watch/W.app/Info.plist",
            "Payload/X.app/Frameworks/.framework/Info.plist",
        ])
        // Share.appex holds a file, so it is a bundle; a Watch folder counts only in an app.
        #expect(
            located.bundles == [
                Self.app("Payload/X.app"),
                BundleLocation(path: "Payload/X.app/PlugIns/Share.appex", kind: .appex, parent: "Payload/X.app"),
            ])
    }

    @Test func macOSLitterIsNeverABundle() throws {
        let located = try Self.locate([
            "Payload/X.app/Info.plist",
            "__MACOSX/Payload/Y.app/Info.plist",
            "__MACOSX/Payload/X.app/PlugIns/S.appex/Info.plist",
            "Payload/X.app/PlugIns/._S.appex",
            "Payload/X.app/PlugIns/T.appex/._Info.plist",
            "Payload/X.app/Frameworks/._Ghost.framework/Info.plist",
        ])
        #expect(located.bundles == [Self.app("Payload/X.app")])
        #expect(throws: BundleCheckError.noApp(path: "test.ipa")) {
            try Self.locate(["__MACOSX/Payload/X.app/Info.plist", "Payload/Y.app/._Info.plist"])
        }
    }

    @Test func aFolderWithoutFilesIsNoBundle() throws {
        #expect(throws: BundleCheckError.noApp(path: "test.ipa")) {
            try Self.locate(["Payload/", "Payload/Empty.app/", "Payload/Empty.app/PlugIns/"])
        }
        let located = try Self.locate(["Payload/X.app/Info.plist", "Payload/X.app/PlugIns/Empty.appex/"])
        #expect(located.bundles == [Self.app("Payload/X.app")])
    }

    @Test func aFileNamedLikeABundleIsNoBundle() throws {
        #expect(throws: BundleCheckError.noApp(path: "test.ipa")) { try Self.locate(["Payload/X.app"]) }
    }

    @Test func anExtensionOnItsOwnIsNoApp() throws {
        #expect(throws: BundleCheckError.noApp(path: "test.ipa")) {
            try Self.locate(["Payload/Share.appex/Info.plist"])
        }
        #expect(throws: BundleCheckError.noApp(path: "test.ipa")) { try Self.locate(["NotAnApp.txt"]) }
        #expect(throws: BundleCheckError.noApp(path: "test.ipa")) { try Self.locate([]) }
    }

    @Test func pathsWithEmptyOrDotComponentsAreIgnored() throws {
        #expect(throws: BundleCheckError.noApp(path: "test.ipa")) {
            try Self.locate(["Payload//X.app/Info.plist", "Payload/./Y.app/Info.plist", "../Payload/Z.app/Info.plist", "/Payload/W.app/Info.plist"])
        }
    }

    @Test func twentyThousandEntriesAreLocatedInOnePass() throws {
        var paths: [String] = []
        for app in 0..<10 {
            for plugin in 0..<20 {
                for file in 0..<100 {
                    paths.append("Payload/A\(app).app/PlugIns/P\(plugin).appex/Resources/\(file).png")
                }
            }
        }
        #expect(paths.count == 20_000)
        let located = try Self.locate(paths)
        #expect(located.bundles.count == 10 + 200)
        #expect(located.bundles.filter { $0.kind == .app }.count == 10)
        #expect(located.bundles.map(\.path) == located.bundles.map(\.path).sorted())
        #expect(located.bundles.first { $0.path == "Payload/A3.app/PlugIns/P7.appex" }?.parent == "Payload/A3.app")
    }
}
