import BundleCheckFormats
import BundleCheckModel

/// `certificate-not-in-profile`: an app or extension signed with a certificate its embedded
/// profile does not list among its `DeveloperCertificates` (compared by SHA-256 of their
/// encodings): iOS will not install it, and App Store Connect refuses the upload. Judged for
/// every distribution, not for an archive without one (its export signs it again).
struct CertificateNotInProfileCheck: DistributionCheck {
    let id = "certificate-not-in-profile"
    var distributions: Set<Distribution> { .all }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        context.bundles.filter(\.isSignedKind).compactMap { bundle -> Finding? in
            guard let signing = bundle.signing, signing.signingCertificateListed == false,
                let certificate = signing.signingCertificate, let profile = signing.profile, let path = signing.profilePath
            else { return nil }
            let name = certificate.quotedName
            let count = profile.developerCertificates.count
            let listed = count == 1 ? "is not the one certificate" : "is none of the \(count) certificates"
            return rule.finding(
                "\(bundle.name) is signed with the certificate \(name) (serial number \(certificate.serialNumber)), which \(listed) its profile '\(profile.name ?? "unnamed")' lists; devices refuse to install it and App Store Connect refuses the upload: regenerate the profile with this certificate (or sign with one it lists) and export again",
                at: bundle.location(file: path, keyPath: JSONPointer("DeveloperCertificates")), identity: path
            )
        }
    }
}
