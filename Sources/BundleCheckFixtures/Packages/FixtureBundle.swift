import BundleCheckFormats

/// A bundle described in a few lines of Swift: its Info.plist, its files and the bundles inside it.
///
/// Profiles and other files are added through `adding(file:)`. An `executable` is written
/// with the bundle: its signature then seals the bundle as codesign does (Info.plist,
/// `_CodeSignature/CodeResources`, nested code), and `editsAfterSigning` change the bundle
/// afterwards without touching the signature.
///
/// Built for macOS or Mac Catalyst (`built(for:)`), a bundle is written the Mac's way
/// (`FixtureBundleLayout`): `Contents/Info.plist`, the executable in `Contents/MacOS/`, files,
/// nested bundles and the signature relative to `Contents/`; a framework versioned, everything
/// in `Versions/A/` with its Info.plist in `Resources/` and links at the top.
public struct FixtureBundle: Sendable {
    /// Folder name, e.g. `PaiNotes.app` or `ImportAction.appex`.
    public var name: String
    public var infoPlist: PlistDictionary
    public var plistFormat: PropertyListFormat
    /// Raw Info.plist bytes that replace the generated ones (for malformed-plist cases).
    public var rawInfoPlist: [UInt8]?
    /// Whether to write an Info.plist at all.
    public var hasInfoPlist: Bool
    /// Other files, relative to the bundle folder; on the Mac, to its contents folder
    /// (`Contents/`, a framework's `Versions/A/`). The file named by `CFBundleExecutable` is the
    /// executable, written in `Contents/MacOS/` on the Mac.
    public var files: [FixtureFile]
    /// Nested bundles with the folder they sit in (`PlugIns`, `Extensions`, `Watch`, `AppClips`,
    /// `Frameworks`; on the Mac also `XPCServices`, `Library/LoginItems`,
    /// `Library/SystemExtensions`, `Helpers`), relative to the contents folder as `files` are.
    public var children: [(folder: String, bundle: FixtureBundle)]
    /// Bare helper tools (signed Mach-O files, no bundles) of a Mac bundle, sealed as nested code.
    public var helperTools: [FixtureHelperTool]
    /// Written in place of any file of the same name; when signed, it seals the bundle.
    public var executable: FixtureExecutable?
    public var editsAfterSigning: FixtureEditsAfterSigning
    /// What the default executable is built for (its Mach-O platform, architecture and
    /// encryption info): iOS devices unless `built(for:)` says otherwise. The Info.plist keys of
    /// the platform are set by `built(for:)`, not read from here.
    public var platform: FixturePlatform

    public init(name: String, infoPlist: PlistDictionary, plistFormat: PropertyListFormat = .xml) {
        self.name = name
        self.infoPlist = infoPlist
        self.plistFormat = plistFormat
        self.rawInfoPlist = nil
        self.hasInfoPlist = true
        self.files = []
        self.children = []
        self.helperTools = []
        self.executable = nil
        self.editsAfterSigning = FixtureEditsAfterSigning()
        self.platform = .iOS
    }

    /// An iOS app with the keys Xcode writes for every app, and its icon as Xcode 26 builds it:
    /// the set `AppIcon` in `Assets.car`, and the 120×120 iPhone icon beside it as a loose PNG
    /// named by `CFBundleIconFiles` (for iPhone only, as without `UIDeviceFamily`); its launch
    /// screen as Xcode's template has it, `UILaunchStoryboardName` LaunchScreen compiled into
    /// `Base.lproj/LaunchScreen.storyboardc` (`launchScreenFiles`).
    public static func app(
        _ name: String,
        bundleIdentifier: String,
        shortVersion: String? = "1.0",
        version: String? = "1",
        plistFormat: PropertyListFormat = .xml
    ) -> FixtureBundle {
        var icon = PlistDictionary()
        icon.append(key: "CFBundleIconFiles", value: .array([.string("AppIcon60x60")]))
        icon.append(key: "CFBundleIconName", value: .string("AppIcon"))
        var icons = PlistDictionary()
        icons.append(key: "CFBundlePrimaryIcon", value: .dictionary(icon))
        return FixtureBundle(
            name: name + ".app",
            infoPlist: standardKeys(name: name, bundleIdentifier: bundleIdentifier, packageType: "APPL", shortVersion: shortVersion, version: version),
            plistFormat: plistFormat
        )
        .setting("CFBundleIcons", to: .dictionary(icons))
        .setting("UILaunchStoryboardName", to: .string("LaunchScreen"))
        .adding(file: name, contents: placeholderExecutable)
        .adding(file: "AppIcon60x60@2x.png", contents: PNGWriter.write(width: 120, height: 120, cgbi: true))
        .adding(file: "Assets.car", contents: assetCatalogue)
        .adding(files: launchScreenFiles)
    }

