import BundleCheckFormats

/// The packages shipped in `Examples/`, built by the fixture builder so anyone can regenerate them.
public enum ExamplePackages {
    /// The activation rule of the notes app's import action (seed 000): PDFs, images and zip archives.
    public static let paiNotesActivationRule = """
        SUBQUERY (
            extensionItems,
            $extensionItem,
            SUBQUERY (
                $extensionItem.attachments,
                $attachment,
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf" ||
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" ||
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.zip-archive" ||
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.pkware.zip-archive"
            ).@count == 1
        ).@count == 1
        """

    /// `Examples/PaiNotes.ipa`: the notes app of seed 000 with its "Open in PaiNotes" Action
    /// extension, which hands files over through `group.com.painotes.shared` and opens the app
    /// with `painotes://import`. Both are signed arm64 executables with App Store profiles, built
    /// as Xcode 26.1 builds them (its DT* keys and iOS 26.1 SDK, the app's icon in Assets.car and
    /// AppIcon60x60@2x.png). The extension's build number was left behind (41 against the app's
    /// 42), so the first run shows a real finding.
    /// `CFBundleDocumentTypes` of viewer entries (rank Alternate), each a name and its content types.
    static func documentTypes(_ entries: [(name: String, types: [String])]) -> [PlistValue] {
        entries.map { entry in
            var type = PlistDictionary()
            type.append(key: "CFBundleTypeName", value: .string(entry.name))
            type.append(key: "LSHandlerRank", value: .string("Alternate"))
            type.append(key: "LSItemContentTypes", value: .array(entry.types.map(PlistValue.string)))
            return .dictionary(type)
        }
    }

    public static func paiNotes() throws -> FixturePackage {
        try paiNotes(version: "42", actionVersion: "41", share: false, associatedDomains: [])
    }

    /// `Examples/PaiNotes-build40.ipa`: the next build of PaiNotes, as a release review sees it
    /// (README's `bundlecheck diff` example). Three changes were seeded: a Share extension was
    /// added (`com.painotes.app.share`, images and files), the app gained an entitlement
    /// (`com.apple.developer.associated-domains`, `applinks:painotes.com`, in its profile too),
    /// and the build number went back to 40 for the same version 1.2, which App Store Connect
    /// refuses. The action extension follows the app to 40, so the check's version mismatch of
    /// the first build is fixed.
    public static func paiNotesNextBuild() throws -> FixturePackage {
        try paiNotes(version: "40", actionVersion: "40", share: true, associatedDomains: ["applinks:painotes.com"])
    }

