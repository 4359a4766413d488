import BundleCheckFormats
import BundleCheckModel

/// Reads what a bundle's signing says: its executable as Mach-O (one forward pass, seeking
/// where the storage allows), the entitlements in its signature or `.xcent`, the certificate
/// its CMS signature names, its `embedded.mobileprovision`, and how the bundle compares with
/// what the signature sealed. A file that cannot be read as what it must be is a
/// `BundleReadProblem`, and the rest of the bundle is still read.
enum SigningLoader {
    /// Profiles and entitlements files are small; anything larger is hostile.
    static let smallFileLimit = 4 << 20
    static let xcentName = "archived-expanded-entitlements.xcent"

    static func load(
        layout: BundleLayout,
        kind: BundleKind,
        executableName: String?,
        infoPlist: SealedFileDigests?,
        from container: any PackageContainer,
        paths: PathIndex,
        evidence: EvidenceWants,
        seals: SealWants
    ) -> (signing: BundleSigning, problems: [BundleReadProblem]) {
        let bundlePath = layout.bundlePath
        let (libraries, libraryProblems) = loadLibraries(of: layout, from: container, paths: paths, evidence: evidence.forLibraries)
        var problems: [BundleReadProblem] = []
        var executablePath: String?
        var executable: MachOFile?
        // A framework's executable is named after it when its Info.plist does not say (or is missing).
        let named = executableName != nil
        let name = executableName ?? (kind == .framework ? bundleBaseName(bundlePath) : nil)
        if let name, !name.isEmpty, !UnexpandedVariable.occurs(in: name), !name.contains("/"), paths.isFile(layout.executablePath(named: name)) {
            let path = layout.executablePath(named: name)
            executablePath = path
            do {
                // Without the seal's rule, seek past the code instead of hashing it.
                executable = try readExecutable(path, from: container, evidence: evidence, hashingCodePages: !seals.isEmpty, sharing: seals.sharing)
            } catch let problem as UnusableFile {
                // A guessed framework executable that is no Mach-O may be anything (a static archive, a resource).
                if named { problems.append(BundleReadProblem(kind: .executableInvalid, file: path, reason: problem.reason)) }
            } catch {
                problems.append(ReadProblems.problem(error, reading: path, as: .executableInvalid))
            }
        }

        var seal: BundleSeal?
        if !seals.isEmpty, let executable, let executablePath {
            do {
                seal = try SealVerifier.verify(
                    layout: layout, executablePath: executablePath, executable: executable, infoPlist: infoPlist,
                    from: container, paths: paths, comparingResources: seals.comparesResources
                )
            } catch let error as BundleCheckError {
                // A sealed file whose zip entry is damaged is named by the reader before the colon;
                // `ReadProblems` reports it as zip-entry-corrupt on that file.
                var file = executablePath
                if case .corruptArchive(_, let reason) = error, let name = reason.split(separator: ":", maxSplits: 1).first {
                    file = String(name)
                }
                problems.append(ReadProblems.problem(error, reading: file, as: .executableInvalid))
            } catch {
                problems.append(ReadProblems.problem(error, reading: executablePath, as: .executableInvalid))
            }
        }

        var entitlements: Entitlements?
        var source = EntitlementsSource.none
        var entitlementsPath: String?
        if let xml = executable?.slices.lazy.compactMap({ $0.codeSignature?.entitlementsXML }).first, let path = executablePath {
            entitlementsPath = path
            source = .signature
            do {
                entitlements = try Entitlements(propertyList: xml, file: path)
            } catch {
                problems.append(ReadProblems.problem(error, reading: path, as: .entitlementsMalformed))
            }
        } else if paths.isFile(layout.path(xcentName)) {
            let path = layout.path(xcentName)
            entitlementsPath = path
            source = .xcent
            do {
                entitlements = try Entitlements(propertyList: try container.read(path, limit: smallFileLimit), file: path)
            } catch {
                problems.append(ReadProblems.problem(error, reading: path, as: .entitlementsMalformed))
            }
        }

        var signingCertificate: X509Certificate?
        if let cms = executable?.slices.lazy.compactMap(\.codeSignature).first?.cmsSignature, !cms.isEmpty, let path = executablePath {
            do {
                signingCertificate = try CMSSignedData.read(cms).signerCertificate
            } catch {
                // A damaged signature is a finding on the executable, like any broken part of it.
                problems.append(BundleReadProblem(kind: .executableInvalid, file: path, reason: "its code signature's CMS blob cannot be read: \(error)"))
            }
        }

        var profile: ProvisioningProfile?
        var profilePath: String?
        let candidate = layout.profilePath
        if paths.isFile(candidate) {
            profilePath = candidate
            do {
                let bytes = try container.read(candidate, limit: smallFileLimit)
                guard !bytes.isEmpty else { throw UnusableFile(reason: "the file is empty") }
                profile = try ProvisioningProfileReader.read(bytes, file: candidate)
            } catch let empty as UnusableFile {
                problems.append(BundleReadProblem(kind: .profileMalformed, file: candidate, reason: empty.reason))
            } catch {
                problems.append(ReadProblems.problem(error, reading: candidate, as: .profileMalformed))
            }
        }
        let (tools, toolProblems) =
            layout.isMac
            ? loadTools(of: layout, besides: executablePath, from: container, paths: paths, evidence: evidence.forLibraries)
            : ([], [])
        // Compared as X509Certificate.fingerprint is made: SHA-256 of the encoding.
        let listed = profile.map(\.developerCertificates).flatMap { listed -> Bool? in
            guard let fingerprint = signingCertificate?.fingerprint, !listed.isEmpty else { return nil }
            return listed.contains { (try? Digest.hash($0, .sha256)) == fingerprint }
        }
        let signing = BundleSigning(
            executablePath: executablePath, executable: executable,
            entitlements: entitlements, entitlementsSource: source, entitlementsPath: entitlementsPath,
            profile: profile, profilePath: profile == nil ? nil : profilePath,
            libraries: libraries, tools: tools, seal: seal, signingCertificate: signingCertificate,
            signingCertificateKind: signingCertificate.flatMap(SigningCertificateKinds.shipped.kind(of:)),
            signingCertificateListed: listed,
            executableSHA256: executable?.sha256 ?? executablePath.flatMap { evidence.digestsBinaries ? sha256(of: $0, in: container) : nil }
        )
        return (signing, problems + libraryProblems + toolProblems)
    }

