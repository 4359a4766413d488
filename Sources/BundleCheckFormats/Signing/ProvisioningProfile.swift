import Foundation

/// The property list inside an `embedded.mobileprovision`, with the fields the
/// signing checks read. Missing or mistyped keys read as nil or empty.
public struct ProvisioningProfile: Sendable, Hashable {
    /// The whole property list, for the `plist` matcher's `source: profile`.
    public let propertyList: PlistDictionary
    /// Certificates carried in the CMS envelope (the signer's chain); 0 when not read from one.
    public let envelopeCertificateCount: Int

    public init(propertyList: PlistDictionary, envelopeCertificateCount: Int = 0) {
        self.propertyList = propertyList
        self.envelopeCertificateCount = envelopeCertificateCount
    }

    /// `Name`, as the developer portal shows it.
    public var name: String? { propertyList["Name"]?.stringValue }

    /// `UUID`, the file name Xcode installs the profile under.
    public var uuid: String? { propertyList["UUID"]?.stringValue }

    /// `TeamIdentifier`: the string elements in order (Apple writes exactly one).
    public var teamIdentifiers: [String] {
        propertyList["TeamIdentifier"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The first of `teamIdentifiers`.
    public var teamIdentifier: String? { teamIdentifiers.first }

    /// `TeamName`.
    public var teamName: String? { propertyList["TeamName"]?.stringValue }

    /// `Entitlements`: what a bundle signed with this profile may claim; empty when absent.
    public var entitlements: Entitlements {
        Entitlements(propertyList["Entitlements"]?.dictionaryValue ?? PlistDictionary())
    }

    /// The entitlements' application identifier, possibly a wildcard such as `TEAM.*`.
    public var applicationIdentifier: String? { entitlements.applicationIdentifier }

    public var appGroups: [String] { entitlements.appGroups }

    public var getTaskAllow: Bool { entitlements.getTaskAllow }

    public var apsEnvironment: String? { entitlements.apsEnvironment }

    public var expirationDate: Date? { date(at: "ExpirationDate") }

    public var creationDate: Date? { date(at: "CreationDate") }

    /// `Platform`: `iOS`, `xrOS`, `visionOS`, `OSX`… Old profiles leave it out.
    public var platforms: [String] {
        propertyList["Platform"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// `ProvisionedDevices`: the device identifiers a development or ad-hoc build may run on.
    /// Each `DeveloperCertificates` entry: a certificate's DER encoding, as the developer portal
    /// lists the certificates the profile allows.
    package var developerCertificates: [[UInt8]] {
        (propertyList["DeveloperCertificates"]?.arrayValue ?? []).compactMap { value in
            guard case .data(let der) = value else { return nil }
            return der
        }
    }

    public var provisionedDevices: [String] {
        propertyList["ProvisionedDevices"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    public var provisionedDeviceCount: Int { provisionedDevices.count }

    /// `ProvisionsAllDevices`: true only in enterprise (in-house) and Developer ID profiles.
    public var provisionsAllDevices: Bool {
        propertyList["ProvisionsAllDevices"]?.boolValue == true
    }

    /// Whether `Platform` names the Mac (`OSX`), as Mac and Mac Catalyst profiles do.
    public var isForMac: Bool { platforms.contains("OSX") }

    /// The distribution this profile is for, decided as Apple's tools do (TN3125): any
    /// device allowed means enterprise (Developer ID for a Mac profile); listed devices mean
    /// development when a debugger may attach and ad-hoc otherwise (the Mac has no ad hoc:
    /// development); no devices means the App Store (the Mac App Store).
    public var kind: ProfileKind {
        if provisionsAllDevices { return isForMac ? .developerID : .enterprise }
        if !provisionedDevices.isEmpty { return getTaskAllow || isForMac ? .development : .adHoc }
        return isForMac ? .macAppStore : .appStore
    }

    /// Whether this profile's application identifier covers `TEAM.bundleIdentifier`.
    ///
    /// A trailing `*` (`TEAM.*`, `TEAM.com.example.*`) matches by prefix, anything
    /// else only exactly; a profile without an application identifier matches nothing.
    public func applicationIdentifierMatches(team: String, bundleIdentifier: String) -> Bool {
        guard let pattern = applicationIdentifier else { return false }
        let candidate = team + "." + bundleIdentifier
        if pattern.hasSuffix("*") {
            return candidate.hasPrefix(pattern.dropLast())
        }
        return candidate == pattern
    }

    /// True when `date` is at or after `ExpirationDate`; a profile without one is never expired.
    public func isExpired(at date: Date) -> Bool {
        guard let expirationDate else { return false }
        return date >= expirationDate
    }

    private func date(at key: String) -> Date? {
        if case .date(let date) = propertyList[key] { return date }
        return nil
    }
}