    /// A compiled launch storyboard as Xcode's template writes it: the storyboard's Info.plist
    /// (its entry point and version, binary) and its one scene's nib (its `NIBArchive` header
    /// alone: nothing reads a nib's contents).
    public static let launchScreenFiles: [FixtureFile] = {
        var info = PlistDictionary()
        info.append(key: "UIStoryboardDesignatedEntryPointIdentifier", value: .string("UIViewController-01J-lp-oVM"))
        info.append(key: "UIStoryboardVersion", value: .integer(PlistInteger(1)))
        let folder = "Base.lproj/LaunchScreen.storyboardc/"
        return [
            FixtureFile(path: folder + "Info.plist", contents: (try? BinaryPropertyListWriter.write(.dictionary(info))) ?? []),
            FixtureFile(path: folder + "UIViewController-01J-lp-oVM.nib", contents: Array("NIBArchive".utf8) + [1, 0, 0, 0, 9, 0, 0, 0]),
        ]
    }()

    /// Whether a bundle's files hold the default launch screen's.
    static func isLaunchScreenFile(_ file: FixtureFile) -> Bool {
        file.path.hasPrefix("Base.lproj/LaunchScreen.storyboardc/")
    }

    /// The app's compiled asset catalogue: the single-size `AppIcon` set as Xcode 16.4 compiles
    /// it for an iPhone app, one opaque 1024×1024 icon of idiom phone (flat colours, a few KB)
    /// and its size list (`FixtureAssetCatalog.appIcon(pixels: .flat)`), so that every fixture
    /// app passes the icon rules unless its example says otherwise. Written once.
    public static let assetCatalogue: [UInt8] = {
        do {
            return try FixtureAssetCatalog.appIcon(pixels: .flat).bytes()
        } catch {
            preconditionFailure("the default asset catalogue cannot be written: \(error)")
        }
    }()

    /// The same bundle as a watchOS device build (`built(for: .watchOS)`).
    public func builtForWatchOS() -> FixtureBundle {
        built(for: .watchOS)
    }

