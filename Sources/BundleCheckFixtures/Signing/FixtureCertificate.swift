import Foundation

/// An X.509 v3 certificate for fixtures, written as DER with the names, serial number and
/// validity chosen here. Its key and signature are filler bytes: bundlecheck reads
/// certificates, it does not verify them.
///
/// Validity is written as RFC 5280 asks: UTCTime for years 1950 through 2049,
/// GeneralizedTime outside them, so fixtures exercise both forms.
public struct FixtureCertificate: Sendable, Hashable {
    public var subject: FixtureCertificateName
    public var issuer: FixtureCertificateName
    /// The serialNumber INTEGER's content octets (a leading 0x80 bit would make it negative).
    public var serialNumber: [UInt8]
    public var notBefore: Date
    public var notAfter: Date
    /// Written as the subjectKeyIdentifier extension when set.
    public var subjectKeyIdentifier: [UInt8]?

    public init(
        subject: FixtureCertificateName,
        issuer: FixtureCertificateName,
        serialNumber: [UInt8],
        notBefore: Date,
        notAfter: Date,
        subjectKeyIdentifier: [UInt8]? = nil
    ) {
        self.subject = subject
        self.issuer = issuer
        self.serialNumber = serialNumber
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.subjectKeyIdentifier = subjectKeyIdentifier
    }

    static let sha256WithRSAOID = "1.2.840.113549.1.1.11"
    static let rsaEncryptionOID = "1.2.840.113549.1.1.1"
    static let subjectKeyIdentifierOID = "2.5.29.14"

    /// The certificate's DER encoding.
    public var der: [UInt8] {
        let algorithm = BERNode.sequence([.objectIdentifier(Self.sha256WithRSAOID), .null])
        var fields: [BERNode] = [
            .explicit(0, [.integer(2)]), // v3
            .primitive(tag: 0x02, bytes: serialNumber),
            algorithm,
            issuer.node,
            .sequence([Self.time(notBefore), Self.time(notAfter)]),
            subject.node,
            .sequence([.sequence([.objectIdentifier(Self.rsaEncryptionOID), .null]), .bitString(Array(repeating: 0x5A, count: 16))]),
        ]
        if let subjectKeyIdentifier {
            let value = BERNode.octetString(subjectKeyIdentifier).encoded()
            fields.append(.explicit(3, [.sequence([.sequence([.objectIdentifier(Self.subjectKeyIdentifierOID), .octetString(value)])])]))
        }
        return BERNode.sequence([.sequence(fields), algorithm, .bitString(Array(repeating: 0xA5, count: 16))]).encoded()
    }