    private static func paiNotes(version: String, actionVersion: String, share: Bool, associatedDomains: [String]) throws -> FixturePackage {
        var attributes = PlistDictionary()
        attributes.append(key: "NSExtensionActivationRule", value: .string(paiNotesActivationRule))
        attributes.append(key: "NSExtensionServiceAllowsFinderPreviewItem", value: .bool(true))
        attributes.append(key: "NSExtensionServiceRoleType", value: .string("NSExtensionServiceRoleTypeViewer"))

        let action = FixtureBundle.appex(
            "PaiNotesImport",
            bundleIdentifier: "com.painotes.app.import",
            extensionPoint: "com.apple.ui-services",
            attributes: attributes,
            mainStoryboard: "MainInterface",
            shortVersion: "1.2",
            version: actionVersion
        )
        .setting("CFBundleDisplayName", to: .string("Open in PaiNotes"))

        var urlType = PlistDictionary()
        urlType.append(key: "CFBundleURLName", value: .string("com.painotes.app"))
        urlType.append(key: "CFBundleURLSchemes", value: .array([.string("painotes")]))

        var app = FixtureBundle.app("PaiNotes", bundleIdentifier: "com.painotes.app", shortVersion: "1.2", version: version)
            .setting("CFBundleDisplayName", to: .string("PaiNotes"))
            .setting("CFBundleURLTypes", to: .array([.dictionary(urlType)]))
            // What the extension hands over, which the app imports (copies in) and can open.
            .setting(
                "CFBundleDocumentTypes",
                to: .array(
                    documentTypes([
                        ("PDF Document", ["com.adobe.pdf"]), ("Image", ["public.image"]), ("ZIP Archive", ["public.zip-archive", "com.pkware.zip-archive"]),
                    ]))
            )
            .setting("LSSupportsOpeningDocumentsInPlace", to: .bool(false))
            .setting("LSRequiresIPhoneOS", to: .bool(true))
            .setting("UIRequiredDeviceCapabilities", to: .array([.string("arm64")]))
            .adding(file: "PkgInfo", contents: Array("APPL????".utf8))
            .adding(action, in: "PlugIns")
        if share {
            var shareAttributes = PlistDictionary()
            shareAttributes.append(
                key: "NSExtensionActivationRule",
                value: .dictionary(
                    PlistDictionary([
                        "NSExtensionActivationSupportsFileWithMaxCount": .integer(PlistInteger(5)),
                        "NSExtensionActivationSupportsImageWithMaxCount": .integer(PlistInteger(5)),
                    ])))
            app = app.adding(
                FixtureBundle.appex(
                    "PaiNotesShare", bundleIdentifier: "com.painotes.app.share", extensionPoint: "com.apple.share-services",
                    attributes: shareAttributes, shortVersion: "1.2", version: version
                ).setting("CFBundleDisplayName", to: .string("Save to PaiNotes")), in: "PlugIns")
        }
        var appEntitlements = PlistDictionary()
        if !associatedDomains.isEmpty {
            appEntitlements.append(key: "com.apple.developer.associated-domains", value: .array(associatedDomains.map(PlistValue.string)))
        }
        return try FixturePackage.ipa(signed(app, team: paiNotesTeam, appEntitlements: appEntitlements)).stored()
    }

