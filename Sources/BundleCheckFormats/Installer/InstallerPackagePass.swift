import Foundation

/// The one forward pass `InstallerPackageContainer` makes when it opens a package, as steps:
/// the components and signatures from the table of contents, the members listed as the table
/// states them, then libarchive over the xar, where each payload is streamed entry by entry
/// (each file listed with its first bytes, and kept, handed to the plan's consumer, or hashed
/// as the plan says) and the descriptions (`Distribution`, `PackageInfo`, `Bom`) are kept.
/// What it gathers the container then holds; the counts are capped by `InstallerPackageLimits`.
struct InstallerPackagePass {
    let path: String
    let limits: InstallerPackageLimits
    let plan: PayloadReadPlan
    private(set) var contents: InstallerPackageContents
    private(set) var builder = ContainerFiles.Builder()
    /// The first bytes of each file listed, in the order listed.
    private(set) var prefixes: [[UInt8]] = []
    private(set) var folders: [String] = []
    private(set) var links: [ContainerLink] = []
    private(set) var kept: [String: [UInt8]] = [:]
    private(set) var prefetched: [String: PrefetchedMachO] = [:]
    private(set) var hardLinks: [String: String] = [:]
    private(set) var digests: [String: [DigestAlgorithm: [UInt8]]] = [:]
    private var components: [InstallerPackageContents.Component]
    private let componentOfPayload: [String: Int]
    private let componentOfRoot: [String: Int]
    /// The members the table of contents lists, payloads included.
    private let members: [XarTableOfContents.Member]
    private var keptBytes = 0
    private var entries = 0
    private var nameBytes = 0

    /// The components (the folders, or the root, holding a `Payload` member) and signatures
    /// the table of contents names.
    init(path: String, toc: XarTableOfContents, checksumMatches: Bool?, plan: PayloadReadPlan, limits: InstallerPackageLimits) throws {
        self.path = path
        self.plan = plan
        self.limits = limits
        let payloadMembers = toc.members.filter { $0.isFile && ($0.path == "Payload" || $0.path.hasSuffix("/Payload")) }
        guard payloadMembers.count <= limits.maxComponents else {
            throw BundleCheckError.notAPackage(path: path, reason: "the installer package has more than \(limits.maxComponents) components")
        }
        let components = payloadMembers.map { member in
            let root = member.path == "Payload" ? "" : String(member.path.dropLast("/Payload".count))
            return InstallerPackageContents.Component(root: root, payloadPath: member.path)
        }
        self.components = components
        componentOfPayload = Dictionary(components.indices.map { (components[$0].payloadPath, $0) }, uniquingKeysWith: { first, _ in first })
        componentOfRoot = Dictionary(components.indices.map { (components[$0].root, $0) }, uniquingKeysWith: { first, _ in first })
        contents = InstallerPackageContents(
            signatures: toc.signatures.map(Self.signature), checksumMatches: checksumMatches, distribution: nil, components: components
        )
        members = toc.members
    }

    /// A signature of the table of contents with the certificates that parse; the others counted.
    private static func signature(_ signature: XarTableOfContents.Signature) -> InstallerPackageContents.Signature {
        var certificates: [X509Certificate] = []
        var unreadable = 0
        for der in signature.certificates {
            if let certificate = try? X509Certificate(der: der) { certificates.append(certificate) } else { unreadable += 1 }
        }
        return .init(element: signature.element, style: signature.style, certificates: certificates, unreadableCertificates: unreadable)
    }

    /// The pass: the members other than payloads listed as the table states them, then
    /// libarchive's xar reader, each payload streamed, each description kept.
    mutating func run() throws {
        try listMembersOtherThanPayloads()
        let xar: LibarchiveReader
        do throws(LibarchiveReader.Failure) {
            xar = try LibarchiveReader(xarAt: path)
        } catch {
            throw BundleCheckError.notAPackage(path: path, reason: "the installer package cannot be read: \(error.message)")
        }
        do {
            while let member = try xar.next() {
                if let index = componentOfPayload[member.path] {
                    folders.append(member.path)
                    try readPayload(of: index, from: xar)
                } else if member.kind == .file {
                    try readDescription(member.path, size: member.size, from: xar)
                }
            }
        } catch let failure as LibarchiveReader.Failure {
            throw BundleCheckError.notAPackage(path: path, reason: "the installer package cannot be read: \(failure.message)")
        }
        contents.components = components
    }

    /// Members other than payloads, listed with the size the table states (the pass reads
    /// only the descriptions among them).
    private mutating func listMembersOtherThanPayloads() throws {
        for member in members where componentOfPayload[member.path] == nil {
            switch member.type {
            case "directory": folders.append(member.path)
            case "file": try list(member.path, size: member.size, prefix: [])
            default: continue
            }
        }
    }

    /// A listed file: its name and size in the listing, its first bytes, the caps on both.
    private mutating func list(_ listed: String, size: UInt64, prefix: [UInt8]) throws {
        entries += 1
        nameBytes += listed.utf8.count
        guard entries <= limits.maxPayloadEntries, nameBytes <= limits.maxPayloadNameBytes else {
            throw BundleCheckError.notAPackage(
                path: path,
                reason: "the installer package's payloads list more than \(limits.maxPayloadEntries) entries or \(limits.maxPayloadNameBytes) bytes of names")
        }
        builder.append(path: listed, size: size)
        prefixes.append(prefix)
    }