    /// The same bundle as Xcode 26.1 builds it for `platform`: `CFBundleSupportedPlatforms`,
    /// `DTPlatformName`, `DTPlatformVersion`, `DTPlatformBuild`, `DTSDKName`, `DTSDKBuild`,
    /// the minimum OS (`MinimumOSVersion`, on the Mac `LSMinimumSystemVersion` in its place;
    /// the platform's default) and `UIDeviceFamily` (none for iOS, as `app` writes none, nor for
    /// macOS) replace what `standardKeys` wrote, each where it stood; and the default
    /// executable is built for the platform (`FixturePlatform.machOPlatform`, `architectures`,
    /// `hasEncryptionInfo`). Keys set before are overwritten: set them after.
    /// `built(for: .iOS)` leaves a bundle of `standardKeys` as it was.
    ///
    /// For the Mac, an app's icon becomes the Mac's (`CFBundleIconName` AppIcon, its set in
    /// `Resources/Assets.car`; no loose PNG), `Assets.car` moves into `Resources/`, an app gets
    /// `PkgInfo` (`APPL????`) and, for macOS (AppKit), `NSPrincipalClass` NSApplication. Xcode
    /// also writes `AppIcon.icns` with `CFBundleIconFile`; add them (`adding(file:)`) where an
    /// icns matters. Nested bundles are not rebuilt: build each for its platform.
    public func built(for platform: FixturePlatform) -> FixtureBundle {
        var copy =
            self
            .replacing("CFBundleSupportedPlatforms", with: .array([.string(platform.supportedPlatform)]))
            .replacing("DTPlatformBuild", with: .string(platform.sdkBuild))
            .replacing("DTPlatformName", with: .string(platform.platformName))
            .replacing("DTPlatformVersion", with: .string(platform.sdkVersion))
            .replacing("DTSDKBuild", with: .string(platform.sdkBuild))
            .replacing("DTSDKName", with: .string(platform.sdkName))
            .replacing(anyOf: ["MinimumOSVersion", "LSMinimumSystemVersion"], with: platform.minimumOSKey, .string(platform.minimumOSVersion))
        if platform.os == .iOS || platform.deviceFamily.isEmpty {
            copy = copy.removing("UIDeviceFamily")
        } else {
            copy = copy.replacing("UIDeviceFamily", with: .array(platform.deviceFamily.map { .integer(PlistInteger($0)) }))
        }
        if [.watchOS, .visionOS].contains(platform.os) || platform.os.isMac, infoPlist["UILaunchStoryboardName"]?.stringValue == "LaunchScreen" {
            // Launch storyboards are iOS's and tvOS's.
            copy = copy.removing("UILaunchStoryboardName")
            copy.files.removeAll(where: Self.isLaunchScreenFile)
        }
        if platform.os.isMac {
            if infoPlist["CFBundleIcons"] != nil {
                copy.files.removeAll { $0.path == "AppIcon60x60@2x.png" }
                copy = copy.replacing(anyOf: ["CFBundleIcons"], with: "CFBundleIconName", .string("AppIcon"))
            }
            copy.files = copy.files.map { file in
                var moved = file
                if file.path == "Assets.car" { moved.path = "Resources/Assets.car" }
                return moved
            }
            if infoPlist["CFBundlePackageType"]?.stringValue == "APPL" {
                if !copy.files.contains(where: { $0.path == "PkgInfo" }) {
                    copy = copy.adding(file: "PkgInfo", contents: Array("APPL????".utf8))
                }
                if platform.os == .macOS, copy.infoPlist["NSPrincipalClass"] == nil {
                    copy = copy.setting("NSPrincipalClass", to: .string("NSApplication"))
                }
            }
        } else if platform.os != .iOS, infoPlist["CFBundleIcons"] != nil {
            // Loose icon files are iOS's; a tvOS app names its "App Icon & Top Shelf Image" brand
            // asset with a string (as icyleaf/app-info's apple-tv.ipa does), the others only the set.
            copy.files.removeAll { $0.path == "AppIcon60x60@2x.png" }
            var primary = PlistDictionary()
            primary.append(key: "CFBundleIconName", value: .string("AppIcon"))
            var icons = PlistDictionary()
            icons.append(key: "CFBundlePrimaryIcon", value: platform.os == .tvOS ? .string("App Icon") : .dictionary(primary))
            copy = copy.replacing("CFBundleIcons", with: .dictionary(icons))
            if platform.os == .tvOS {
                // The brand asset's top-shelf images, as that app names them: every tvOS app of
                // the default icon keys has them, whatever its catalogue (the default one holds them).
                var topShelf = PlistDictionary()
                topShelf.append(key: "TVTopShelfPrimaryImage", value: .string("Top Shelf Image"))
                topShelf.append(key: "TVTopShelfPrimaryImageWide", value: .string("Top Shelf Image Wide"))
                copy = copy.replacing("TVTopShelfImage", with: .dictionary(topShelf))
            }
        }
        // The default catalogue becomes the platform's (its set's name, its platform in the metadata).
        copy.files = copy.files.map { file in
            var rebuilt = file
            if PackagePath.name(file.path) == "Assets.car", file.contents == Self.assetCatalogue {
                rebuilt.contents = FixtureAssetCatalog.defaultBytes(for: platform.os)
            }
            return rebuilt
        }
        copy.platform = platform
        return copy
    }

