import BundleCheckFormats
import BundleCheckModel

/// Compares a bundle with what its executable's code signature sealed.
///
/// The Mach-O reader has already compared the signature's own blobs and (when asked) the code
/// pages; here the files outside the executable are compared with their special slots: the
/// Info.plist bytes the inspector read anyway (slot 1) and `_CodeSignature/CodeResources`
/// (slot 3). With `comparingResources`, every file CodeResources' `files2` lists is streamed
/// through the digest its entry names: that reads the whole bundle.
///
/// This says whether the bundle is as it was signed, not who signed it: the CMS signature
/// and its certificates are not verified (there are no Apple roots offline).
enum SealVerifier {
    /// Real ones are a few MiB for the largest apps.
    static let codeResourcesLimit = 64 << 20
    static let chunkSize = 64 << 10

    static func verify(
        layout: BundleLayout,
        executablePath: String,
        executable: MachOFile,
        infoPlist: SealedFileDigests?,
        from container: any PackageContainer,
        paths: PathIndex,
        comparingResources: Bool
    ) throws -> BundleSeal? {
        let signed = executable.slices.compactMap { slice in slice.codeSignature.map { (slice.architecture, $0) } }
        guard !signed.isEmpty else { return nil }
        let infoPlistPath = layout.infoPlistPath
        let resourcesPath = layout.codeResourcesPath
        var mismatches: [SealMismatch] = []
        var resources: [UInt8]?
        let needsResources = comparingResources || signed.contains { $0.1.seal?.specialSlots[.resourceDirectory] != nil }
        if needsResources, paths.isFile(resourcesPath) {
            do {
                resources = try container.read(resourcesPath, limit: codeResourcesLimit)
            } catch let error as BundleCheckError {
                mismatches.append(.unreadable(file: resourcesPath, reason: error.description))
            }
        }

        let algorithms = Set(signed.compactMap { $0.1.seal?.hashType.algorithm })
        var boundFiles: [(slot: CodeSignatureSlot, path: String, digests: SealedFileDigests?, architectures: [String])] = [
            (.infoPlist, infoPlistPath, infoPlist, []),
            (.resourceDirectory, resourcesPath, resources.map { SealedFileDigests(of: $0, in: algorithms) }, []),
        ]
        var blobs: [CodeSignatureSlot: [String]] = [:]
        var pages: [CodePageMismatch] = []
        for (architecture, signature) in signed {
            if let problem = signature.sealProblem {
                mismatches.append(.unreadable(file: executablePath, reason: "\(architecture): \(problem)"))
            }
            guard let seal = signature.seal else { continue }
            for index in boundFiles.indices {
                let file = boundFiles[index]
                guard seal.specialSlots[file.slot] != nil else { continue }
                var matches = false
                if let digests = file.digests { matches = try seal.matches(file.slot, digests: digests) ?? true }
                if !matches { boundFiles[index].architectures.append(architecture) }
            }
            for slot in seal.mismatchedBlobs { blobs[slot, default: []].append(architecture) }
            switch seal.codePages {
            case .mismatched(let page):
                pages.append(CodePageMismatch(architecture: architecture, page: page, pageSize: seal.pageSize, isBeyondKeptPages: false))
            case .mismatchedAfter(let page):
                pages.append(CodePageMismatch(architecture: architecture, page: page, pageSize: seal.pageSize, isBeyondKeptPages: true))
            case .notHashed, .matched, .unverifiable:
                break
            }
        }
        for file in boundFiles where !file.architectures.isEmpty {
            mismatches.append(.boundFile(file.slot, path: file.path, isMissing: file.digests == nil, architectures: file.architectures))
        }
        for (slot, architectures) in blobs.sorted(by: { $0.key < $1.key }) {
            mismatches.append(.signatureBlob(slot, architectures: architectures))
        }
        if !pages.isEmpty { mismatches.append(.codePages(pages)) }

        var seal = BundleSeal(mismatches: mismatches)
        if comparingResources {
            seal.comparedResources = 0
            if let resources {
                try compareResources(resources, file: resourcesPath, root: layout.root, container: container, paths: paths, into: &seal)
            }
        }
        return seal
    }

    /// Hashes every file `files2` lists and compares it with its entry.
    private static func compareResources(
        _ bytes: [UInt8],
        file: String,
        root: String,
        container: any PackageContainer,
        paths: PathIndex,
        into seal: inout BundleSeal
    ) throws {
        let listing: CodeResources
        do {
            listing = try CodeResources(propertyList: bytes, file: file)
        } catch let error as BundleCheckError {
            seal.mismatches.append(.unreadable(file: file, reason: error.description))
            return
        }
        var modified: [String] = []
        var missing: [String] = []
        for entry in listing.entries {
            guard case .hash(let algorithm, let expected) = entry.seal, let path = path(of: entry.path, in: root) else {
                seal.skippedResources += 1
                continue
            }
            guard paths.isFile(path) else {
                if !entry.isOptional { missing.append(path) }
                continue
            }
            let actual = try container.digest(of: path, algorithm, chunkSize: chunkSize)
            if actual != expected { modified.append(path) }
            seal.comparedResources = (seal.comparedResources ?? 0) + 1
        }
        if !modified.isEmpty { seal.mismatches.append(.modifiedResources(modified)) }
        if !missing.isEmpty { seal.mismatches.append(.missingResources(missing)) }
    }

    /// The package path of a `files2` entry, relative to the layout's root (`Contents/` on the
    /// Mac); nil for one that would leave the bundle.
    static func path(of entry: String, in root: String) -> String? {
        let components = entry.split(separator: "/", omittingEmptySubsequences: false)
        guard !entry.isEmpty, !entry.hasPrefix("/"), !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            return nil
        }
        return root + "/" + entry
    }
}