    /// One component's payload, entry by entry. Damage inside it (gzip, cpio, pbzx) is the
    /// component's `payloadProblem`, and what was read before it is kept; a cap of the listing
    /// refuses the package as a whole.
    private mutating func readPayload(of index: Int, from xar: LibarchiveReader) throws {
        do {
            let stream = try PayloadStream(reading: xar)
            components[index].payloadFormat = stream.format
            while let entry = try stream.next() {
                components[index].entryCount += 1
                try take(entry, of: index, from: stream)
            }
        } catch let error as InstallerPackageError {
            components[index].payloadProblem = error.description
        } catch let failure as LibarchiveReader.Failure {
            components[index].payloadProblem = "the payload cannot be read to its end: \(failure.message)"
        } catch let error as BundleCheckError where !Self.isReadFailure(error) {
            throw error
        } catch {
            components[index].payloadProblem = "the payload cannot be read to its end: \(error)"
        }
    }

    /// One payload entry: a name that would leave the payload is recorded, never listed; a
    /// folder or link is listed; a file is listed and taken as the plan says.
    private mutating func take(_ entry: LibarchiveReader.Entry, of index: Int, from stream: PayloadStream) throws {
        let (name, isUnsafe) = PayloadStream.installedName(entry.path)
        guard let name else { return }
        if isUnsafe || name.utf8.count > limits.maxPathBytes {
            if components[index].unsafeNames.count < 1000 { components[index].unsafeNames.append(entry.path) }
            return
        }
        let listed = components[index].prefix + name
        switch entry.kind {
        case .folder:
            folders.append(listed)
        case .symbolicLink:
            let target = entry.linkTarget ?? ""
            links.append(ContainerLink(path: listed, target: target))
            // Listed as a zip lists a link: a small file holding its target.
            try list(listed, size: UInt64(target.utf8.count), prefix: Array(target.utf8.prefix(limits.prefixBytes)))
            kept[listed] = Array(target.utf8)
        case .other:
            return
        case .file:
            if let target = entry.hardLinkTarget, entry.size == 0 {
                let (targetName, targetUnsafe) = PayloadStream.installedName(target)
                if let targetName, !targetUnsafe { hardLinks[listed] = components[index].prefix + targetName }
            }
            let reader = PayloadEntryReader(stream: stream, file: listed, package: path)
            let first = try reader.peek(limits.prefixBytes)
            try list(listed, size: entry.size, prefix: first)
            if let consume = plan.consumer(listed, entry.size, first) {
                prefetched[listed] = consume(reader)
            } else if plan.keepsWhole(listed, entry.size), keptBytes + Int(clamping: entry.size) <= limits.maxKeptBytes {
                let bytes = try reader.readAll(limit: limits.maxKeptBytes - keptBytes)
                keptBytes += bytes.count
                kept[listed] = bytes
            } else if !plan.digestAlgorithms.isEmpty {
                digests[listed] = try Self.digests(of: reader, plan.digestAlgorithms)
            }
        }
    }

    /// `Distribution`, and a component's `PackageInfo` and `Bom`, kept whole within their caps;
    /// other members pass by.
    private mutating func readDescription(_ memberPath: String, size: UInt64, from xar: LibarchiveReader) throws {
        let isDistribution = memberPath == "Distribution"
        let owner = memberPath.lastIndex(of: "/").map { String(memberPath[..<$0]) } ?? ""
        let name = memberPath.split(separator: "/").last.map(String.init) ?? ""
        let component = componentOfRoot[owner]
        guard isDistribution || (component != nil && (name == "PackageInfo" || name == "Bom")) else { return }
        let cap = name == "Bom" ? limits.maxBomBytes : limits.maxDescriptionBytes
        guard size <= UInt64(cap) else {
            contents.memberProblems[memberPath] = "it is \(size) bytes, past the limit of \(cap)"
            return
        }
        let bytes = try XarMemberEntryReader(xar: xar, file: memberPath, package: path).readAll(limit: cap)
        kept[memberPath] = bytes
        if isDistribution {
            contents.distribution = bytes
        } else if let component {
            if name == "Bom" { components[component].bom = bytes } else { components[component].packageInfo = bytes }
        }
    }

    /// The file's digests, taken as it streams by.
    private static func digests(of reader: PayloadEntryReader, _ algorithms: [DigestAlgorithm]) throws -> [DigestAlgorithm: [UInt8]] {
        let running = try algorithms.map { try Digest($0) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try reader.read(into: buffer)
            if count == 0 { break }
            for digest in running { try digest.update(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
        }
        var found: [DigestAlgorithm: [UInt8]] = [:]
        for (algorithm, digest) in zip(algorithms, running) { found[algorithm] = try digest.finish() }
        return found
    }

    private static func isReadFailure(_ error: BundleCheckError) -> Bool {
        if case .corruptArchive = error { return true }
        return false
    }
}
