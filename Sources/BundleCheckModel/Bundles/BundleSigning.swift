import BundleCheckFormats

/// What a bundle's executable, code signature, entitlements and provisioning profile say.
public struct BundleSigning: Sendable {
    /// The provisioning profile's file name inside a bundle.
    package static let profileFileName = "embedded.mobileprovision"
    /// A Mac bundle's profile, in `Contents/`.
    package static let macProfileFileName = "embedded.provisionprofile"

    /// Path of the executable CFBundleExecutable names, when the bundle holds it.
    public let executablePath: String?
    /// The executable read as Mach-O; nil when there is none or it is not Mach-O.
    public let executable: MachOFile?
    /// The signed entitlements, else those of `archived-expanded-entitlements.xcent`.
    public package(set) var entitlements: Entitlements?
    public let entitlementsSource: EntitlementsSource
    /// The file the entitlements were read from (the executable or the .xcent).
    public let entitlementsPath: String?
    /// `embedded.mobileprovision`, when the bundle has one.
    public let profile: ProvisioningProfile?
    public let profilePath: String?
    /// Loose libraries (`Frameworks/*.dylib`) of the bundle, read as Mach-O.
    public let libraries: [BundleBinary]
    /// A Mac bundle's helper tools: Mach-O files in `MacOS/` beside the executable, in `Helpers/`
    /// and in `Library/LaunchServices/` (privileged helpers), each its own program.
    public let tools: [BundleBinary]
    /// How the bundle compares with what the executable's signature sealed; nil when the
    /// executable is unsigned or no rule asked.
    public let seal: BundleSeal?
    /// The certificate the executable was signed with: the signer's certificate in the code
    /// signature's CMS blob; nil for ad-hoc and unsigned executables.
    public let signingCertificate: X509Certificate?
    /// What the signing certificate is (`Rules/data/signing-certificates.yml`); nil without one,
    /// or for one the table does not know.
    public let signingCertificateKind: SigningCertificateKind?
    /// Whether the profile's `DeveloperCertificates` list the signing certificate (compared by
    /// SHA-256 of their encodings); nil without a certificate, or a profile listing none.
    public let signingCertificateListed: Bool?
    /// The SHA-256 of the whole executable file (lowercase hex) when the run takes it (an SBOM
    /// is written): from the Mach-O reader's pass, or a pass of its own when the file is no
    /// readable Mach-O, since it still ships. Nil otherwise.
    public let executableSHA256: String?

    package init(
        executablePath: String?,
        executable: MachOFile?,
        entitlements: Entitlements?,
        entitlementsSource: EntitlementsSource,
        entitlementsPath: String?,
        profile: ProvisioningProfile?,
        profilePath: String?,
        libraries: [BundleBinary] = [],
        tools: [BundleBinary] = [],
        seal: BundleSeal? = nil,
        signingCertificate: X509Certificate? = nil,
        signingCertificateKind: SigningCertificateKind? = nil,
        signingCertificateListed: Bool? = nil,
        executableSHA256: String? = nil
    ) {
        self.executableSHA256 = executableSHA256
        self.executablePath = executablePath
        self.executable = executable
        self.entitlements = entitlements
        self.entitlementsSource = entitlementsSource
        self.entitlementsPath = entitlementsPath
        self.profile = profile
        self.profilePath = profilePath
        self.libraries = libraries
        self.tools = tools
        self.seal = seal
        self.signingCertificate = signingCertificate
        self.signingCertificateKind = signingCertificateKind
        self.signingCertificateListed = signingCertificateListed
    }

    /// Every Mach-O file of the bundle that Apple judges as code: the executable, then the loose
    /// libraries, then the helper tools.
    public var binaries: [BundleBinary] {
        let main = zip([executablePath], [executable]).compactMap { path, file in
            path.flatMap { path in file.map { BundleBinary(path: path, file: $0, role: .executable) } }
        }
        return main + libraries + tools
    }

    /// The code signature of the first signed slice (slices of one build share identifier and team).
    public var codeSignature: CodeSignature? {
        executable?.slices.lazy.compactMap(\.codeSignature).first
    }

    /// Whether the executable is Mach-O and every slice carries LC_CODE_SIGNATURE.
    public var isSigned: Bool {
        guard let executable, !executable.slices.isEmpty else { return false }
        return executable.slices.allSatisfy { $0.codeSignature != nil }
    }

    /// The team id the signature or the entitlements name.
    public var teamIdentifier: String? {
        codeSignature?.teamIdentifier ?? entitlements?.teamIdentifier
    }
}

/// One Mach-O file of a bundle: its executable, or a loose library of its Frameworks folder.
public struct BundleBinary: Sendable {
    /// Path relative to the package root.
    public let path: String
    public let file: MachOFile
    public let role: Role

    /// What the file is to its bundle.
    public enum Role: String, Sendable, Hashable {
        /// The bundle's executable, CFBundleExecutable.
        case executable
        /// A loose library of its Frameworks folder.
        case library
        /// A Mac bundle's helper tool, a program of its own.
        case tool
    }

    package init(path: String, file: MachOFile, role: Role) {
        self.path = path
        self.file = file
        self.role = role
    }

    /// The bundle's executable (CFBundleExecutable) rather than a library or a helper tool.
    public var isExecutable: Bool { role == .executable }

    /// Whether every slice carries LC_CODE_SIGNATURE.
    public var isSigned: Bool {
        !file.slices.isEmpty && file.slices.allSatisfy { $0.codeSignature != nil }
    }

    /// The team of the first signed slice.
    public var teamIdentifier: String? {
        file.slices.lazy.compactMap(\.codeSignature).first?.teamIdentifier
    }
}
