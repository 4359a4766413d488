import Foundation

/// A macOS installer package (`.pkg`, a flat package: a xar archive) as a container: the xar's
/// members (`Distribution`, `Resources/…`, each component's `PackageInfo`, `Bom`, `Scripts`)
/// and, under `<component>/Payload/`, the files its payload installs.
///
/// Everything is read in one forward pass when the package is opened, as a gzip'd cpio stream
/// must be: the header and table of contents by bundlecheck itself, checked against
/// `InstallerPackageLimits` before libarchive sees the file, then libarchive's xar reader over
/// the members and its cpio reader over each payload, which lists every entry and keeps what
/// the `PayloadReadPlan` asks for. Nothing is extracted; entry names that would leave the
/// payload are recorded (`InstallerPackageContents.Component.unsafeNames`), never listed or
/// followed. A file asked for that the pass did not keep is read again in a pass of its own.
public final class InstallerPackageContainer: PackageContainer {
    public let storage = ContainerStorage.installerPackage
    public let byteCount: UInt64
    public let files: ContainerFiles
    public let folders: [String]
    public let symbolicLinks: [ContainerLink]
    public let duplicateNames: [String]
    /// What the package says about itself (signatures, Distribution, components).
    public let contents: InstallerPackageContents
    let path: String
    let limits: InstallerPackageLimits
    /// Whole files the plan kept, by listed path.
    private let kept: [String: [UInt8]]
    /// The first `limits.prefixBytes` bytes of every payload file, by position in `files`.
    private let prefixes: [[UInt8]]
    /// What the plan's consumers made of the files they read as they passed.
    private let consumed: [String: any Sendable]
    /// Hard links, to the path whose data they share.
    private let hardLinks: [String: String]
    /// Digests of the files the plan asked them of (`PayloadReadPlan.digestAlgorithms`).
    private let digests: [String: [Digest.Algorithm: [UInt8]]]
    private let passCount = PassCounter()

    /// Forward passes over the package so far: 1 after opening, one more for each file read
    /// that the first pass did not keep.
    public var passes: Int { passCount.value }