    /// A standalone ("watch-only") watchOS app as Xcode 26 builds it: an iOS stub container
    /// `<name>.app`, marked `ITSWatchOnlyContainer`, holding `Watch/<name> Watch App.app` built
    /// for watchOS (`built(for: .watchOS)`), marked `WKApplication` and `WKWatchOnly`, with the
    /// identifier `<bundleIdentifier>.watchkitapp`.
    ///
    /// Kept deliberately simple until the real layout is confirmed: both bundles are `app`s with
    /// the default keys and files of an iOS app (the container's `CFBundleIcons`, icon and
    /// `Assets.car` included; the watch app keeps them too) and each has the default executable
    /// of its platform. Adjust here, not in callers, once the layout of a real upload is known.
    public static func watchOnlyApp(
        _ name: String,
        bundleIdentifier: String,
        shortVersion: String? = "1.0",
        version: String? = "1"
    ) -> FixtureBundle {
        let watchApp = FixtureBundle.app(name + " Watch App", bundleIdentifier: bundleIdentifier + ".watchkitapp", shortVersion: shortVersion, version: version)
            .built(for: .watchOS)
            .setting("WKApplication", to: .bool(true))
            .setting("WKWatchOnly", to: .bool(true))
        return FixtureBundle.app(name, bundleIdentifier: bundleIdentifier, shortVersion: shortVersion, version: version)
            .setting("ITSWatchOnlyContainer", to: .bool(true))
            .setting("LSApplicationLaunchProhibited", to: .bool(true))
            .adding(watchApp, in: "Watch")
    }

    /// An app extension with its `NSExtension` dictionary.
    public static func appex(
        _ name: String,
        bundleIdentifier: String,
        extensionPoint: String,
        attributes: PlistDictionary? = nil,
        principalClass: String? = nil,
        mainStoryboard: String? = nil,
        shortVersion: String? = "1.0",
        version: String? = "1",
        plistFormat: PropertyListFormat = .xml
    ) -> FixtureBundle {
        var plist = standardKeys(name: name, bundleIdentifier: bundleIdentifier, packageType: "XPC!", shortVersion: shortVersion, version: version)
        var nsExtension = PlistDictionary()
        if let attributes {
            nsExtension.append(key: "NSExtensionAttributes", value: .dictionary(attributes))
        }
        nsExtension.append(key: "NSExtensionPointIdentifier", value: .string(extensionPoint))
        // Xcode's templates name one entry point: a storyboard, or else a principal class.
        if let mainStoryboard {
            nsExtension.append(key: "NSExtensionMainStoryboard", value: .string(mainStoryboard))
        } else {
            nsExtension.append(key: "NSExtensionPrincipalClass", value: .string(principalClass ?? name + "ViewController"))
        }
        plist.append(key: "NSExtension", value: .dictionary(nsExtension))
        return FixtureBundle(name: name + ".appex", infoPlist: plist, plistFormat: plistFormat)
            .adding(file: name, contents: placeholderExecutable)
    }

    /// A framework with its vendor's own versions.
    public static func framework(_ name: String, bundleIdentifier: String, shortVersion: String = "5.2.1", version: String = "5.2.1") -> FixtureBundle {
        FixtureBundle(
            name: name + ".framework",
            infoPlist: standardKeys(name: name, bundleIdentifier: bundleIdentifier, packageType: "FMWK", shortVersion: shortVersion, version: version)
        )
        .adding(file: name, contents: placeholderExecutable)
    }

    /// An XPC service of a Mac app (`Contents/XPCServices/<name>.xpc`), as Xcode's template
    /// builds it: package type `XPC!` and an `XPCService` dictionary of `ServiceType` Application.
    public static func xpcService(
        _ name: String, bundleIdentifier: String, shortVersion: String? = "1.0", version: String? = "1",
        platform: FixturePlatform = .macOS
    ) -> FixtureBundle {
        var service = PlistDictionary()
        service.append(key: "ServiceType", value: .string("Application"))
        return macCodeBundle(
            name, suffix: ".xpc", packageType: "XPC!", bundleIdentifier: bundleIdentifier, shortVersion: shortVersion, version: version,
            keys: [("XPCService", .dictionary(service))], platform: platform
        )
    }