    /// `Examples/PaiScan.ipa`: a document scanner with a share extension that sends pages to it,
    /// showing the privacy and upload rules beside a correct manifest. The app uses the camera
    /// and says why (NSCameraUsageDescription), and keeps its settings in UserDefaults, which its
    /// `PrivacyInfo.xcprivacy` declares with reason CA92.1: both are right. Two things are not:
    /// it asks for photo-library access without NSPhotoLibraryUsageDescription
    /// (`purpose-string-missing`), and its share extension reads file timestamps (`stat`) with
    /// no manifest of its own, which the app's does not cover (`required-reason-api`). It runs on
    /// iPad too, where it lists portrait orientations only (`ipad-multitasking-orientations`,
    /// ITMS-90474), and its PDF document type has no handler rank (`document-types`, ITMS-90788).
    /// Its icon is a single-size set with dark and tinted variants, compiled for iPhone and iPad.
    public static func paiScan() throws -> FixturePackage {
        var attributes = PlistDictionary()
        attributes.append(
            key: "NSExtensionActivationRule",
            value: .dictionary(
                PlistDictionary([
                    "NSExtensionActivationSupportsImageWithMaxCount": .integer(PlistInteger(10)),
                    "NSExtensionActivationSupportsFileWithMaxCount": .integer(PlistInteger(10)),
                ])))
        let share = FixtureBundle.appex(
            "PaiScanShare", bundleIdentifier: "com.painotes.scan.share", extensionPoint: "com.apple.share-services",
            attributes: attributes, shortVersion: "2.0", version: "7"
        )
        var urlType = PlistDictionary()
        urlType.append(key: "CFBundleURLName", value: .string("com.painotes.scan"))
        urlType.append(key: "CFBundleURLSchemes", value: .array([.string("paiscan")]))

        var userDefaults = PlistDictionary()
        userDefaults.append(key: "NSPrivacyAccessedAPIType", value: .string("NSPrivacyAccessedAPICategoryUserDefaults"))
        userDefaults.append(key: "NSPrivacyAccessedAPITypeReasons", value: .array([.string("CA92.1")]))
        var manifest = PlistDictionary()
        manifest.append(key: "NSPrivacyTracking", value: .bool(false))
        manifest.append(key: "NSPrivacyTrackingDomains", value: .array([]))
        manifest.append(key: "NSPrivacyCollectedDataTypes", value: .array([]))
        manifest.append(key: "NSPrivacyAccessedAPITypes", value: .array([.dictionary(userDefaults)]))

        let app = try FixtureBundle.app("PaiScan", bundleIdentifier: "com.painotes.scan", shortVersion: "2.0", version: "7")
            .setting("CFBundleDisplayName", to: .string("PaiScan"))
            .setting("CFBundleURLTypes", to: .array([.dictionary(urlType)]))
            .setting(
                "CFBundleDocumentTypes",
                to: .array(
                    documentTypes([("Image", ["public.image"])]) + [
                        .dictionary(
                            PlistDictionary([
                                "CFBundleTypeName": .string("Scanned PDF"), "LSItemContentTypes": .array([.string("com.adobe.pdf")]),
                            ]))
                    ])
            )
            .setting("LSSupportsOpeningDocumentsInPlace", to: .bool(false))
            .setting("UIDeviceFamily", to: .array([.integer(PlistInteger(1)), .integer(PlistInteger(2))]))
            .setting(
                "UISupportedInterfaceOrientations~ipad",
                to: .array([
                    .string("UIInterfaceOrientationPortrait"), .string("UIInterfaceOrientationPortraitUpsideDown"),
                ])
            )
            .setting("LSRequiresIPhoneOS", to: .bool(true))
            .setting("NSCameraUsageDescription", to: .string("PaiScan uses the camera to scan your documents."))
            .adding(file: "PkgInfo", contents: Array("APPL????".utf8))
            .adding(file: "PrivacyInfo.xcprivacy", contents: XMLPropertyListWriter.write(.dictionary(manifest)))
            .adding(share, in: "PlugIns")
            .withAssetCatalog(.appIcon(idioms: [.phone, .pad], appearances: [.dark, .tinted]))

        let signedApp = signed(app, team: paiNotesTeam, appGroup: "group.com.painotes.scan", teamName: "PaiNotes") { slice, bundle in
            if bundle.name.hasSuffix(".appex") {
                // Sorts shared files by date before handing them over: `stat` is FileTimestamp.
                slice.cStrings = ["paiscan://import?pages=", "group.com.painotes.scan"]
                slice.objcSelectors = ["beginRequestWithExtensionContext:", "viewDidLoad"]
                slice.importedSymbols = ["_OBJC_CLASS_$_UIViewController", "_objc_msgSend", "_stat"]
            } else {
                // The scanner: camera capture, settings in UserDefaults, and saving to (and
                // reading from) the photo library, which asks for authorization first.
                slice.objcSelectors = ["requestAccessForMediaType:completionHandler:", "requestAuthorization:", "viewDidLoad"]
                slice.importedSymbols = [
                    "_OBJC_CLASS_$_AVCaptureDevice", "_OBJC_CLASS_$_NSUserDefaults", "_OBJC_CLASS_$_PHPhotoLibrary",
                    "_OBJC_CLASS_$_UIViewController", "_objc_msgSend",
                ]
            }
        }
        return try FixturePackage.ipa(signedApp).stored()
    }

    /// `Examples/PaiNotesMac.app.zip`: the notes app for the Mac App Store, a zipped
    /// `PaiNotes.app` as Xcode 26.1 builds it for "Any Mac" (`built(for: .macOS)`): universal
    /// arm64 and x86_64 executables for macOS 14.0 without encryption info, everything in
    /// `Contents/`, its icon as `Resources/AppIcon.icns` (`CFBundleIconFile`) beside the set in
    /// `Resources/Assets.car`, a Mac App Store profile (`embedded.provisionprofile`, platform
    /// OSX), its own versioned framework `Frameworks/NotesKit.framework`, and a Share extension
    /// (`PlugIns/Share.appex`) that takes text, a web page or up to five files. App and extension
    /// run in the App Sandbox and share the team-prefixed app group `paiNotesMacAppGroup`.
    /// One mistake is seeded: the extension's marketing version was left behind (1.1 against the
    /// app's 1.2; the build numbers agree).
    /// `shareShortVersion` is the seeded mistake (the app is 1.2); "1.2" gives the healthy app.
    public static func paiNotesMac(shareShortVersion: String = "1.1", adjust: (FixtureBundle) -> FixtureBundle = { $0 }) throws -> FixturePackage {
        try FixturePackage.app(paiNotesMacApp(shareShortVersion: shareShortVersion, adjust: adjust)).stored()
    }

