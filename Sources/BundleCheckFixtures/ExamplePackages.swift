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
    public static func paiNotes() throws -> FixturePackage {
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
            version: "41"
        )
        .setting("CFBundleDisplayName", to: .string("Open in PaiNotes"))

        var urlType = PlistDictionary()
        urlType.append(key: "CFBundleURLName", value: .string("com.painotes.app"))
        urlType.append(key: "CFBundleURLSchemes", value: .array([.string("painotes")]))

        let app = FixtureBundle.app("PaiNotes", bundleIdentifier: "com.painotes.app", shortVersion: "1.2", version: "42")
            .setting("CFBundleDisplayName", to: .string("PaiNotes"))
            .setting("CFBundleURLTypes", to: .array([.dictionary(urlType)]))
            .setting("LSRequiresIPhoneOS", to: .bool(true))
            .setting("UIRequiredDeviceCapabilities", to: .array([.string("arm64")]))
            .adding(file: "PkgInfo", contents: Array("APPL????".utf8))
            .adding(action, in: "PlugIns")

        return try FixturePackage.ipa(signed(app, team: paiNotesTeam)).stored()
    }

    /// The example's team id, as the developer portal assigns ten-character ids.
    public static let paiNotesTeam = "PN7X2Q9K4M"

    /// The app group the action extension saves imported files to and the app reads them from.
    public static let paiNotesAppGroup = "group.com.painotes.shared"

    /// Replaces the placeholder executables of `bundle` and its nested bundles with signed arm64
    /// Mach-O files carrying the app group, and adds an App Store profile to each; the
    /// signatures seal each bundle as it is written, as codesign would.
    static func signed(_ bundle: FixtureBundle, team: String) -> FixtureBundle {
        var copy = bundle
        let executableName = bundle.infoPlist["CFBundleExecutable"]?.stringValue ?? ""
        let identifier = bundle.infoPlist["CFBundleIdentifier"]?.stringValue ?? ""
        var entitlements = PlistDictionary()
        entitlements.append(key: "application-identifier", value: .string("\(team).\(identifier)"))
        entitlements.append(key: "com.apple.developer.team-identifier", value: .string(team))
        entitlements.append(key: "com.apple.security.application-groups", value: .array([.string(paiNotesAppGroup)]))
        var slice = MachOSliceDescription(
            platformVersion: .buildVersion(.iOS, minimumOS: MachOVersion(major: 16), sdk: MachOVersion(major: 26, minor: 1)),
            codeSignature: FixtureCodeSignature(
                identifier: identifier, teamIdentifier: team,
                entitlementsXML: XMLPropertyListWriter.write(.dictionary(entitlements))
            )
        )
        if bundle.name.hasSuffix(".appex") {
            // What seed 000's ActionViewController compiles to: the URL it opens, the group it
            // writes to, and the responder-chain selector it calls on UIApplication.
            slice.cStrings = ["painotes://import?files=", paiNotesAppGroup, "imported files"]
            slice.objcSelectors = ["beginRequestWithExtensionContext:", "openURL:", "viewDidLoad"]
            slice.importedSymbols = ["_OBJC_CLASS_$_UIViewController", "_objc_msgSend"]
        }
        var profileEntitlements = PlistDictionary()
        profileEntitlements.append(key: "com.apple.security.application-groups", value: .array([.string(paiNotesAppGroup)]))
        let profile = FixtureProfile(
            name: "\(identifier) App Store", team: team, teamName: "PaiNotes",
            applicationIdentifier: "\(team).\(identifier)", entitlements: profileEntitlements
        )
        copy.files = bundle.files.filter { $0.path != executableName } + [
            FixtureFile(path: "embedded.mobileprovision", contents: ProfileWriter.write(profile, encoding: .indefiniteBER(chunkSize: 1000))),
        ]
        copy.executable = FixtureExecutable(name: executableName, slices: [slice])
        copy.children = bundle.children.map { ($0.folder, signed($0.bundle, team: team)) }
        return copy
    }
}