    /// A system extension (`Contents/Library/SystemExtensions/<name>.systemextension`): package
    /// type `SYSX` and the `NSSystemExtensionUsageDescription` every one but a DriverKit
    /// extension must carry. The system activates it by its bundle identifier, which Xcode's
    /// templates also make its name: pass it as `name` for that.
    public static func systemExtension(
        _ name: String, bundleIdentifier: String, usageDescription: String = "Filters the network traffic of this Mac.",
        shortVersion: String? = "1.0", version: String? = "1", platform: FixturePlatform = .macOS
    ) -> FixtureBundle {
        macCodeBundle(
            name, suffix: ".systemextension", packageType: "SYSX", bundleIdentifier: bundleIdentifier, shortVersion: shortVersion,
            version: version, keys: [("NSSystemExtensionUsageDescription", .string(usageDescription))], platform: platform
        )
    }

    /// A login item (`Contents/Library/LoginItems/<name>.app`): an app without a user interface
    /// of its own (`LSBackgroundOnly`), which the main app registers to start at login.
    public static func loginItem(
        _ name: String, bundleIdentifier: String, shortVersion: String? = "1.0", version: String? = "1",
        platform: FixturePlatform = .macOS
    ) -> FixtureBundle {
        helperApp(name, bundleIdentifier: bundleIdentifier, shortVersion: shortVersion, version: version, platform: platform)
            .setting("LSBackgroundOnly", to: .bool(true))
    }

    /// A helper app (`Contents/Helpers/<name>.app`, the folder Apple's "Placing content in a
    /// bundle" gives helper apps): an app of package type `APPL` with no icon of its own.
    public static func helperApp(
        _ name: String, bundleIdentifier: String, shortVersion: String? = "1.0", version: String? = "1",
        platform: FixturePlatform = .macOS
    ) -> FixtureBundle {
        macCodeBundle(
            name, suffix: ".app", packageType: "APPL", bundleIdentifier: bundleIdentifier, shortVersion: shortVersion, version: version,
            keys: [], platform: platform
        )
    }

    /// A bundle of the standard keys with `keys` set after them, its executable to be built, for `platform`.
    private static func macCodeBundle(
        _ name: String, suffix: String, packageType: String, bundleIdentifier: String, shortVersion: String?, version: String?,
        keys: [(String, PlistValue)], platform: FixturePlatform
    ) -> FixtureBundle {
        var bundle = FixtureBundle(
            name: name + suffix,
            infoPlist: standardKeys(name: name, bundleIdentifier: bundleIdentifier, packageType: packageType, shortVersion: shortVersion, version: version)
        )
        for (key, value) in keys { bundle = bundle.setting(key, to: value) }
        return bundle.adding(file: name, contents: placeholderExecutable).built(for: platform)
    }

    /// Marks the bundle's executable until the bundle is written; then it becomes
    /// `defaultExecutable()`, built from the Info.plist as it is by then.
    public static let placeholderExecutable = Array("placeholder executable\n".utf8)

    /// What Xcode would have built for the bundle's `platform`: a signed executable of its
    /// architecture (arm64 for iOS devices, the default) with encryption info on devices, whose
    /// signature names the bundle identifier and, for apps and extensions, carries the
    /// application identifier entitlement of the default team; frameworks are signed without
    /// entitlements nor encryption info; an app that holds App Clips names each in its
    /// associated App Clip identifiers. Tests about binaries give their own executable.
    func defaultExecutable() -> [UInt8] {
        let identifier = infoPlist["CFBundleIdentifier"]?.stringValue ?? name
        let isFramework = name.hasSuffix(".framework")
        let entitlements = FixtureSigningDescription.defaultEntitlements(identifier: identifier, platform: platform, appClips: appClipIdentifiers)
        return FixtureSigningDescription.signedExecutable(
            identifier: identifier,
            minimumOS: minimumOS,
            entitlements: isFramework ? nil : entitlements,
            encrypted: !isFramework && platform.hasEncryptionInfo,
            fileType: isFramework ? .dylib : .execute,
            platform: platform
        )
    }