    /// The Mac app of both Mac examples, signed.
    public static func paiNotesMacApp(shareShortVersion: String = "1.1", adjust: (FixtureBundle) -> FixtureBundle = { $0 }) -> FixtureBundle {
        var activationRule = PlistDictionary()
        activationRule.append(key: "NSExtensionActivationSupportsFileWithMaxCount", value: .integer(PlistInteger(5)))
        activationRule.append(key: "NSExtensionActivationSupportsText", value: .bool(true))
        activationRule.append(key: "NSExtensionActivationSupportsWebURLWithMaxCount", value: .integer(PlistInteger(1)))
        var attributes = PlistDictionary()
        attributes.append(key: "NSExtensionActivationRule", value: .dictionary(activationRule))

        let share = FixtureBundle.appex(
            "Share", bundleIdentifier: "com.painotes.mac.share", extensionPoint: "com.apple.share-services",
            attributes: attributes, principalClass: "Share.ShareViewController", shortVersion: shareShortVersion, version: "42"
        )
        .built(for: .macOS)
        .setting("CFBundleDisplayName", to: .string("PaiNotes"))

        let framework = FixtureBundle.framework("NotesKit", bundleIdentifier: "com.painotes.mac.NotesKit", shortVersion: "1.2", version: "42")
            .built(for: .macOS)

        // The extension hands the user over to the app by opening painotes://, as on iOS.
        var urlType = PlistDictionary()
        urlType.append(key: "CFBundleURLName", value: .string("com.painotes.mac"))
        urlType.append(key: "CFBundleURLSchemes", value: .array([.string("painotes")]))

        let app = FixtureBundle.app("PaiNotes", bundleIdentifier: "com.painotes.mac", shortVersion: "1.2", version: "42")
            .built(for: .macOS)
            .setting("CFBundleDisplayName", to: .string("PaiNotes"))
            .setting("CFBundleIconFile", to: .string("AppIcon"))
            .setting("LSApplicationCategoryType", to: .string("public.app-category.productivity"))
            .setting("NSHumanReadableCopyright", to: .string("Copyright © 2025 PaiNotes. All rights reserved."))
            .setting("CFBundleURLTypes", to: .array([.dictionary(urlType)]))
            .adding(file: "Resources/AppIcon.icns", contents: ICNSWriter.appIcon(types: ["ic09", "ic10"]))
            .adding(framework, in: "Frameworks")
            .adding(share, in: "PlugIns")

        return signedForTheMacAppStore(adjust(app), team: paiNotesTeam)
    }

    /// `Examples/PaiNotesMac.pkg`: the same app as App Store Connect takes it, the product
    /// archive `xcodebuild -exportArchive` writes (Distribution, PaiNotes.pkg with its Bom,
    /// PackageInfo and gzip'd cpio Payload), signed with a Mac Installer Distribution certificate.
    public static func paiNotesMacInstaller(shareShortVersion: String = "1.1") throws -> FixturePackage {
        try FixturePackage.installerPackage(paiNotesMacApp(shareShortVersion: shareShortVersion))
    }

    /// The app group of the Mac app and its Share extension: a Mac app group is named after the
    /// team (`<team id>.<name>`), which the App Sandbox lets the team's apps share.
    public static let paiNotesMacAppGroup = paiNotesTeam + ".com.painotes.shared"