    /// The loose `*.dylib` files directly in the bundle's `Frameworks` folder (Swift's runtime
    /// libraries in older apps, vendors' libraries): code that Apple judges like the executable.
    /// Only the strings that checks judging every binary ask for are collected (`evidence`:
    /// required-reason APIs, purpose strings); the matcher rules read only executables.
    static func loadLibraries(
        of layout: BundleLayout, from container: any PackageContainer, paths: PathIndex, evidence: EvidenceWants? = nil
    ) -> (libraries: [BundleBinary], problems: [BundleReadProblem]) {
        let folder = layout.path("Frameworks/")
        var libraries: [BundleBinary] = []
        var problems: [BundleReadProblem] = []
        for entry in paths.files(under: folder, nameEndingWith: ".dylib") {
            guard !entry.path.dropFirst(folder.count).contains("/") else { continue }
            switch readBinary(entry.path, from: container, evidence: evidence) {
            case .read(let file): libraries.append(BundleBinary(path: entry.path, file: file, role: .library))
            case .unusable(let problem): problems.append(problem)
            }
        }
        return (libraries, problems)
    }

    /// A binary other than the bundle's executable, read without hashing its pages; what keeps
    /// it from being Mach-O is an `executable-invalid` problem on it.
    static func readBinary(_ path: String, from container: any PackageContainer, evidence: EvidenceWants?) -> BinaryRead {
        do {
            return .read(try readExecutable(path, from: container, evidence: evidence, hashingCodePages: false))
        } catch let unusable as UnusableFile {
            return .unusable(BundleReadProblem(kind: .executableInvalid, file: path, reason: unusable.reason))
        } catch {
            return .unusable(ReadProblems.problem(error, reading: path, as: .executableInvalid))
        }
    }

    enum BinaryRead {
        case read(MachOFile)
        case unusable(BundleReadProblem)
    }

    /// Where a Mac bundle keeps helper tools, relative to its layout's root ("Placing content in a bundle").
    static let toolFolders = ["MacOS/", "Helpers/", "Library/LaunchServices/"]

