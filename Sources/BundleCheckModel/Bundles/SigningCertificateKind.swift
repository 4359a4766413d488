/// What a signing certificate is for, as Apple names its kinds (`Rules/data/signing-certificates.yml`):
/// Apple Development, Apple Distribution, their legacy iPhone and Mac names, Developer ID.
public struct SigningCertificateKind: Sendable, Hashable {
    /// `apple-distribution`.
    public let id: String
    /// `Apple Distribution`.
    public let name: String
    public let role: Role

    package init(id: String, name: String, role: Role) {
        self.id = id
        self.name = name
        self.role = role
    }

    /// What a build signed with it may be: run on registered devices, distributed (App Store,
    /// ad hoc, enterprise), or distributed outside the Mac App Store.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case development
        case distribution
        case developerID = "developer-id"
    }
}
