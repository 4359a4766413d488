import BundleCheckFormats
import BundleCheckModel

/// Reads what a bundle's signing says: its executable as Mach-O (one forward pass, seeking
/// where the storage allows), the entitlements in its signature or `.xcent`, its
/// `embedded.mobileprovision`, and how the bundle compares with what the signature sealed.
enum SigningLoader {
    /// Profiles and entitlements files are small; anything larger is hostile.
    static let smallFileLimit = 4 << 20
    static let xcentName = "archived-expanded-entitlements.xcent"
    static let profileName = "embedded.mobileprovision"

    static func load(
        bundlePath: String,
        kind: BundleKind,
        executableName: String?,
        infoPlist: [UInt8]?,
        from container: any PackageContainer,
        paths: PathIndex,
        evidence: EvidenceWants,
        seals: SealWants
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
                // Without binary rules, skip the string and symbol sections entirely; without
                // the seal's rule, seek past the code instead of hashing it.
                let hashing = !seals.isEmpty
                executable = evidence.isEmpty
                    ? try MachOReader.read(reader, size: size, hashingCodePages: hashing)
                    : try MachOReader.read(reader, size: size, evidence: evidence, hashingCodePages: hashing)
            } catch let error as MachOError {
                throw BundleCheckError.malformedExecutable(file: path, reason: error.description)
            }
        }
        var seal: BundleSeal?
        if !seals.isEmpty, let executable, let executablePath {
            seal = try SealVerifier.verify(
                bundlePath: bundlePath, executablePath: executablePath, executable: executable, infoPlist: infoPlist,
                from: container, paths: paths, comparingResources: seals.comparesResources
            )
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
            profile: profile, profilePath: profilePath, seal: seal
        )
    }

    /// `Kit` for `Payload/X.app/Frameworks/Kit.framework`.
    static func bundleBaseName(_ path: String) -> String? {
        let last = PackagePath.name(path)
        guard let dot = last.lastIndex(of: ".") else { return nil }
        return String(last[..<dot])
    }
}
