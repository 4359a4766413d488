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
    let unreadableLines: [Int]

    static let table = "signing-certificates"
    static let shipped = SigningCertificateKinds(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var kinds: [Kind] = []
        for row in entries["kinds"]?.sequence ?? [] {
            guard let id = row["id"]?.scalar, let name = row["name"]?.scalar, let prefix = row["subject-prefix"]?.scalar, !prefix.isEmpty,
                let role = row["role"]?.scalar.flatMap(SigningCertificateKind.Role.init(rawValue:))
            else {
                unreadable.append(row.line)
                continue
            }
            kinds.append(Kind(kind: SigningCertificateKind(id: id, name: name, role: role), subjectPrefix: prefix))
        }
        var extensions: [(oid: String, id: String)] = []
        for row in entries["extensions"]?.sequence ?? [] {
            guard let oid = row["oid"]?.scalar, let id = row["id"]?.scalar, kinds.contains(where: { $0.kind.id == id })
            else {
                unreadable.append(row.line)
                continue
            }
            extensions.append((oid, id))
        }
        var roles: [String: SigningCertificateKind.Role] = [:]
        for pair in entries["distributions"]?.mapping ?? [] {
            guard let name = pair.key.scalar, Distribution(rawValue: name) != nil,
                let role = pair.value.scalar.flatMap(SigningCertificateKind.Role.init(rawValue:))
            else {
                unreadable.append(pair.key.line)
                continue
            }
            roles[name] = role
        }
        var fields = DataTableFields(entries)
        code = fields.string("code")
        if kinds.isEmpty || roles.isEmpty { unreadable.append(entries.line) }
        self.kinds = kinds
        self.extensions = extensions
        self.roles = roles
        unreadableLines = unreadable + fields.unreadableLines
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