    /// The bundle identifiers of the App Clips it holds.
    var appClipIdentifiers: [String] {
        children.filter { $0.folder == "AppClips" }.compactMap { $0.bundle.infoPlist["CFBundleIdentifier"]?.stringValue }
    }

    /// The minimum OS the Info.plist states (`FixturePlatform.minimumOSKey`), else the platform's default.
    var minimumOS: MachOVersion {
        infoPlist[platform.minimumOSKey]?.stringValue.flatMap(MachOVersion.init)
            ?? MachOVersion(platform.minimumOSVersion) ?? MachOVersion(major: 16)
    }

    /// Where the layout puts the file of the executable named `name`, relative to the contents
    /// folder: `name`, or `MacOS/<name>` in a Mac bundle's `Contents/`.
    public func executablePath(_ name: String) -> String {
        FixtureBundleLayout(bundleName: self.name, platform: platform).executablePath(name)
    }

    /// Where the layout puts a provisioning profile, relative to the contents folder:
    /// `embedded.mobileprovision`, but on the Mac `embedded.provisionprofile`.
    public var profilePath: String {
        platform.os.isMac ? "embedded.provisionprofile" : "embedded.mobileprovision"
    }

    static func standardKeys(name: String, bundleIdentifier: String, packageType: String, shortVersion: String?, version: String?) -> PlistDictionary {
        var plist = PlistDictionary()
        plist.append(key: "CFBundleDevelopmentRegion", value: .string("en"))
        plist.append(key: "CFBundleExecutable", value: .string(name))
        plist.append(key: "CFBundleIdentifier", value: .string(bundleIdentifier))
        plist.append(key: "CFBundleInfoDictionaryVersion", value: .string("6.0"))
        plist.append(key: "CFBundleName", value: .string(name))
        plist.append(key: "CFBundlePackageType", value: .string(packageType))
        if let shortVersion { plist.append(key: "CFBundleShortVersionString", value: .string(shortVersion)) }
        if let version { plist.append(key: "CFBundleVersion", value: .string(version)) }
        plist.append(key: "MinimumOSVersion", value: .string("16.0"))
        // What Xcode 26.1 (17B55, a release) writes when it builds for iOS devices with the iOS 26.1 SDK.
        plist.append(key: "CFBundleSupportedPlatforms", value: .array([.string("iPhoneOS")]))
        plist.append(key: "DTCompiler", value: .string("com.apple.compilers.llvm.clang.1_0"))
        plist.append(key: "DTPlatformBuild", value: .string("23B77"))
        plist.append(key: "DTPlatformName", value: .string("iphoneos"))
        plist.append(key: "DTPlatformVersion", value: .string("26.1"))
        plist.append(key: "DTSDKBuild", value: .string("23B77"))
        plist.append(key: "DTSDKName", value: .string("iphoneos26.1"))
        plist.append(key: "DTXcode", value: .string("2610"))
        plist.append(key: "DTXcodeBuild", value: .string("17B55"))
        return plist
    }

    // MARK: - Building up

    public func adding(_ child: FixtureBundle, in folder: String) -> FixtureBundle {
        var copy = self
        copy.children.append((folder, child))
        return copy
    }

    /// A bare helper tool in a Mac bundle: a signed Mach-O file at `folder/name` (`MacOS`, as
    /// by default, or `Helpers`), relative to the contents folder, of the bundle's platform
    /// unless `executable` is given; sealed as nested code by the bundle's signature.
    public func adding(
        helperTool name: String, in folder: String = "MacOS", identifier: String? = nil,
        entitlements: PlistDictionary? = nil, executable: FixtureExecutable? = nil
    ) -> FixtureBundle {
        var copy = self
        copy.helperTools.append(
            FixtureHelperTool(path: folder + "/" + name, identifier: identifier ?? name, entitlements: entitlements, executable: executable))
        return copy
    }