    /// `bundle` and its nested bundles signed as Xcode signs them for the Mac App Store: fat
    /// arm64 and x86_64 executables of the bundle's platform (no encryption info), the App
    /// Sandbox and `paiNotesMacAppGroup` for apps and extensions, and for each a Mac App Store
    /// profile in `embedded.provisionprofile`; frameworks are signed without entitlements nor
    /// profile.
    static func signedForTheMacAppStore(_ bundle: FixtureBundle, team: String) -> FixtureBundle {
        var copy = bundle
        let executableName = bundle.infoPlist["CFBundleExecutable"]?.stringValue ?? ""
        let identifier = bundle.infoPlist["CFBundleIdentifier"]?.stringValue ?? ""
        let isFramework = bundle.name.hasSuffix(".framework")
        var entitlements: PlistDictionary?
        var files = bundle.files.filter { $0.path != executableName }
        if !isFramework {
            var signed = PlistDictionary()
            signed.append(key: "com.apple.application-identifier", value: .string("\(team).\(identifier)"))
            signed.append(key: "com.apple.developer.team-identifier", value: .string(team))
            signed.append(key: "com.apple.security.app-sandbox", value: .bool(true))
            signed.append(key: "com.apple.security.application-groups", value: .array([.string(paiNotesMacAppGroup)]))
            signed.append(key: "com.apple.security.files.user-selected.read-only", value: .bool(true))
            entitlements = signed
            var profileEntitlements = PlistDictionary()
            profileEntitlements.append(key: "com.apple.security.application-groups", value: .array([.string(paiNotesMacAppGroup)]))
            let profile = FixtureProfile(
                name: "\(identifier) Mac App Store", team: team, teamName: "PaiNotes",
                applicationIdentifier: "\(team).\(identifier)", entitlements: profileEntitlements, platforms: ["OSX"],
                developerCertificates: [FixtureSigningDescription.defaultCertificate(team: team, teamName: "PaiNotes")]
            )
            files.append(FixtureFile(path: bundle.profilePath, contents: ProfileWriter.write(profile)))
        }
        var template = MachOSliceDescription(
            fileType: isFramework ? .dylib : .execute,
            codeSignature: FixtureCodeSignature(
                identifier: identifier, teamIdentifier: team,
                entitlementsXML: entitlements.map { XMLPropertyListWriter.write(.dictionary($0)) },
                signer: .apple(FixtureSigningDescription.defaultCertificate(team: team, teamName: "PaiNotes"))
            )
        )
        if bundle.name.hasSuffix(".appex") {
            template.cStrings = [paiNotesMacAppGroup, "shared notes"]
            template.objcSelectors = ["loadView", "send:", "cancel:"]
            template.importedSymbols = ["_OBJC_CLASS_$_NSViewController", "_objc_msgSend"]
        } else if !isFramework {
            template.importedSymbols = ["_NSApplicationMain", "_OBJC_CLASS_$_NSDocumentController", "_objc_msgSend"]
        }
        copy.files = files
        copy.executable = FixtureExecutable(
            name: executableName,
            slices: bundle.platform.executableSlices(template, minimumOS: bundle.minimumOS, encrypted: false).map { slice in
                var slice = slice
                slice.uuid = FixtureUUID.of(identifier, architecture: slice.architecture)
                return slice
            }
        )
        copy.children = bundle.children.map { ($0.folder, signedForTheMacAppStore($0.bundle, team: team)) }
        return copy
    }

    /// The example's team id, as the developer portal assigns ten-character ids.
    public static let paiNotesTeam = "PN7X2Q9K4M"

    /// The app group the action extension saves imported files to and the app reads them from.
    public static let paiNotesAppGroup = "group.com.painotes.shared"