    /// UTCTime `YYMMDDHHMMSSZ` from 1950 through 2049, else GeneralizedTime `YYYYMMDDHHMMSSZ`.
    static func time(_ date: Date) -> BERNode {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = parts.year ?? 0
        let rest = [parts.month, parts.day, parts.hour, parts.minute, parts.second].map { two($0 ?? 0) }.joined()
        if (1950...2049).contains(year) {
            return .primitive(tag: 0x17, bytes: Array((two(year % 100) + rest + "Z").utf8))
        }
        let fourDigits = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return .primitive(tag: 0x18, bytes: Array((fourDigits + rest + "Z").utf8))
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

extension FixtureCertificate {
    /// A stand-in for Apple's root (self-signed), valid 2006–2035 as the real one is.
    public static let appleRoot = FixtureCertificate(
        subject: .appleRoot, issuer: .appleRoot, serialNumber: [0x02],
        notBefore: Date(timeIntervalSince1970: 1_146_001_236), notAfter: Date(timeIntervalSince1970: 2_054_670_036)
    )

    /// A stand-in for the Worldwide Developer Relations G3 intermediate, valid 2020–2030.
    public static let worldwideDeveloperRelations = FixtureCertificate(
        subject: .worldwideDeveloperRelations, issuer: .appleRoot,
        serialNumber: [0x7C, 0xAF, 0x69, 0x0A, 0x25, 0xB7, 0x39, 0xFE, 0x7B, 0x9B, 0x44, 0x3A, 0xE3, 0x43, 0x9A, 0xEE],
        notBefore: Date(timeIntervalSince1970: 1_582_136_027), notAfter: Date(timeIntervalSince1970: 1_897_776_000)
    )

    /// A team's signing certificate issued by `worldwideDeveloperRelations`, valid for the
    /// year before `notAfter` (Apple's distribution certificates last a year).
    public static func signing(commonName: String, team: String, notAfter: Date) -> FixtureCertificate {
        FixtureCertificate(
            subject: FixtureCertificateName(commonName: commonName, organizationalUnit: team, organization: "Example Team", country: "US"),
            issuer: .worldwideDeveloperRelations,
            serialNumber: [0x3C, 0x72, 0x51, 0x10, 0x89, 0x8C, 0xF5, 0x8E, 0xAE, 0xA2, 0x5D, 0xA4, 0xF6, 0xBB, 0x31, 0xC4],
            notBefore: notAfter.addingTimeInterval(-365 * 86_400), notAfter: notAfter,
            subjectKeyIdentifier: Array(commonName.utf8.prefix(20))
        )
    }
}

/// The Name of a fixture certificate: the attributes Apple's certificates carry, written in
/// Apple's order (CN, OU, O, C); nil attributes are left out.
public struct FixtureCertificateName: Sendable, Hashable {
    public var commonName: String
    public var organizationalUnit: String?
    public var organization: String?
    public var country: String?

    public init(commonName: String, organizationalUnit: String? = nil, organization: String? = nil, country: String? = nil) {
        self.commonName = commonName
        self.organizationalUnit = organizationalUnit
        self.organization = organization
        self.country = country
    }

    public static let appleRoot = FixtureCertificateName(
        commonName: "Apple Root CA", organizationalUnit: "Apple Certification Authority", organization: "Apple Inc.", country: "US")
    public static let worldwideDeveloperRelations = FixtureCertificateName(
        commonName: "Apple Worldwide Developer Relations Certification Authority", organizationalUnit: "G3",
        organization: "Apple Inc.", country: "US")
    public static let developerIDCertificationAuthority = FixtureCertificateName(
        commonName: "Developer ID Certification Authority", organizationalUnit: "G2", organization: "Apple Inc.", country: "US")

    /// The Name SEQUENCE.
    var node: BERNode {
        let attributes: [(String, BERNode?)] = [
            ("2.5.4.3", .utf8String(commonName)),
            ("2.5.4.11", organizationalUnit.map(BERNode.utf8String)),
            ("2.5.4.10", organization.map(BERNode.utf8String)),
            ("2.5.4.6", country.map(BERNode.printableString)),
        ]
        return .sequence(
            attributes.compactMap { oid, value in
                value.map { .set([.sequence([.objectIdentifier(oid), $0])]) }
            })
    }
}

extension FixtureCertificate {
    /// The installer-signing certificates Apple issues, by the prefix of their common names.
    public enum InstallerKind: String, Sendable, Hashable, CaseIterable {
        /// Signs a Mac App Store submission (the older name of Mac Installer Distribution).
        case thirdPartyMacDeveloper = "3rd Party Mac Developer Installer"
        /// Signs a Mac App Store submission.
        case macInstallerDistribution = "Mac Installer Distribution"
        /// Signs a package distributed outside the App Store; issued by the Developer ID authority.
        case developerID = "Developer ID Installer"
    }

    /// A stand-in for the Developer ID Certification Authority (G2) intermediate, valid 2022–2031.
    public static let developerIDCertificationAuthority = FixtureCertificate(
        subject: .developerIDCertificationAuthority, issuer: .appleRoot,
        serialNumber: [0x36, 0x8F, 0x2A, 0x4B, 0x0D, 0x6C, 0x55, 0x19],
        notBefore: Date(timeIntervalSince1970: 1_643_760_000), notAfter: Date(timeIntervalSince1970: 1_959_379_200)
    )

    /// A team's installer certificate, `<kind>: <name> (<team>)`, valid for the year before
    /// `notAfter`, issued by the WWDR intermediate (Developer ID: by its own authority).
    public static func installer(_ kind: InstallerKind, name: String, team: String, notAfter: Date) -> FixtureCertificate {
        var certificate = signing(commonName: "\(kind.rawValue): \(name) (\(team))", team: team, notAfter: notAfter)
        certificate.subject.organization = name
        if kind == .developerID {
            certificate.issuer = .developerIDCertificationAuthority
        }
        return certificate
    }

    /// The chain productsign embeds after an installer certificate: its intermediate, then the root.
    public var installerChain: [FixtureCertificate] {
        let intermediate: FixtureCertificate =
            issuer == .developerIDCertificationAuthority ? .developerIDCertificationAuthority : .worldwideDeveloperRelations
        return [self, intermediate, .appleRoot]
    }
}
