import BundleCheckFormats
import BundleCheckModel

/// The fixed report every reporter renders for the golden files: an IPA with an app and a
/// share extension and findings of every severity (one suppressed by a baseline), and a damaged
/// IPA that could not be checked.
enum SampleReport {
    static let appPath = "Payload/Example.app"
    static let extensionPath = "Payload/Example.app/PlugIns/Share.appex"

    /// Built anew on each call, so tests can check that equal reports render to equal bytes.
    static func make(toolVersion: String = BundleCheckVersion.current) -> Report {
        Report(toolVersion: toolVersion, inputs: [example(), broken()])
    }

    /// The app's manifest: user defaults for its own data, no tracking, crash data collected.
    static let privacyManifest = PrivacyManifest(
        path: "\(appPath)/PrivacyInfo.xcprivacy",
        placement: .bundle,
        document: PropertyListDocument(
            format: .xml,
            root: .dictionary(
                PlistDictionary([
                    "NSPrivacyTracking": .bool(false),
                    "NSPrivacyAccessedAPITypes": .array([
                        .dictionary(
                            PlistDictionary([
                                "NSPrivacyAccessedAPIType": .string("NSPrivacyAccessedAPICategoryUserDefaults"),
                                "NSPrivacyAccessedAPITypeReasons": .array([.string("CA92.1")]),
                            ]))
                    ]),
                    "NSPrivacyCollectedDataTypes": .array([
                        .dictionary(
                            PlistDictionary([
                                "NSPrivacyCollectedDataType": .string("NSPrivacyCollectedDataTypeCrashData")
                            ]))
                    ]),
                ])))
    )

    private static func example() -> InputReport {
        var app = InspectedBundle(
            path: appPath,
            kind: .app,
            parent: nil,
            infoPlistPath: "\(appPath)/Info.plist",
            infoPlist: PropertyListDocument(
                format: .xml,
                root: .dictionary(
                    PlistDictionary([
                        "CFBundleIdentifier": .string("com.example.app"),
                        "CFBundleShortVersionString": .string("1.2.0"),
                        "CFBundleVersion": .string("42"),
                        "CFBundleExecutable": .string("Example"),
                        "DTPlatformName": .string("iphoneos"),
                        "DTSDKBuild": .string("23B77"),
                        "DTSDKName": .string("iphoneos26.1"),
                        "DTXcode": .string("2610"),
                        "DTXcodeBuild": .string("17B55"),
                        "NSCameraUsageDescription": .string("Example scans paper notes with the camera"),
                        // Not a string: the report lists the key with no text.
                        "NSPhotoLibraryUsageDescription": .integer(PlistInteger(1)),
                        "CFBundleURLTypes": .array([
                            .dictionary(
                                PlistDictionary([
                                    "CFBundleURLSchemes": .array([.string("example"), .string("my_app"), .string("example")])
                                ]))
                        ]),
                        "LSApplicationQueriesSchemes": .array([.string("maps"), .string("comgooglemaps")]),
                        "CFBundleDocumentTypes": .array([
                            .dictionary(
                                PlistDictionary([
                                    "CFBundleTypeName": .string("Example Note"),
                                    "CFBundleTypeRole": .string("Editor"),
                                    "LSHandlerRank": .string("Owner"),
                                    "LSItemContentTypes": .array([.string("com.example.note")]),
                                ]))
                        ]),
                    ]))),
            privacyManifests: [privacyManifest]
        )
        // What the inspector finds when required-reason-api runs: the use the manifest declares.
        app.requiredReasonAPIs = [RequiredReasonAPIUse(category: "NSPrivacyAccessedAPICategoryUserDefaults", binaries: ["Example"])]
        let share = InspectedBundle(
            path: extensionPath,
            kind: .appex,
            parent: appPath,
            infoPlistPath: "\(extensionPath)/Info.plist",
            infoPlist: PropertyListDocument(
                format: .binary,
                root: .dictionary(
                    PlistDictionary([
                        "CFBundleIdentifier": .string("com.example.app.share"),
                        "CFBundleShortVersionString": .string("1.2.0"),
                        "CFBundleVersion": .string("41"),
                        "CFBundleExecutable": .string("Share"),
                        "NSExtension": .dictionary(
                            PlistDictionary([
                                "NSExtensionPointIdentifier": .string("com.apple.share-services"),
                                "NSExtensionAttributes": .dictionary(
                                    PlistDictionary([
                                        "NSExtensionActivationRule": .string("TRUEPREDICATE && ")
                                    ])),
                            ])),
                    ])))
        )
        let findings = [
            Finding(
                rule: "version-mismatch",
                severity: .error,
                message: #"CFBundleVersion "41" of Share.appex differs from "42" of the app"#,
                bundle: extensionPath,
                file: "\(extensionPath)/Info.plist",
                keyPath: JSONPointer("CFBundleVersion"),
                line: 12,
                appleCodes: ["ITMS-90473"]
            ),
            // A problem inside a string value: column and caret excerpt.
            Finding(
                rule: "activation-rule-invalid",
                severity: .error,
                message: "the activation predicate does not parse: expected an expression after '&&'",
                bundle: extensionPath,
                file: "\(extensionPath)/Info.plist",
                keyPath: JSONPointer("NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"),
                line: 27,
                appleCodes: ["ITMS-90362"],
                column: 18,
                excerpt: "TRUEPREDICATE && \n                 ^"
            ),
            Finding(
                rule: "binary-info-plist",
                severity: .note,
                message: "Info.plist is a binary property list, so findings in it have no line numbers",
                bundle: extensionPath,
                file: "\(extensionPath)/Info.plist",
                keyPath: nil,
                line: nil,
                appleCodes: []
            ),
            Finding(
                rule: "url-scheme-invalid",
                severity: .warning,
                message: #"URL scheme "my_app" contains "_", which RFC 3986 does not allow in a scheme"#,
                bundle: appPath,
                file: "\(appPath)/Info.plist",
                keyPath: JSONPointer("CFBundleURLTypes", "0", "CFBundleURLSchemes", "1"),
                line: 31,
                appleCodes: [],
                identity: "my_app"
            ),
            // Listed in a baseline: in the JSON with "suppressed": true, counted apart in the summary.
            Finding(
                rule: "ats-arbitrary-loads",
                severity: .warning,
                message: "NSAllowsArbitraryLoads is true, so App Transport Security is off for every connection",
                bundle: appPath,
                file: "\(appPath)/Info.plist",
                keyPath: JSONPointer("NSAppTransportSecurity", "NSAllowsArbitraryLoads"),
                line: 40,
                appleCodes: [],
                suppressed: true
            ),
            Finding(
                rule: "stray-file",
                severity: .warning,
                message: "Payload/.DS_Store is outside every bundle; remove it from the package",
                bundle: nil,
                file: "Payload/.DS_Store",
                keyPath: nil,
                line: nil,
                appleCodes: []
            ),
        ]
        return InputReport(
            path: "Build/Example.ipa",
            kind: .ipa,
            container: .zip,
            size: 1_482_211,
            error: nil,
            bundles: [share, app],
            findings: findings,
            distribution: DistributionAssumption(checked: .appStore, basis: .inputKind)
        )
    }

    private static func broken() -> InputReport {
        InputReport(
            path: "Build/Broken.ipa",
            kind: nil,
            container: nil,
            size: 2_048,
            error: .corruptArchive(path: "Build/Broken.ipa", reason: "the central directory is truncated"),
            bundles: [],
            findings: [],
            distribution: nil
        )
    }
}
