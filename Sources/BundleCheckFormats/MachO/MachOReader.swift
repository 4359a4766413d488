/// Reads a Mach-O file (thin or fat) in one forward pass over an `EntryReader`.
///
/// For each slice, in file order: the header and load commands, then the byte
/// ranges the load commands point at that a check needs (today only the code
/// signature), skipping everything else; `skip` seeks where the entry allows it.
/// An executable is never held whole: at most the load commands
/// (`MachOLimits.maxLoadCommandsBytes`) and one captured range (`maxCodeSignatureBytes`).
/// Every cap on what the file may claim is in `MachOLimits`.
///
/// Every offset and size read from the file is checked before use; a malformed
/// file throws `MachOError`, never traps. A file that is not Mach-O at all is
/// not an error: `read` returns nil, since the rules need to know.
///
/// How ranges join the pass: `LoadCommandParser` returns the ranges it wants as
/// `ByteRangeRequest`s tagged with a `ByteRangePurpose`; the slice's requests are
/// read in offset order; the code signature is captured and parsed, and the
/// binary-evidence ranges go to a `SliceEvidenceCollector`, which streams the
/// sections and symbol tables in chunks and keeps only what the filter wants.
///
/// With `hashingCodePages`, every byte of a signed slice before its signature goes through a
/// `CodePageHasher` on its way (skipped ranges are then read, not sought past), and the
/// page digests are compared with the CodeDirectory's code slots once the signature is read;
/// given `sharing`, threads with nothing else to do may hash some of the pages.
///
/// With `digestingFile` (an SBOM is written), every byte of the file also goes through one
/// SHA-256: nothing is sought past, and the rest after the last slice is read to the end
/// (`MachOFile.sha256`).
package enum MachOReader {
    static let headerSize32: UInt64 = 28

    /// Reads the file behind `reader`, whose container declares `size` bytes.
    ///
    /// - Returns: nil when the file does not start with a Mach-O or fat magic number.
    /// - Throws: `MachOError` for a malformed Mach-O; the reader's own errors for I/O.
    package static func read(
        _ reader: any EntryReader,
        size: UInt64,
        hashingCodePages: Bool = false,
        digestingFile: Bool = false,
        sharing: SharedWork? = nil,
        limits: MachOLimits = .standard
    ) throws -> MachOFile? {
        try read(
            reader, size: size, evidenceFilter: nil, hashingCodePages: hashingCodePages, digestingFile: digestingFile, sharing: sharing, limits: limits)
    }

    /// Reads the file as `read(_:size:)` does and, in the same pass, fills each slice's
    /// `evidence` with the C strings, Objective-C class names and selectors, and
    /// imported symbols that `evidence` wants.
    package static func read(
        _ reader: any EntryReader,
        size: UInt64,
        evidence: any BinaryEvidenceFilter,
        hashingCodePages: Bool = false,
        digestingFile: Bool = false,
        sharing: SharedWork? = nil,
        limits: MachOLimits = .standard
    ) throws -> MachOFile? {
        try read(
            reader, size: size, evidenceFilter: evidence, hashingCodePages: hashingCodePages, digestingFile: digestingFile, sharing: sharing,
            limits: limits)
    }

    private static func read(
        _ reader: any EntryReader,
        size: UInt64,
        evidenceFilter: (any BinaryEvidenceFilter)?,
        hashingCodePages: Bool,
        digestingFile: Bool,
        sharing: SharedWork?,
        limits: MachOLimits
    ) throws -> MachOFile? {
        let pass = try ForwardPass(reader: reader, size: size, digestingFile: digestingFile)
        guard var file = try read(pass, size: size, evidenceFilter: evidenceFilter, hashingCodePages: hashingCodePages, sharing: sharing, limits: limits)
        else { return nil }
        file.sha256 = try pass.finishFileDigest().map(Hex.lowercase)
        return file
    }

    private static func read(
        _ pass: ForwardPass,
        size: UInt64,
        evidenceFilter: (any BinaryEvidenceFilter)?,
        hashingCodePages: Bool,
        sharing: SharedWork?,
        limits: MachOLimits
    ) throws -> MachOFile? {
        let magicBytes = try pass.readAvailable(4)
        switch MachOMagic(magicBytes) {
        case .other:
            return nil
        case .bigEndian:
            throw MachOError.bigEndian
        case .thin32, .thin64:
            let slice = try readSlice(
                pass, index: nil, prefix: magicBytes, offset: 0, size: size,
                evidenceFilter: evidenceFilter, hashingCodePages: hashingCodePages, sharing: sharing, limits: limits
            )
            return MachOFile(kind: .thin, slices: [slice])
        case .fat(let magic):
            let countBytes = try pass.read(4, part: "fat header")
            let count = ByteView(countBytes).uint32BE(at: 0)!
            guard case .fat(let architectureCount, let is64) = try FatHeaderParser.header(magic: magic, count: count, maxArchitectures: limits.maxArchitectures)
            else {
                return nil
            }
            let records = try pass.read(Int(architectureCount) * (is64 ? 32 : 20), part: "fat header")
            let architectures = try FatHeaderParser.architectures(records, count: Int(architectureCount), is64: is64, fileSize: size)
            var slices: [MachOSlice] = []
            for architecture in architectures {
                try pass.skip(to: architecture.offset, part: "fat slice \(architecture.index)")
                slices.append(
                    try readSlice(
                        pass,
                        index: architecture.index,
                        prefix: [],
                        offset: architecture.offset,
                        size: architecture.size,
                        evidenceFilter: evidenceFilter,
                        hashingCodePages: hashingCodePages,
                        sharing: sharing,
                        limits: limits
                    ))
            }
            return MachOFile(kind: .fat, slices: slices)
        }
    }

    /// Reads one slice starting at the pass's position; `prefix` is what was
    /// already read of it (a thin file's magic number).
    private static func readSlice(
        _ pass: ForwardPass,
        index: Int?,
        prefix: [UInt8],
        offset: UInt64,
        size: UInt64,
        evidenceFilter: (any BinaryEvidenceFilter)?,
        hashingCodePages: Bool,
        sharing: SharedWork?,
        limits: MachOLimits
    ) throws -> MachOSlice {
        let headerStart = try prefix + pass.read(4 - prefix.count, part: "mach header")
        let is64: Bool
        switch MachOMagic(headerStart) {
        case .thin32: is64 = false
        case .thin64: is64 = true
        case .bigEndian where index == nil: throw MachOError.bigEndian
        default: throw MachOError.sliceNotMachO(index: index ?? 0)
        }
        let headerSize = is64 ? 32 : 28
        guard UInt64(headerSize) <= size else {
            throw MachOError.truncated(part: "mach header", end: offset + UInt64(headerSize))
        }
        let headerBytes = try headerStart + pass.read(headerSize - 4, part: "mach header")
        let header = MachOHeader(headerBytes, is64Bit: is64)!
        guard UInt64(header.commandCount) <= UInt64(max(limits.maxLoadCommands, 0)) else {
            throw MachOError.tooManyLoadCommands(count: header.commandCount, limit: limits.maxLoadCommands)
        }
        guard UInt64(header.commandsSize) <= UInt64(max(limits.maxLoadCommandsBytes, 0)) else {
            throw MachOError.loadCommandsTooLarge(size: header.commandsSize, limit: limits.maxLoadCommandsBytes)
        }
        let commandsEnd = UInt64(headerSize) + UInt64(header.commandsSize)
        guard commandsEnd <= size else {
            throw MachOError.truncated(part: "load commands", end: offset + commandsEnd)
        }
        guard UInt64(header.commandCount) * 8 <= UInt64(header.commandsSize) else {
            throw MachOError.malformedLoadCommand(
                index: 0,
                reason: "\(header.commandCount) commands cannot fit in sizeofcmds \(header.commandsSize)"
            )
        }
        let commands = try pass.read(Int(header.commandsSize), part: "load commands")
        let parsed = try LoadCommandParser.parse(
            header: header,
            commands: commands,
            sliceOffset: offset,
            sliceSize: size,
            collectsEvidence: evidenceFilter != nil,
            limits: limits
        )
        var slice = parsed.slice
        var collector = evidenceFilter.map {
            SliceEvidenceCollector(filter: $0, architecture: slice.architecture, is64Bit: is64, maxStringBytes: limits.maxStringBytes)
        }
        var pages: CodePageHasher?
        if hashingCodePages, let signature = slice.codeSignature, !signature.isTooLargeToRead {
            // The header and load commands are already read: they open the first page.
            let hasher = try CodePageHasher(
                algorithms: pageAlgorithms(for: slice), maxKeptPages: limits.maxKeptPageHashes, expectedBytes: UInt64(signature.dataOffset),
                sharing: sharing
            )
            try hasher.feed(headerBytes + commands)
            pass.observe(with: hasher, until: offset + UInt64(signature.dataOffset))
            pages = hasher
        }
        defer { pass.stopObserving() }
        // Empty ranges first at equal offsets, so a zero-length request never lands behind the pass.
        let requests = parsed.requests.sorted { ($0.offset, $0.length) < ($1.offset, $1.length) }
        for request in requests {
            if request.purpose == .codeSignature {
                try apply(CapturedRange(request: request, bytes: try pass.capture(request)), to: &slice, pages: pages, limits: limits)
            } else {
                try collector?.read(request, from: pass)
            }
        }
        slice.evidence = collector?.evidence ?? []
        return slice
    }

    /// SHA-256 always; SHA-1 too for deployment targets before iOS 11, whose signatures may
    /// hold only SHA-1 (codesign has written SHA-256 alone since). The CodeDirectory, which
    /// says which, comes after the pages.
    private static func pageAlgorithms(for slice: MachOSlice) -> [Digest.Algorithm] {
        guard let minimumOS = slice.minimumOS, minimumOS >= MachOVersion(major: 11) else { return [.sha256, .sha1] }
        return [.sha256]
    }

    /// Hands a captured range to the parser for its purpose; a signature's seal is then
    /// compared with its own blobs and, when hashed, with the slice's code pages.
    private static func apply(_ captured: CapturedRange, to slice: inout MachOSlice, pages: CodePageHasher?, limits: MachOLimits) throws {
        switch captured.request.purpose {
        case .codeSignature:
            guard let signature = slice.codeSignature else { return }
            var parsed = try CodeSignatureParser.parse(captured.bytes, into: signature, limits: limits)
            if var seal = parsed.seal {
                try compareBlobs(of: &seal, in: captured.bytes)
                if let pages {
                    try pages.finish()
                    seal.codePages = try compare(pages, with: seal, in: captured.bytes, slice: slice)
                }
                parsed.seal = seal
            }
            slice.codeSignature = parsed
        case .cStringSection, .symbolTable, .stringTable, .bindOpcodes, .chainedFixups:
            // Evidence ranges go to the slice's `SliceEvidenceCollector` instead.
            return
        }
    }

    /// The bound slots of the signature's own blobs whose blob is missing or hashes otherwise.
    private static func compareBlobs(of seal: inout CodeSeal, in superBlob: [UInt8]) throws(DigestError) {
        guard let algorithm = seal.hashType.algorithm else { return }
        for slot in CodeSignatureSlot.signatureBlobs {
            guard let expected = seal.specialSlots[slot] else { continue }
            guard let range = seal.signatureBlobs[slot],
                try Digest.hash(superBlob[range], algorithm).prefix(expected.count).elementsEqual(expected)
            else {
                seal.mismatchedBlobs.append(slot)
                continue
            }
        }
    }

    /// The page digests against the code slots, when they cover the same pages.
    private static func compare(_ pages: CodePageHasher, with seal: CodeSeal, in superBlob: [UInt8], slice: MachOSlice) throws(DigestError) -> CodePageCheck {
        if let encryption = slice.encryption, encryption.isEncrypted {
            return .unverifiable("its pages are encrypted")
        }
        guard seal.codeLimit == pages.byteCount else {
            return .unverifiable("its code limit (\(seal.codeLimit)) is not where its signature starts (\(pages.byteCount))")
        }
        guard seal.pageSize == UInt64(CodePageHasher.pageSize) || seal.codeLimit <= UInt64(CodePageHasher.pageSize) else {
            return .unverifiable("its pages are \(seal.pageSize == 0 ? "one page" : "\(seal.pageSize) bytes"), not 4096")
        }
        return try pages.compare(with: superBlob[seal.codeSlots], hashType: seal.hashType, slotSize: seal.hashType.size ?? 0)
    }
}

