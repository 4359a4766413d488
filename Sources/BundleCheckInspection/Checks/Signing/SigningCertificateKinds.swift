import BundleCheckFormats
import BundleCheckModel

/// The certificate facts of `Rules/data/signing-certificates.yml`: each kind of Apple signing
/// certificate, told by its subject's common name or Apple's extension OIDs, and the role a
/// build for each distribution must be signed with.
struct SigningCertificateKinds {
    struct Kind {
        let kind: SigningCertificateKind
        let subjectPrefix: String
    }

    let kinds: [Kind]
    /// Extension OID to kind id, in the table's order.
    let extensions: [(oid: String, id: String)]
    /// By distribution's raw value.
    let roles: [String: SigningCertificateKind.Role]
    let code: String

    static let table = "signing-certificates"
    static let shipped = DataTables.read(table, SigningCertificateKinds.init)

    /// Reads the table; an extension names one of the kinds above it, and every distribution
    /// key is one of `Distribution`'s.
    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        var kinds: [Kind] = []
        for row in try entries("kinds").items() {
            let kind = SigningCertificateKind(
                id: try row("id").string(), name: try row("name").string(), role: try row("role").choice(SigningCertificateKind.Role.self))
            kinds.append(Kind(kind: kind, subjectPrefix: try row("subject-prefix").string()))
        }
        var extensions: [(oid: String, id: String)] = []
        for row in try entries.optional("extensions")?.items() ?? [] {
            let oid = try row("oid").string()
            let idField = try row("id")
            let id = try idField.string()
            guard kinds.contains(where: { $0.kind.id == id }) else { throw idField.error("'\(id)' is not one of the kinds") }
            extensions.append((oid, id))
        }
        var roles: [String: SigningCertificateKind.Role] = [:]
        for (name, role) in try entries("distributions").allowing(keys: Distribution.choiceNames).pairs() {
            roles[name] = try role.choice(SigningCertificateKind.Role.self)
        }
        self.kinds = kinds
        self.extensions = extensions
        self.roles = roles
        code = try entries("code").string()
    }

    /// What `certificate` is: by its common name's prefix, else by the first of Apple's
    /// extension OIDs it carries; nil when neither says.
    func kind(of certificate: X509Certificate) -> SigningCertificateKind? {
        if let name = certificate.subject.commonName, let match = kinds.first(where: { name.hasPrefix($0.subjectPrefix) }) {
            return match.kind
        }
        for (oid, id) in extensions where certificate.extensionOIDs.contains(oid) {
            return kinds.first { $0.kind.id == id }?.kind
        }
        return nil
    }

    /// The role a build for `distribution` must be signed with.
    func role(for distribution: Distribution) -> SigningCertificateKind.Role? {
        roles[distribution.rawValue]
    }
}
