import BundleCheckFormats
import Foundation

/// A provisioning profile described by the fields the signing checks read;
/// `propertyList` lays them out under Apple's keys, `ProfileWriter` wraps them.
///
/// `applicationIdentifier` and `team` go into the entitlements as
/// `application-identifier` (for a Mac profile, of `platforms` [OSX],
/// `com.apple.application-identifier`) and `com.apple.developer.team-identifier` unless
/// `entitlements` sets those keys itself.
public struct FixtureProfile: Sendable, Hashable {
    public var name: String
    public var uuid: String
    public var team: String
    public var teamName: String
    public var applicationIdentifier: String
    /// Entitlements beyond the application and team identifiers (`get-task-allow`, app groups, …).
    public var entitlements: PlistDictionary
    /// `ProvisionedDevices`; nil leaves the key out, as App Store and enterprise profiles do.
    public var devices: [String]?
    public var provisionsAllDevices: Bool
    public var expirationDate: Date
    public var creationDate: Date
    public var platforms: [String]
    /// `DeveloperCertificates`, each as its DER bytes: the certificates the team may sign with.
    public var developerCertificates: [FixtureCertificate]

    public init(
        name: String = "Fixture Profile",
        uuid: String = "00000000-1111-2222-3333-444444444444",
        team: String = "ABCDE12345",
        teamName: String = "Example Team",
        applicationIdentifier: String = "ABCDE12345.com.example.notes",
        entitlements: PlistDictionary = PlistDictionary(),
        devices: [String]? = nil,
        provisionsAllDevices: Bool = false,
        // 2030-01-01 and 2025-01-01, fixed so fixture files never change.
        expirationDate: Date = Date(timeIntervalSince1970: 1_893_456_000),
        creationDate: Date = Date(timeIntervalSince1970: 1_735_689_600),
        platforms: [String] = ["iOS"],
        developerCertificates: [FixtureCertificate] = []
    ) {
        self.name = name
        self.uuid = uuid
        self.team = team
        self.teamName = teamName
        self.applicationIdentifier = applicationIdentifier
        self.entitlements = entitlements
        self.devices = devices
        self.provisionsAllDevices = provisionsAllDevices
        self.expirationDate = expirationDate
        self.creationDate = creationDate
        self.platforms = platforms
        self.developerCertificates = developerCertificates
    }

    /// The entitlement naming the application identifier: `com.apple.application-identifier`
    /// in a Mac profile (platforms [OSX]), else `application-identifier`.
    public var applicationIdentifierKey: String {
        platforms == ["OSX"] ? "com.apple.application-identifier" : "application-identifier"
    }

    /// The profile's property list, keys in the order Apple's portal writes them.
    public var propertyList: PlistValue {
        var entitlementEntries = PlistDictionary()
        if entitlements[applicationIdentifierKey] == nil {
            entitlementEntries.append(key: applicationIdentifierKey, value: .string(applicationIdentifier))
        }
        if entitlements["com.apple.developer.team-identifier"] == nil {
            entitlementEntries.append(key: "com.apple.developer.team-identifier", value: .string(team))
        }
        for entry in entitlements.entries {
            entitlementEntries.append(key: entry.key, value: entry.value)
        }
        var root = PlistDictionary()
        root.append(key: "AppIDName", value: .string(name))
        root.append(key: "ApplicationIdentifierPrefix", value: .array([.string(team)]))
        root.append(key: "CreationDate", value: .date(creationDate))
        root.append(key: "Platform", value: .array(platforms.map(PlistValue.string)))
        root.append(key: "DeveloperCertificates", value: .array(developerCertificates.map { .data($0.der) }))
        root.append(key: "Entitlements", value: .dictionary(entitlementEntries))
        root.append(key: "ExpirationDate", value: .date(expirationDate))
        root.append(key: "Name", value: .string(name))
        if let devices {
            root.append(key: "ProvisionedDevices", value: .array(devices.map(PlistValue.string)))
        }
        if provisionsAllDevices {
            root.append(key: "ProvisionsAllDevices", value: .bool(true))
        }
        root.append(key: "TeamIdentifier", value: .array([.string(team)]))
        root.append(key: "TeamName", value: .string(teamName))
        root.append(key: "TimeToLive", value: .integer(PlistInteger(365)))
        root.append(key: "UUID", value: .string(uuid))
        root.append(key: "Version", value: .integer(PlistInteger(1)))
        return .dictionary(root)
    }
}