extension MachOReader {
    /// Whether a file starting with `prefix` (its first four bytes) is Mach-O or fat Mach-O, as
    /// far as the magic number tells; for finding binaries without reading them.
    package static func startsLikeMachO(_ prefix: [UInt8]) -> Bool {
        if case .other = MachOMagic(prefix) { return false }
        return true
    }
}

/// What the first four bytes of a file say it is.
enum MachOMagic {
    /// `0xfeedface` little-endian: a 32-bit Mach-O.
    case thin32
    /// `0xfeedfacf` little-endian: a 64-bit Mach-O.
    case thin64
    /// Either Mach-O magic in big-endian order.
    case bigEndian
    /// `0xcafebabe` or `0xcafebabf`, big-endian (the value is kept for `FatHeaderParser`).
    case fat(UInt32)
    case other

    init(_ bytes: [UInt8]) {
        let view = ByteView(bytes)
        guard let little = view.uint32LE(at: 0), let big = view.uint32BE(at: 0) else {
            self = .other
            return
        }
        switch (little, big) {
        case (0xFEED_FACE, _): self = .thin32
        case (0xFEED_FACF, _): self = .thin64
        case (_, 0xFEED_FACE), (_, 0xFEED_FACF): self = .bigEndian
        case (_, FatHeaderParser.fatMagic), (_, FatHeaderParser.fatMagic64): self = .fat(big)
        default: self = .other
        }
    }
}

/// The bytes of one `ByteRangeRequest`, as the forward pass read them.
struct CapturedRange {
    var request: ByteRangeRequest
    var bytes: [UInt8]
}
