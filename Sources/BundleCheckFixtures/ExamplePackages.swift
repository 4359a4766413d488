import BundleCheckKit

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
    /// with `painotes://import`. The extension's build number was left behind (41 against the
    /// app's 42), so the first run shows a real finding.
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

        return try FixturePackage.ipa(app).stored()
    }
}
