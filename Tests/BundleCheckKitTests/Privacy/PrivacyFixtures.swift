import BundleCheckFixtures

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Packages for the privacy tests, described as rule examples describe theirs.
enum PrivacyFixtures {
    /// The privacy rules, by their category in `Rules/`.
    static let ruleIDs = Set(RuleCatalogue.shipped.rules.filter { $0.category == "privacy" }.map(\.id))

    struct EmptyDescription: Error {}

    static func package(_ yaml: String) throws -> FixturePackage {
        guard let node = try YAMLParser.parse(Array(yaml.utf8), file: "fixture.yml") else { throw EmptyDescription() }
        return try FixtureDescription.package(from: node)
    }

    /// An app, its share extension and a framework, each declaring exactly what its own
    /// binaries use with approved reasons; a statically linked SDK's resource bundle declaring
    /// the disk-space use it brings into the app's executable; a loose library whose
    /// file-timestamp use the app's manifest covers; Alamofire with its manifest.
    static let healthy = """
        app:
          name: Notes
          executable:
            imports: [_OBJC_CLASS_$_NSUserDefaults, _stat, _statfs, _objc_msgSend]
            selectors: [systemUptime, viewDidLoad]
          privacy-manifest:
            NSPrivacyTracking: !bool false
            NSPrivacyTrackingDomains: []
            NSPrivacyCollectedDataTypes:
              - NSPrivacyCollectedDataType: NSPrivacyCollectedDataTypeCrashData
                NSPrivacyCollectedDataTypeLinked: !bool false
                NSPrivacyCollectedDataTypeTracking: !bool false
                NSPrivacyCollectedDataTypePurposes: [NSPrivacyCollectedDataTypePurposeAppFunctionality]
            NSPrivacyAccessedAPITypes:
              - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryUserDefaults
                NSPrivacyAccessedAPITypeReasons: [CA92.1, 1C8F.1]
              - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryFileTimestamp
                NSPrivacyAccessedAPITypeReasons: [C617.1]
              - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategorySystemBootTime
                NSPrivacyAccessedAPITypeReasons: [35F9.1]
          files:
            - path: Frameworks/libvendor.dylib
              macho: {imports: [_fstat]}
            - path: FirebaseCore_Privacy.bundle/PrivacyInfo.xcprivacy
              plist-format: binary
              plist:
                NSPrivacyTracking: !bool false
                NSPrivacyAccessedAPITypes:
                  - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryDiskSpace
                    NSPrivacyAccessedAPITypeReasons: [E174.1]
          plugins:
            - name: Share
              executable:
                imports: [_OBJC_CLASS_$_NSUserDefaults]
              privacy-manifest:
                NSPrivacyAccessedAPITypes:
                  - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryUserDefaults
                    NSPrivacyAccessedAPITypeReasons: [1C8F.1]
          frameworks:
            - name: VendorKit
              executable:
                imports: [_mach_absolute_time, _getattrlist]
              privacy-manifest:
                NSPrivacyTracking: !bool true
                NSPrivacyTrackingDomains: [metrics.vendor.example]
                NSPrivacyAccessedAPITypes:
                  - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategorySystemBootTime
                    NSPrivacyAccessedAPITypeReasons: [35F9.1]
                  - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryFileTimestamp
                    NSPrivacyAccessedAPITypeReasons: [0A2A.1]
                  - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryDiskSpace
                    NSPrivacyAccessedAPITypeReasons: [E174.1]
            - name: Alamofire
              id: org.alamofire.Alamofire
              privacy-manifest:
                NSPrivacyTracking: !bool false
                NSPrivacyTrackingDomains: []
                NSPrivacyCollectedDataTypes: []
                NSPrivacyAccessedAPITypes:
                  - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryFileTimestamp
                    NSPrivacyAccessedAPITypeReasons: [0A2A.1]
        """
}

extension InputReport {
    /// The findings of the privacy rules.
    var privacyFindings: [Finding] {
        findings.filter { PrivacyFixtures.ruleIDs.contains($0.rule) }
    }
}
