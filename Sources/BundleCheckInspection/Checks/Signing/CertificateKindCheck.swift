import BundleCheckFormats
import BundleCheckModel

/// `certificate-kind` (ITMS-90034): an app or extension signed with a certificate of the wrong
/// kind for the distribution it is judged for (`Rules/data/signing-certificates.yml`): an App
/// Store, ad-hoc or enterprise build with a development certificate, a development build with
/// a distribution one, a Developer ID build with another; or signed ad hoc, with no certificate
/// at all. Silent where `profile-kind` already reports a profile of another distribution (the
/// certificate follows the profile), and inside a simulator build `simulator-build` reports.
struct CertificateKindCheck: DistributionCheck {
    static let ruleID = "certificate-kind"
    let id = ruleID
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes([SigningCertificateKinds.shipped.code], from: SigningCertificateKinds.table)] }
    var distributions: Set<Distribution> { .all }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding] {
        let table = SigningCertificateKinds.shipped
        guard let wanted = table.role(for: distribution) else { return [] }
        return context.bundles.filter(\.isSignedKind).compactMap { bundle -> Finding? in
            guard let signing = bundle.signing, signing.isSigned, let path = signing.executablePath,
                !BinaryCheck.insideReportedSimulatorBuild(bundle, in: context)
            else { return nil }
            if let profile = signing.profile, profile.kind != distribution, context.runs("profile-kind") { return nil }
            let location = bundle.location(file: path)
            guard let certificate = signing.signingCertificate else {
                return rule.finding(
                    "\(bundle.name) is signed ad hoc, with no certificate; a \(distribution.rawValue) build must be signed with \(Self.article(wanted)) certificate of its team, or App Store Connect and devices refuse it (\(table.code) Missing or invalid signature): sign it with Xcode's export, or codesign --sign with the team's identity",
                    at: location, identity: path, appleCodes: [table.code]
                )
            }
            guard let kind = signing.signingCertificateKind, kind.role != wanted else { return nil }
            let name = certificate.quotedName
            return rule.finding(
                "\(bundle.name) is signed with the \(kind.name) certificate \(name), a \(kind.role.rawValue) certificate; a \(distribution.rawValue) build must be signed with \(Self.article(wanted)) certificate (\(table.code) \"not signed using an Apple submission certificate\"): export it again with the \(distribution.rawValue) method, which signs with the team's matching certificate",
                at: location, identity: path, appleCodes: [table.code]
            )
        }
    }

    /// `a development`, `a distribution`, `a Developer ID`.
    static func article(_ role: SigningCertificateKind.Role) -> String {
        switch role {
        case .development: "a development"
        case .distribution: "a distribution"
        case .developerID: "a Developer ID"
        }
    }
}
