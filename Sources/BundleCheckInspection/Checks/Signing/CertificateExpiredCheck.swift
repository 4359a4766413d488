import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `certificate-expired`: the certificate the executable was signed with (the signer's, in the
/// code signature's CMS blob) is past its notAfter on the date of the run, for distributions
/// whose installs keep that signature. The profile's `DeveloperCertificates` list every
/// certificate the team may sign with, so they say nothing about this build.
struct CertificateExpiredCheck: DistributionCheck {
    let id = "certificate-expired"
    // The App Store re-signs what it is sent.
    var distributions: Set<Distribution> { .installedAsSigned }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard bundle.isSignedKind, let signing = bundle.signing, let certificate = signing.signingCertificate,
                certificate.isExpired(at: context.settings.now)
            else { return nil }
            return rule.finding(Self.expired(bundle, certificate, distribution), at: bundle.location(file: signing.executablePath))
        }
    }
}

extension CertificateExpiredCheck {
    static func expired(_ bundle: InspectedBundle, _ certificate: X509Certificate, _ distribution: Distribution) -> String {
        let name = certificate.subject.commonName.map { "'\($0)'" } ?? "with serial number \(certificate.serialNumber)"
        return
            "\(bundle.name) is signed with the certificate \(name), which expired on \(certificate.notAfter.formatted(.iso8601)); \(distribution.rawValue) installs refuse it: create a new certificate in the developer portal and sign again"
    }
}
