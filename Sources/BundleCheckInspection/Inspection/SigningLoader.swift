import BundleCheckFormats
import BundleCheckModel

/// Reads what a bundle's signing says: its executable as Mach-O (one forward pass, seeking
/// where the storage allows), the entitlements in its signature or `.xcent`, the certificate
/// its CMS signature names, and its `embedded.mobileprovision`.
enum SigningLoader {
    /// Profiles and entitlements files are small; anything larger is hostile.
    static let smallFileLimit = 4 << 20
    static let xcentName = "archived-expanded-entitlements.xcent"
    static let profileName = "embedded.mobileprovision"

    static func load(
        bundlePath: String,
        kind: BundleKind,
        executableName: String?,
        from container: any PackageContainer,
        paths: PathIndex,
        evidence: EvidenceWants
    ) throws -> BundleSigning {
        var executablePath: String?
        var executable: MachOFile?
        let name = executableName ?? (kind == .framework ? bundleBaseName(bundlePath) : nil)
        if let name, !name.isEmpty, !UnexpandedVariable.occurs(in: name), paths.isFile(bundlePath + "/" + name) {
            let path = bundlePath + "/" + name
            executablePath = path
            do {
                let reader = try container.openEntry(path)
                let size = try container.size(of: path)
                // Without binary rules, skip the string and symbol sections entirely.
                executable = evidence.isEmpty
                    ? try MachOReader.read(reader, size: size)
                    : try MachOReader.read(reader, size: size, evidence: evidence)
            } catch let error as MachOError {
                throw BundleCheckError.malformedExecutable(file: path, reason: error.description)
            }
        }

        var entitlements: Entitlements?
        var source = EntitlementsSource.none
        var entitlementsPath: String?
        if let xml = executable?.slices.lazy.compactMap({ $0.codeSignature?.entitlementsXML }).first, let path = executablePath {
            entitlements = try Entitlements(propertyList: xml, file: path)
            source = .signature
            entitlementsPath = path
        } else if paths.isFile(bundlePath + "/" + xcentName) {
            let path = bundlePath + "/" + xcentName
            entitlements = try Entitlements(propertyList: try container.read(path, limit: smallFileLimit), file: path)
            source = .xcent
            entitlementsPath = path
        }

        var signingCertificate: X509Certificate?
        if let cms = executable?.slices.lazy.compactMap(\.codeSignature).first?.cmsSignature, !cms.isEmpty, let path = executablePath {
            do {
                signingCertificate = try CMSSignedData.read(cms).signerCertificate
            } catch {
                throw BundleCheckError.malformedExecutable(file: path, reason: "the code signature's CMS blob: \(error)")
            }
        }

        var profile: ProvisioningProfile?
        var profilePath: String?
        if paths.isFile(bundlePath + "/" + profileName) {
            let path = bundlePath + "/" + profileName
            do {
                profile = try ProvisioningProfileReader.read(try container.read(path, limit: smallFileLimit), file: path)
            } catch let error as ProvisioningProfileError {
                throw BundleCheckError.malformedProfile(file: path, reason: error.reason)
            }
            profilePath = path
        }
        return BundleSigning(
            executablePath: executablePath, executable: executable,
            entitlements: entitlements, entitlementsSource: source, entitlementsPath: entitlementsPath,
            profile: profile, profilePath: profilePath, signingCertificate: signingCertificate
        )
    }

    /// `Kit` for `Payload/X.app/Frameworks/Kit.framework`.
    static func bundleBaseName(_ path: String) -> String? {
        let last = PackagePath.name(path)
        guard let dot = last.lastIndex(of: ".") else { return nil }
        return String(last[..<dot])
    }
}
