import Foundation

/// A macOS installer package (`.pkg`, a flat package: a xar archive) as a container: the xar's
/// members (`Distribution`, `Resources/…`, each component's `PackageInfo`, `Bom`, `Scripts`)
/// and, under `<component>/Payload/`, the files its payload installs.
///
/// Everything is read in one forward pass (`InstallerPackagePass`) when the package is opened,
/// as a gzip'd cpio stream must be: the header and table of contents by bundlecheck itself, checked against
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
    /// The Mach-O files the plan's consumer read as they passed.
    private let prefetched: [String: PrefetchedMachO]
    /// Hard links, to the path whose data they share.
    private let hardLinks: [String: String]
    /// Digests of the files the plan asked them of (`PayloadReadPlan.digestAlgorithms`).
    private let digests: [String: [DigestAlgorithm: [UInt8]]]
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
            throw BundleCheckError.notAPackage(
                path: path, reason: "the installer package's table of contents does not match the checksum its heap holds: it is damaged or was edited")
        }
        var pass = try InstallerPackagePass(path: path, toc: xarFile.toc, checksumMatches: xarFile.checksumMatches, plan: plan, limits: limits)
        try pass.run()
        contents = pass.contents
        let (files, repeats) = pass.builder.build()
        let repeated = Set(repeats)
        prefixes = pass.prefixes.indices.filter { !repeated.contains($0) }.map { pass.prefixes[$0] }
        duplicateNames = repeats.map { pass.builder.path(at: $0) }
        self.files = files
        folders = Array(Set(pass.folders)).sorted()
        symbolicLinks = pass.links
        kept = pass.kept
        prefetched = pass.prefetched
        hardLinks = pass.hardLinks
        digests = pass.digests
    }

    /// The `algorithm` digest the pass took of the file at `path`; nil when it took none (the
    /// file was kept or consumed, or the plan asked for none): then hash what `stream` reads.
    public func prefetchedDigest(of path: String, _ algorithm: DigestAlgorithm) -> [UInt8]? {
        digests[path]?[algorithm]
    }

    public var installerContents: InstallerPackageContents? { contents }

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

    /// The Mach-O file the plan's consumer read at `path` as it passed; nil when none read it.
    public func prefetchedMachO(at path: String) -> PrefetchedMachO? {
        prefetched[path]
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

    /// Counts passes from whichever thread reads.
    private final class PassCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 1

        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }
}