    /// Replaces the placeholder executables of `bundle` and its nested bundles with signed arm64
    /// Mach-O files carrying the app group, and adds an App Store profile to each; the
    /// signatures seal each bundle as it is written, as codesign would.
    static func signed(_ bundle: FixtureBundle, team: String, appEntitlements: PlistDictionary = PlistDictionary()) -> FixtureBundle {
        signed(bundle, team: team, appGroup: paiNotesAppGroup, teamName: "PaiNotes", appEntitlements: appEntitlements) { slice, bundle in
            if bundle.name == "PaiNotesImport.appex" {
                // What seed 000's ActionViewController compiles to: the URL it opens, the group it
                // writes to, and the responder-chain selector it calls on UIApplication.
                slice.cStrings = ["painotes://import?files=", paiNotesAppGroup, "imported files"]
                slice.objcSelectors = ["beginRequestWithExtensionContext:", "openURL:", "viewDidLoad"]
                slice.importedSymbols = ["_OBJC_CLASS_$_UIViewController", "_objc_msgSend"]
            } else if bundle.name == "PaiNotesShare.appex" {
                // The second build's share sheet: it saves into the group and opens nothing.
                slice.cStrings = [paiNotesAppGroup, "saved files"]
                slice.objcSelectors = ["didSelectPost", "isContentValid", "viewDidLoad"]
                slice.importedSymbols = ["_OBJC_CLASS_$_SLComposeServiceViewController", "_objc_msgSend"]
            }
        }
    }

    /// `bundle` and its nested bundles with signed arm64 executables carrying `appGroup`, whose
    /// code `evidence` describes (strings, selectors, imports), and App Store profiles; the
    /// apps (not their extensions) carry `appEntitlements` too, in signature and profile.
    static func signed(
        _ bundle: FixtureBundle, team: String, appGroup: String, teamName: String,
        appEntitlements: PlistDictionary = PlistDictionary(),
        evidence: (inout MachOSliceDescription, FixtureBundle) -> Void
    ) -> FixtureBundle {
        let own = bundle.name.hasSuffix(".app") ? appEntitlements : PlistDictionary()
        var copy = bundle
        let executableName = bundle.infoPlist["CFBundleExecutable"]?.stringValue ?? ""
        let identifier = bundle.infoPlist["CFBundleIdentifier"]?.stringValue ?? ""
        var entitlements = PlistDictionary()
        entitlements.append(key: "application-identifier", value: .string("\(team).\(identifier)"))
        entitlements.append(key: "com.apple.developer.team-identifier", value: .string(team))
        entitlements.append(key: "com.apple.security.application-groups", value: .array([.string(appGroup)]))
        for entry in own.entries { entitlements.append(key: entry.key, value: entry.value) }
        var slice = MachOSliceDescription(
            platformVersion: .buildVersion(.iOS, minimumOS: MachOVersion(major: 16), sdk: MachOVersion(major: 26, minor: 1)),
            codeSignature: FixtureCodeSignature(
                identifier: identifier, teamIdentifier: team,
                entitlementsXML: XMLPropertyListWriter.write(.dictionary(entitlements)),
                signer: .apple(FixtureSigningDescription.defaultCertificate(team: team, teamName: teamName))
            )
        )
        slice.uuid = FixtureUUID.of(identifier, architecture: slice.architecture)
        evidence(&slice, bundle)
        var profileEntitlements = PlistDictionary()
        profileEntitlements.append(key: "com.apple.security.application-groups", value: .array([.string(appGroup)]))
        for entry in own.entries { profileEntitlements.append(key: entry.key, value: entry.value) }
        let profile = FixtureProfile(
            name: "\(identifier) App Store", team: team, teamName: teamName,
            applicationIdentifier: "\(team).\(identifier)", entitlements: profileEntitlements,
            developerCertificates: [FixtureSigningDescription.defaultCertificate(team: team, teamName: teamName)]
        )
        copy.files =
            bundle.files.filter { $0.path != executableName } + [
                FixtureFile(path: "embedded.mobileprovision", contents: ProfileWriter.write(profile, encoding: .indefiniteBER(chunkSize: 1000)))
            ]
        copy.executable = FixtureExecutable(name: executableName, slices: [slice])
        copy.children = bundle.children.map {
            ($0.folder, signed($0.bundle, team: team, appGroup: appGroup, teamName: teamName, appEntitlements: appEntitlements, evidence: evidence))
        }
        return copy
    }
}