    /// An explicit folder entry inside the bundle (`Frameworks`), empty unless files are added under it.
    public func adding(folder path: String) -> FixtureBundle {
        var copy = self
        copy.files.append(.folder(path))
        return copy
    }

    public func adding(files: [FixtureFile]) -> FixtureBundle {
        var copy = self
        copy.files += files
        return copy
    }

    public func adding(file path: String, contents: [UInt8]) -> FixtureBundle {
        var copy = self
        copy.files.append(FixtureFile(path: path, contents: contents))
        return copy
    }

    /// Sets a top-level Info.plist key, replacing every earlier occurrence.
    public func setting(_ key: String, to value: PlistValue) -> FixtureBundle {
        var copy = self
        let kept = infoPlist.entries.filter { $0.key != key }
        copy.infoPlist = PlistDictionary(kept + [PlistDictionary.Entry(key: key, value: value)])
        return copy
    }

    /// Sets a top-level Info.plist key where it stands (appended when absent), removing any
    /// later occurrence: the other keys keep their order and lines.
    func replacing(_ key: String, with value: PlistValue) -> FixtureBundle {
        replacing(anyOf: [key], with: key, value)
    }

    /// Sets `key` where the first of `keys` stands (appended when none does), removing every
    /// other occurrence of them: a key renamed in place (`MinimumOSVersion` to `LSMinimumSystemVersion`).
    func replacing(anyOf keys: Set<String>, with key: String, _ value: PlistValue) -> FixtureBundle {
        var copy = self
        var entries: [PlistDictionary.Entry] = []
        var placed = false
        for entry in infoPlist.entries {
            guard keys.contains(entry.key) || entry.key == key else {
                entries.append(entry)
                continue
            }
            if !placed { entries.append(PlistDictionary.Entry(key: key, value: value)) }
            placed = true
        }
        if !placed { entries.append(PlistDictionary.Entry(key: key, value: value)) }
        copy.infoPlist = PlistDictionary(entries)
        return copy
    }

    public func removing(_ key: String) -> FixtureBundle {
        var copy = self
        copy.infoPlist = PlistDictionary(infoPlist.entries.filter { $0.key != key })
        return copy
    }

    public func withRawInfoPlist(_ bytes: [UInt8]) -> FixtureBundle {
        var copy = self
        copy.rawInfoPlist = bytes
        return copy
    }

    public func withoutInfoPlist() -> FixtureBundle {
        var copy = self
        copy.hasInfoPlist = false
        return copy
    }

    public func with(_ executable: FixtureExecutable) -> FixtureBundle {
        var copy = self
        copy.executable = executable
        return copy
    }

    public func edited(afterSigning edits: FixtureEditsAfterSigning) -> FixtureBundle {
        var copy = self
        copy.editsAfterSigning = edits
        return copy
    }

    // MARK: - Files

    /// Every file of this bundle and its children, with paths starting at `prefix`.
    func flattened(under prefix: String) throws -> [FixtureFile] {
        try written(under: prefix).files
    }

