import BundleCheckFormats
import BundleCheckModel

/// The distribution a package's signature names, where its platform lets the signature decide
/// (`ApplePlatform.signatureDistributions`: the Mac's store and Developer ID): a Developer ID
/// build is never uploaded, so judging it for the Mac App Store reports mistakes it does not
/// have. An installer package's own signature first, since it is what ships; then the app's
/// profile kind; then the distribution its certificate's role allows, when only one of those
/// does. A development certificate, an ad hoc signature or no signature names none.
public struct SignedDistribution: Sendable, Equatable {
    public let distribution: Distribution
    /// As the report says it: `Developer ID Application certificate`.
    public let evidence: String

    static func named(
        by bundles: [InspectedBundle], installer: InstallerPackageContents?, platform: ApplePlatform?,
        certificates: SigningCertificateKinds = .shipped, installerCertificates: InstallerCertificates = .shipped
    ) -> SignedDistribution? {
        guard let choices = platform?.signatureDistributions, !choices.isEmpty else { return nil }
        if let installer, let signed = installerSigned(installer, among: choices, names: installerCertificates) { return signed }
        guard let signing = bundles.first(where: { $0.parent == nil })?.signing, signing.isSigned else { return nil }
        if let kind = signing.profile?.kind, choices.contains(kind) {
            return SignedDistribution(distribution: kind, evidence: "\(kind.rawValue) provisioning profile")
        }
        guard let kind = signing.signingCertificateKind else { return nil }
        let allowed = choices.filter { certificates.role(for: $0) == kind.role }
        guard allowed.count == 1, let only = allowed.first else { return nil }
        return SignedDistribution(distribution: only, evidence: "\(kind.name) certificate")
    }

    /// The distribution whose installer certificate names (`installer-certificates.yml`) the
    /// package's signer's common name starts with.
    private static func installerSigned(
        _ installer: InstallerPackageContents, among choices: [Distribution], names: InstallerCertificates
    ) -> SignedDistribution? {
        guard let signature = installer.signatures.first(where: { $0.element == "signature" }),
            let name = signature.certificates.first?.subject.commonName
        else { return nil }
        for distribution in choices {
            if let prefix = names.names(for: distribution).first(where: { name.hasPrefix($0 + ":") }) {
                return SignedDistribution(distribution: distribution, evidence: "\(prefix) certificate")
            }
        }
        return nil
    }
}