    public init(path: String, plan: PayloadReadPlan = .listingOnly, limits: InstallerPackageLimits = .standard) throws {
        self.path = path
        self.limits = limits
        let xarFile: XarFile
        do {
            xarFile = try XarFile(path: path, limits: limits)
        } catch let error as InstallerPackageError {
            throw BundleCheckError.notAPackage(path: path, reason: "the installer package cannot be read: \(error)")
        }
        byteCount = xarFile.fileSize
        if xarFile.checksumMatches == false {
            throw BundleCheckError.notAPackage(path: path, reason: "the installer package's table of contents does not match the checksum its heap holds: it is damaged or was edited")
        }
        let toc = xarFile.toc
        // Components are the folders (or the root) holding a Payload member.
        let payloadMembers = toc.members.filter { $0.isFile && ($0.path == "Payload" || $0.path.hasSuffix("/Payload")) }
        guard payloadMembers.count <= limits.maxComponents else {
            throw BundleCheckError.notAPackage(path: path, reason: "the installer package has more than \(limits.maxComponents) components")
        }
        var components = payloadMembers.map { member in
            let root = member.path == "Payload" ? "" : String(member.path.dropLast("/Payload".count))
            return InstallerPackageContents.Component(root: root, payloadPath: member.path)
        }
        let componentOfPayload = Dictionary(components.indices.map { (components[$0].payloadPath, $0) }, uniquingKeysWith: { first, _ in first })
        let componentOfRoot = Dictionary(components.indices.map { (components[$0].root, $0) }, uniquingKeysWith: { first, _ in first })

        var signatures: [InstallerPackageContents.Signature] = []
        for signature in toc.signatures {
            var certificates: [X509Certificate] = []
            var unreadable = 0
            for der in signature.certificates {
                if let certificate = try? X509Certificate(der: der) { certificates.append(certificate) } else { unreadable += 1 }
            }
            signatures.append(.init(element: signature.element, style: signature.style, certificates: certificates, unreadableCertificates: unreadable))
        }
        var contents = InstallerPackageContents(signatures: signatures, checksumMatches: xarFile.checksumMatches, distribution: nil, components: components)

        var builder = ContainerFiles.Builder()
        var prefixes: [[UInt8]] = []
        var folders: [String] = []
        var links: [ContainerLink] = []
        var kept: [String: [UInt8]] = [:]
        var keptBytes = 0
        var consumed: [String: any Sendable] = [:]
        var hardLinks: [String: String] = [:]
        var digests: [String: [Digest.Algorithm: [UInt8]]] = [:]
        var entries = 0
        var nameBytes = 0
        func list(_ listed: String, size: UInt64, prefix: [UInt8]) throws {
            entries += 1
            nameBytes += listed.utf8.count
            guard entries <= limits.maxPayloadEntries, nameBytes <= limits.maxPayloadNameBytes else {
                throw BundleCheckError.notAPackage(path: path, reason: "the installer package's payloads list more than \(limits.maxPayloadEntries) entries or \(limits.maxPayloadNameBytes) bytes of names")
            }
            builder.append(path: listed, size: size)
            prefixes.append(prefix)
        }

        // Members other than payloads are listed with the size the table states.
        for member in toc.members where componentOfPayload[member.path] == nil {
            switch member.type {
            case "directory": folders.append(member.path)
            case "file": try list(member.path, size: member.size, prefix: [])
            default: continue
            }
        }

        let xar: LibarchiveReader
        do throws(LibarchiveReader.Failure) {
            xar = try LibarchiveReader(xarAt: path)
        } catch {
            throw BundleCheckError.notAPackage(path: path, reason: "the installer package cannot be read: \(error.message)")
        }
        do {
            while let member = try xar.next() {
                let memberPath = member.path
                if let index = componentOfPayload[memberPath] {
                    folders.append(memberPath)
                    let prefix = components[index].prefix
                    do {
                        let stream = try PayloadStream(reading: xar)
                        components[index].payloadFormat = stream.format
                        while let entry = try stream.next() {
                            components[index].entryCount += 1
                            let (name, isUnsafe) = PayloadStream.installedName(entry.path)
                            guard let name else { continue }
                            if isUnsafe || name.utf8.count > limits.maxPathBytes {
                                if components[index].unsafeNames.count < 1000 { components[index].unsafeNames.append(entry.path) }
                                continue
                            }
                            let listed = prefix + name
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
                                continue
                            case .file:
                                if let target = entry.hardLinkTarget, entry.size == 0 {
                                    let (targetName, targetUnsafe) = PayloadStream.installedName(target)
                                    if let targetName, !targetUnsafe { hardLinks[listed] = prefix + targetName }
                                }
                                let reader = PayloadEntryReader(stream: stream, file: listed, package: path)
                                let first = try reader.peek(limits.prefixBytes)
                                try list(listed, size: entry.size, prefix: first)
                                if let consume = plan.consumer(listed, entry.size, first) {
                                    consumed[listed] = consume(reader)
                                } else if plan.keepsWhole(listed, entry.size), keptBytes + Int(clamping: entry.size) <= limits.maxKeptBytes {
                                    let bytes = try reader.readAll(limit: limits.maxKeptBytes - keptBytes)
                                    keptBytes += bytes.count
                                    kept[listed] = bytes
                                } else if !plan.digestAlgorithms.isEmpty {
                                    digests[listed] = try Self.digests(of: reader, plan.digestAlgorithms)
                                }
                            }
                        }
                    } catch let error as InstallerPackageError {
                        components[index].payloadProblem = error.description
                    } catch let failure as LibarchiveReader.Failure {
                        components[index].payloadProblem = "the payload cannot be read to its end: \(failure.message)"
                    } catch let error as BundleCheckError where !Self.isReadFailure(error) {
                        // A cap of the listing: the package as a whole is refused.
                        throw error
                    } catch {
                        // Damage inside the payload (gzip, cpio, pbzx): what was read before it is kept.
                        components[index].payloadProblem = "the payload cannot be read to its end: \(error)"
                    }
                } else if member.kind == .file {
                    let isDistribution = memberPath == "Distribution"
                    let owner = memberPath.lastIndex(of: "/").map { String(memberPath[..<$0]) } ?? ""
                    let name = memberPath.split(separator: "/").last.map(String.init) ?? ""
                    let component = componentOfRoot[owner]
                    guard isDistribution || (component != nil && (name == "PackageInfo" || name == "Bom")) else { continue }
                    let cap = name == "Bom" ? limits.maxBomBytes : limits.maxDescriptionBytes
                    guard member.size <= UInt64(cap) else {
                        contents.memberProblems[memberPath] = "it is \(member.size) bytes, past the limit of \(cap)"
                        continue
                    }
                    let bytes = try Self.readMember(xar, limit: cap, file: memberPath, package: path)
                    kept[memberPath] = bytes
                    if isDistribution {
                        contents.distribution = bytes
                    } else if let component {
                        if name == "Bom" { components[component].bom = bytes } else { components[component].packageInfo = bytes }
                    }
                }
            }
        } catch let failure as LibarchiveReader.Failure {
            throw BundleCheckError.notAPackage(path: path, reason: "the installer package cannot be read: \(failure.message)")
        }
        contents.components = components
        self.contents = contents
        let (files, repeats) = builder.build()
        let repeated = Set(repeats)
        self.prefixes = prefixes.indices.filter { !repeated.contains($0) }.map { prefixes[$0] }
        self.duplicateNames = repeats.map { builder.path(at: $0) }
        self.files = files
        self.folders = Array(Set(folders)).sorted()
        self.symbolicLinks = links
        self.kept = kept
        self.consumed = consumed
        self.hardLinks = hardLinks
        self.digests = digests
    }

    /// The file's digests, taken as it streamed by.
    private static func digests(of reader: PayloadEntryReader, _ algorithms: [Digest.Algorithm]) throws -> [Digest.Algorithm: [UInt8]] {
        let running = try algorithms.map { try Digest($0) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try reader.read(into: buffer)
            if count == 0 { break }
            for digest in running { try digest.update(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
        }
        var found: [Digest.Algorithm: [UInt8]] = [:]
        for (algorithm, digest) in zip(algorithms, running) { found[algorithm] = try digest.finish() }
        return found
    }

    /// The `algorithm` digest the pass took of the file at `path`; nil when it took none (the
    /// file was kept or consumed, or the plan asked for none): then hash what `stream` reads.
    package func digest(of path: String, _ algorithm: Digest.Algorithm) -> [UInt8]? {
        digests[path]?[algorithm]
    }

    // MARK: - Reading

    public func size(of path: String) throws -> UInt64 {
        guard let position = files.position(of: path) else { throw BundleCheckError.missingEntry(file: path) }
        return files.size(at: position)
    }

    public func stream(_ path: String, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws {
        let reader = try openEntry(path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, chunkSize), alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try reader.read(into: buffer)
            guard count > 0, try body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
        }
    }

    public func openEntry(_ path: String) throws -> any EntryReader {
        if let bytes = kept[path] { return InMemoryEntryReader(bytes: bytes) }
        guard let position = files.position(of: path) else { throw BundleCheckError.missingEntry(file: path) }
        if let target = hardLinks[path], target != path, files.position(of: target) != nil {
            return try openEntry(target)
        }
        let prefix = prefixes[position]
        if UInt64(prefix.count) == files.size(at: position) { return InMemoryEntryReader(bytes: prefix) }
        return PrefixFirstEntryReader(prefix: prefix) { [self] in try self.reread(path) }
    }

    /// What the plan's consumer made of the file at `path` as it passed; nil when none read it.
    public func consumed(_ path: String) -> (any Sendable)? {
        consumed[path]
    }

    /// A pass of its own to the file at `path`: the xar from the start to its member, and for a
    /// payload file, that payload to its entry.
    private func reread(_ wanted: String) throws -> any EntryReader {
        passCount.increment()
        do {
            let xar = try LibarchiveReader(xarAt: path)
            while let member = try xar.next() {
                if member.path == wanted {
                    return XarMemberEntryReader(xar: xar, file: wanted, package: path)
                }
                guard let component = contents.components.first(where: { wanted.hasPrefix($0.prefix) && $0.payloadPath == member.path }) else { continue }
                let stream = try PayloadStream(reading: xar)
                let name = wanted.dropFirst(component.prefix.count)
                while let entry = try stream.next() {
                    if PayloadStream.installedName(entry.path).name.map({ $0[...] == name }) == true, entry.kind == .file || entry.kind == .symbolicLink {
                        return PayloadEntryReader(stream: stream, file: wanted, package: path)
                    }
                }
                break
            }
        } catch let failure as LibarchiveReader.Failure {
            throw BundleCheckError.corruptArchive(path: path, reason: "\(wanted): \(failure.message)")
        } catch let error as InstallerPackageError {
            throw BundleCheckError.corruptArchive(path: path, reason: "\(wanted): \(error)")
        }
        throw BundleCheckError.missingEntry(file: wanted)
    }

    static func readMember(_ xar: LibarchiveReader, limit: Int, file: String, package: String) throws -> [UInt8] {
        try XarMemberEntryReader(xar: xar, file: file, package: package).readAll(limit: limit)
    }

    private static func isReadFailure(_ error: BundleCheckError) -> Bool {
        if case .corruptArchive = error { return true }
        return false
    }

    /// Counts passes from whichever thread reads.
    private final class PassCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 1

        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }
}