    /// The Mach-O executables (`MH_EXECUTE`) directly in a Mac bundle's tool folders, other than
    /// its executable. Anything else there (a script, a data file, a library, which carries no
    /// entitlements) is not a program of its own, so it is passed over without a finding; a
    /// Mach-O file that is broken is one (`executable-invalid`).
    static func loadTools(
        of layout: BundleLayout, besides executablePath: String?, from container: any PackageContainer, paths: PathIndex,
        evidence: EvidenceWants? = nil
    ) -> (tools: [BundleBinary], problems: [BundleReadProblem]) {
        var tools: [BundleBinary] = []
        var problems: [BundleReadProblem] = []
        for folder in toolFolders.map(layout.path) {
            for entry in paths.files(under: folder, whereName: { _ in true }) where entry.path != executablePath {
                guard !entry.path.dropFirst(folder.count).contains("/"),
                    let magic = try? container.openEntry(entry.path).read(upTo: 4), MachOReader.startsLikeMachO(magic)
                else { continue }
                switch readBinary(entry.path, from: container, evidence: evidence) {
                case .read(let file) where file.slices.contains(where: { $0.fileType == .execute }):
                    tools.append(BundleBinary(path: entry.path, file: file, role: .tool))
                case .read: continue
                case .unusable(let problem): problems.append(problem)
                }
            }
        }
        return (tools, problems)
    }

    /// A file that is there but cannot be what it must be (empty, or no Mach-O at all).
    struct UnusableFile: Error {
        let reason: String
    }

    /// The Mach-O at `path`; `UnusableFile` when it is empty or no Mach-O at all, the
    /// reader's error when it is Mach-O but broken.
    static func readExecutable(
        _ path: String, from container: any PackageContainer, evidence: EvidenceWants?, hashingCodePages: Bool,
        sharing: SharedWork? = nil
    ) throws -> MachOFile {
        let size = try container.size(of: path)
        guard size > 0 else { throw UnusableFile(reason: "the file is empty") }
        let file: MachOFile?
        if let prefetched = container.prefetchedMachO(at: path) {
            // Read as the package streamed by (an installer package's payload) with the
            // executable's evidence and its pages hashed when asked: narrowed here.
            file = try prefetched.result.get().map { $0.narrowed(to: evidence, hashingCodePages: hashingCodePages) }
        } else {
            file = try readMachO(
                try container.openEntry(path), size: size, evidence: evidence, hashingCodePages: hashingCodePages, sharing: sharing
            )
        }
        guard let file else {
            let start = (try? container.openEntry(path).read(upTo: 2)) ?? []
            let what = start == Array("#!".utf8) ? "a script" : "no Mach-O file"
            throw UnusableFile(reason: "it is \(what), not an executable built for iOS")
        }
        return file
    }

    /// The Mach-O file `reader` holds, nil when it is none. Without binary rules, the string and
    /// symbol sections are skipped entirely.
    static func readMachO(
        _ reader: any EntryReader, size: UInt64, evidence: EvidenceWants?, hashingCodePages: Bool, sharing: SharedWork? = nil
    ) throws -> MachOFile? {
        let digesting = evidence?.digestsBinaries ?? false
        if let evidence, !evidence.isEmpty {
            return try MachOReader.read(
                reader, size: size, evidence: evidence, hashingCodePages: hashingCodePages, digestingFile: digesting, sharing: sharing)
        }
        return try MachOReader.read(reader, size: size, hashingCodePages: hashingCodePages, digestingFile: digesting, sharing: sharing)
    }

    /// The SHA-256 of a file the Mach-O reader could not read through (broken, or no Mach-O),
    /// in a pass of its own: an SBOM still names it by its bytes. Nil when the entry cannot be read.
    static func sha256(of path: String, in container: any PackageContainer) -> String? {
        (try? container.digest(of: path, .sha256)).map(Hex.lowercase)
    }

    /// `Kit` for `Payload/X.app/Frameworks/Kit.framework`.
    static func bundleBaseName(_ path: String) -> String? {
        let last = PackagePath.name(path)
        guard let dot = last.lastIndex(of: ".") else { return nil }
        return String(last[..<dot])
    }
}
