import BundleCheckFormats

/// What a bundle's executable, code signature, entitlements and provisioning profile say.
public struct BundleSigning: Sendable {
    /// Path of the executable CFBundleExecutable names, when the bundle holds it.
    public let executablePath: String?
    /// The executable read as Mach-O; nil when there is none or it is not Mach-O.
    public let executable: MachOFile?
    /// The signed entitlements, else those of `archived-expanded-entitlements.xcent`.
    public let entitlements: Entitlements?
    public let entitlementsSource: EntitlementsSource
    /// The file the entitlements were read from (the executable or the .xcent).
    public let entitlementsPath: String?
    /// `embedded.mobileprovision`, when the bundle has one.
    public let profile: ProvisioningProfile?
    public let profilePath: String?
    /// The certificate the executable was signed with: the signer's certificate in the code
    /// signature's CMS blob; nil for ad-hoc and unsigned executables.
    public let signingCertificate: X509Certificate?

    package init(
        executablePath: String?,
        executable: MachOFile?,
        entitlements: Entitlements?,
        entitlementsSource: EntitlementsSource,
        entitlementsPath: String?,
        profile: ProvisioningProfile?,
        profilePath: String?,
        signingCertificate: X509Certificate? = nil
    ) {
        self.executablePath = executablePath
        self.executable = executable
        self.entitlements = entitlements
        self.entitlementsSource = entitlementsSource
        self.entitlementsPath = entitlementsPath
        self.profile = profile
        self.profilePath = profilePath
        self.signingCertificate = signingCertificate
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
