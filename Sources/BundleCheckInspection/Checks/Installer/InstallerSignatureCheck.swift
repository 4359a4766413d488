import BundleCheckFormats
import BundleCheckModel

/// `installer-signature` (ITMS-90237): an installer package is signed (`productsign`: a
/// `<signature>` in its table of contents with the certificate chain) by the installer
/// certificate of how it ships (`Rules/data/installer-certificates.yml`: "3rd Party Mac
/// Developer Installer" or "Mac Installer Distribution" for the Mac App Store, "Developer ID
/// Installer" outside it). The certificate is read, not verified: there are no Apple roots
/// offline; a table of contents that does not match its checksum is refused when the package
/// is opened.
struct InstallerSignatureCheck: DistributionCheck {
    let id = "installer-signature"
    var distributions: Set<Distribution> { [.macAppStore, .developerID] }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        guard let package = context.installerPackage else { return [] }
        let expected = InstallerCertificates.shipped.names(for: distribution)
        let location = FindingLocation(bundle: nil, file: nil)
        guard let signature = package.signatures.first(where: { $0.element == "signature" }) else {
            return [rule.finding(Self.unsigned(expected, distribution), at: location, identity: "unsigned")]
        }
        var findings: [Finding] = []
        guard let signer = signature.certificates.first else {
            findings.append(rule.finding(Self.noCertificate(signature.unreadableCertificates), at: location, identity: "certificate"))
            return findings
        }
        let name = signer.subject.commonName ?? ""
        if !expected.contains(where: { name.hasPrefix($0 + ":") }) {
            findings.append(rule.finding(Self.wrongCertificate(name, expected, distribution), at: location, identity: "certificate"))
        }
        return findings
    }
}

extension InstallerSignatureCheck {
    static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: " or ")
    }

    static func unsigned(_ expected: [String], _ distribution: Distribution) -> String {
        "the installer package is not signed; for \(distribution.rawValue) sign it with your \(quoted(expected)) certificate (productsign --sign, or let xcodebuild -exportArchive sign it)"
    }

    static func noCertificate(_ unreadable: Int) -> String {
        unreadable > 0
            ? "the installer package's signature carries no certificate bundlecheck can read (\(unreadable) unreadable); sign it again with productsign"
            : "the installer package's signature carries no certificate; sign it again with productsign"
    }

    static func wrongCertificate(_ name: String, _ expected: [String], _ distribution: Distribution) -> String {
        "the installer package is signed by '\(name)', not by a \(quoted(expected)) certificate, which \(distribution.rawValue) takes; sign it with that certificate"
    }
}