    /// The files, and the cdhash of a signed executable for the containing bundle's CodeResources.
    /// Children are written first: this bundle's signature seals them.
    private func written(under prefix: String) throws -> (files: [FixtureFile], codeDirectoryHash: [UInt8]?) {
        let root = prefix.isEmpty ? name : prefix + "/" + name
        let layout = FixtureBundleLayout(bundleName: name, platform: platform)
        // Everything but a versioned framework's links lies in the contents folder.
        let contents = layout.contentsFolder.isEmpty ? root : root + "/" + layout.contentsFolder
        var nestedFiles: [FixtureFile] = []
        var nestedCode: [FixtureCodeResources.NestedCode] = []
        for (folder, child) in children {
            let written = try child.written(under: contents + "/" + folder)
            nestedFiles += written.files
            if let hash = written.codeDirectoryHash {
                let identifier = child.infoPlist["CFBundleIdentifier"]?.stringValue ?? child.name
                nestedCode.append(.init(path: folder + "/" + child.name, codeDirectoryHash: hash, identifier: identifier))
            }
        }

        let infoPlistBytes = hasInfoPlist ? try rawInfoPlist ?? Self.encode(infoPlist, plistFormat) : nil
        let executableName = infoPlist["CFBundleExecutable"]?.stringValue ?? executable?.name
        let executableFile = executable.map { layout.executablePath($0.name) }
        var ownFiles = files.compactMap { file -> FixtureFile? in
            var placed = file
            if layout != .flat, file.path == executableName {
                placed.path = layout.executablePath(file.path)
                placed.permissions = placed.permissions ?? 0o755
            }
            return placed.path == executableFile ? nil : placed
        }
        var toolFiles: [FixtureFile] = []
        for tool in helperTools {
            let written = tool.resolvedExecutable(platform: platform, minimumOS: minimumOS)
                .write(infoPlist: nil, codeResources: nil, edits: FixtureEditsAfterSigning())
            var file = FixtureFile(path: tool.path, contents: written.bytes)
            file.permissions = 0o755
            toolFiles.append(file)
            if let hash = written.codeDirectoryHash {
                nestedCode.append(.init(path: tool.path, codeDirectoryHash: hash, identifier: tool.identifier))
            }
        }
        var codeDirectoryHash: [UInt8]?
        if let executable, let executableFile {
            var codeResources: [UInt8]?
            if executable.isSigned {
                var sealed = ownFiles.filter { FixtureCodeResources.seals($0.path, executable: executableFile) }
                // A versioned framework's Info.plist is one of its resources, sealed as such.
                if layout == .versioned, let infoPlistBytes {
                    sealed.append(FixtureFile(path: layout.infoPlistPath, contents: infoPlistBytes))
                }
                codeResources = FixtureCodeResources.write(files: sealed, nested: nestedCode, style: layout == .flat ? .iOS : .mac)
                ownFiles.append(FixtureFile(path: FixtureCodeResources.path, contents: codeResources!))
            }
            let written = executable.write(infoPlist: infoPlistBytes, codeResources: codeResources, edits: editsAfterSigning)
            var file = FixtureFile(path: executableFile, contents: written.bytes)
            if layout != .flat { file.permissions = 0o755 }
            ownFiles.append(file)
            codeDirectoryHash = written.codeDirectoryHash
        }
        ownFiles += toolFiles

        // After signing: the signature above keeps the hashes of the bundle as it was.
        var finalInfoPlist = infoPlistBytes
        if hasInfoPlist, !editsAfterSigning.infoPlist.isEmpty {
            var edited = infoPlist
            for edit in editsAfterSigning.infoPlist {
                edited = PlistDictionary(edited.entries.filter { $0.key != edit.key })
                if let value = edit.value { edited.append(key: edit.key, value: value) }
            }
            finalInfoPlist = try Self.encode(edited, plistFormat)
        }
        let replaced = Set(editsAfterSigning.files.map(\.path)).union(editsAfterSigning.removedFiles)
        ownFiles = ownFiles.filter { !replaced.contains($0.path) } + editsAfterSigning.files

        var result: [FixtureFile] = []
        if let finalInfoPlist { result.append(FixtureFile(path: contents + "/" + layout.infoPlistPath, contents: finalInfoPlist)) }
        for file in ownFiles {
            var placed = file
            placed.path = contents + "/" + file.path
            placed.zipName = file.zipName.map { contents + "/" + $0 }
            if file.contents == Self.placeholderExecutable {
                placed.contents = defaultExecutable()
            }
            result.append(placed)
        }
        for link in layout.topLevelLinks(executable: executableName) {
            var file = FixtureFile(path: root + "/" + link.path, text: link.target)
            file.isSymbolicLink = true
            file.permissions = 0o755
            result.append(file)
        }
        return (result + nestedFiles, codeDirectoryHash)
    }

    private static func encode(_ plist: PlistDictionary, _ format: PropertyListFormat) throws -> [UInt8] {
        switch format {
        case .xml: XMLPropertyListWriter.write(.dictionary(plist))
        case .binary: try BinaryPropertyListWriter.write(.dictionary(plist))
        }
    }
}
