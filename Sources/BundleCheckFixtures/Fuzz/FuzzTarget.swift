import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import Foundation

/// What each fuzz harness does with one input, in one place: the executables in `Fuzz/Harnesses`
/// hand libFuzzer's bytes to `run`, and the tests replay the committed seeds and regression
/// inputs through the same calls (docs/fuzzing.md).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `bplist00` files through `PropertyListParser` (inputs without the magic are rejected:
    /// they would go to the XML reader, which has a harness of its own).
    case binaryPropertyList = "binary-plist"
    /// XML property lists (libxml2 underneath), with the line numbers and duplicate keys recorded.
    case xmlPropertyList = "xml-plist"
    /// The Mach-O forward pass over an in-memory entry, twice: seeking with every string kept as
    /// evidence, and streaming (as a deflated zip entry is read) while hashing every code page.
    case machO = "macho"
    /// BER and CMS SignedData with its X.509 certificates and the signer's picked out.
    case cms
    /// A provisioning profile: envelope, plist inside, and what the checks ask of the model.
    case profile
    /// An NSExtensionActivationRule: a property list is its dictionary form, anything else a
    /// predicate string.
    case predicate
    /// A rule file through libyaml and `RuleLoader`, against the real registry of built-in checks.
    case ruleFile = "rule-file"
    /// The zip container from a file: the listing, then the first entries read, streamed and skipped through.
    case zip
    /// The whole inspection of one input with the shipped rules, `--verify-resources` on (so
    /// `CodeResources` is read too) and a fixed date (so expiry does not depend on the clock).
    case package
    /// An icns icon file through `ICNSFile`, with every image's size asked about and the dark
    /// variant's nested icns file read too (inputs without the `icns` magic are rejected).
    case icns
    /// A pbzx payload through `PBZXDecoder`, up to `pbzxOutputLimit` decoded bytes, twice: from
    /// one piece in reads of 64 KiB, and 7 bytes at a time in reads of every size; the two must
    /// decode the same bytes or both fail (inputs without `pbzx` are rejected).
    case pbzx
    /// A BOM store (an installer `Bom`, an `Assets.car`) through `BOMStore`: every variable's tree
    /// walked with its blocks resolved, and a `Bom`'s `BomInfo` and paths decoded (inputs without
    /// the `BOMStore` magic are rejected).
    case bom
    /// An installer package (`.pkg`) through the whole inspection, as `package` does, on bytes
    /// starting with xar's magic (others are rejected): the xar header and table of contents
    /// checked by bundlecheck, then libarchive over the members and each payload's cpio stream.
    case pkg
    /// An LZFSE stream (an `Assets.car` rendition's pixels) through `LZFSEDecoder`, up to
    /// `lzfseOutputLimit` decoded bytes, on bytes starting with a block's magic: decoded whole,
    /// appended after other bytes, from a slice not at 0, and cut where the decoder says it
    /// ends; all must agree. Bytes starting with `lzvnMarker` are a 4-byte little-endian output
    /// count (modulo the limit) and a raw LZVN stream, through `LZVNDecoder`. Others are rejected.
    case lzfse
    /// A compiled asset catalogue (`Assets.car`) on bytes starting with `BOMStore` (others are
    /// rejected): `AssetCatalog` over the whole store, every facet's icon set, and the first
    /// `carRenditionsDecoded` renditions' payloads and bitmaps (up to `carBitmapLimit` bytes of
    /// pixels) with their opacity; and the same bytes streamed (`StreamedAssetCatalog`), which
    /// must list the same facets and renditions and read the same payloads, or give up for a
    /// reason only a stream has (FuzzTarget+AssetCatalog.swift).
    case car
    /// A JSON document (a report read back) through `JSONParser` with its default caps. One it
    /// reads is written back by `JSONWriter`, compact and (up to `jsonPrettyLimit` bytes of input)
    /// pretty, which must read back as the same value and rewrite to the same bytes; one it
    /// refuses must be refused at a place inside the input. Then the same bytes with the small
    /// caps of `jsonSmallLimits`, which may only refuse for a cap where the default caps read
    /// them, and otherwise must agree: the same value, or the same error.
    case json
    /// A bundlecheck JSON report read back as a side of a release review, then reviewed against
    /// itself (no change, no verdict) and against a build of no bundles (each bundle added, or
    /// removed), each review written in every format (FuzzTarget+Report.swift).
    case report

    /// What became of one input.
    public enum Outcome: Equatable, Sendable {
        /// Not this harness's kind of input; libFuzzer leaves it out of the corpus.
        case rejected
        /// The parser refused it (an error, a problem it reports): the safe way to fail.
        case refused
        /// The parser read it.
        case read
    }

    /// Entries of a zip past this many are listed but not read: reading hundreds per input
    /// would only slow the run down.
    public static let maximumEntriesRead = 32

    /// Runs the input `bytes`; `inputFile` is where the zip and package targets write them,
    /// since libzip and the inspector open a path.
    public func run(_ bytes: [UInt8], inputFile: String) -> Outcome {
        switch self {
        case .binaryPropertyList:
            guard bytes.starts(with: "bplist".utf8) else { return .rejected }
            return Self.propertyList(bytes)
        case .xmlPropertyList:
            guard !bytes.starts(with: "bplist".utf8) else { return .rejected }
            Self.requireSameReadStreamed(bytes)
            return Self.propertyList(bytes)
        case .machO:
            return Self.machO(bytes)
        case .cms:
            return Self.cms(bytes)
        case .profile:
            return Self.profile(bytes)
        case .predicate:
            return Self.activationRule(bytes)
        case .ruleFile:
            return Self.ruleFile(String(decoding: bytes, as: UTF8.self))
        case .zip:
            return Self.zip(Self.writing(bytes, to: inputFile))
        case .package:
            // The input's length picks the distribution it is judged for, so every distribution's
            // rules run (certificate-expired only judges ad hoc, development and enterprise builds)
            // without a byte of the package being spent on the choice.
            let inspector = Self.inspectors[bytes.count % Self.inspectors.count]
            let report = inspector.inspect(path: Self.writing(bytes, to: inputFile))
            return report.error == nil ? .read : .refused
        case .pkg:
            guard bytes.starts(with: "xar!".utf8) else { return .rejected }
            let report = Self.inspectors[bytes.count % Self.inspectors.count].inspect(path: Self.writing(bytes, to: inputFile))
            return report.error == nil ? .read : .refused
        case .icns:
            guard bytes.starts(with: "icns".utf8) else { return .rejected }
            return Self.icns(bytes, nested: true)
        case .pbzx:
            guard PBZXDecoder.startsLikePBZX(bytes) else { return .rejected }
            return Self.pbzx(bytes)
        case .bom:
            guard bytes.starts(with: "BOMStore".utf8) else { return .rejected }
            return Self.bom(bytes)
        case .lzfse:
            if bytes.first == Self.lzvnMarker { return Self.lzvn(bytes) }
            guard LZFSEDecoder.startsLikeLZFSE(bytes) else { return .rejected }
            return Self.lzfse(bytes)
        case .car:
            guard bytes.starts(with: "BOMStore".utf8) else { return .rejected }
            return Self.assetCatalog(bytes)
        case .json:
            return Self.json(bytes)
        case .report:
            return Self.report(bytes)
        }
    }

    /// An XML plist handed to libxml2 from a reader a piece at a time (as a large Info.plist is)
    /// must read exactly as its whole bytes do: any difference stops the harness, a finding.
    private static func requireSameReadStreamed(_ bytes: [UInt8]) {
        let whole = readOutcome { try PropertyListParser.parse(bytes, file: "Info.plist") }
        let streamed = readOutcome {
            try PropertyListParser.parse(
                reading: InMemoryEntryReader(bytes: bytes, canSeek: false), file: "Info.plist", byteLimit: .max,
                streamingThreshold: 64
            ) { _ in }
        }
        precondition(whole == streamed, "read whole: \(whole.prefix(300))\nstreamed: \(streamed.prefix(300))")
    }

    /// What a plist read came to, as text two reads can be compared by: the root and the
    /// repeated keys, or the error (the harness and the streaming tests compare reads so).
    package static func readOutcome(_ read: () throws -> PropertyListDocument) -> String {
        do {
            let document = try read()
            return "\(document.root) \(document.duplicateKeys.map { "\($0.dictionary)/\($0.key)" })"
        } catch {
            return "error: \(error)"
        }
    }

    private static func propertyList(_ bytes: [UInt8]) -> Outcome {
        guard let document = try? PropertyListParser.parse(bytes, file: "Info.plist") else { return .refused }
        visitEveryValue(document.root)
        for duplicate in document.duplicateKeys {
            _ = document.line(of: duplicate.dictionary.appending(duplicate.key))
        }
        _ = document.line(of: JSONPointer("CFBundleIdentifier"))
        return .read
    }

    private static func machO(_ bytes: [UInt8]) -> Outcome {
        let size = UInt64(bytes.count)
        let seeking = try? MachOReader.read(InMemoryEntryReader(bytes: bytes, canSeek: true), size: size, evidence: KeepEveryString())
        let streaming = try? MachOReader.read(InMemoryEntryReader(bytes: bytes, canSeek: false), size: size, hashingCodePages: true)
        // As an SBOM run reads it: strings, code pages and the whole file's digest in one pass,
        // which must cover every byte whatever the parse read, streamed or skipped.
        let digested = try? MachOReader.read(
            InMemoryEntryReader(bytes: bytes, canSeek: false), size: size, evidence: KeepEveryString(), hashingCodePages: true, digestingFile: true)
        if let sha256 = digested?.sha256 {
            precondition(sha256 == (try? Digest.hash(bytes, .sha256)).map(Hex.lowercase), "the file digest missed bytes")
        }
        guard seeking != nil, streaming != nil else { return .refused }
        return .read
    }

    private static func cms(_ bytes: [UInt8]) -> Outcome {
        guard let signedData = try? CMSSignedData.read(bytes) else { return .refused }
        for certificate in signedData.certificates {
            _ = (certificate.serialNumber, certificate.subject.commonName, certificate.issuer.organization)
        }
        if let signer = signedData.signerCertificate {
            _ = signer.isExpired(at: signer.notBefore)
        }
        return .read
    }

    private static func profile(_ bytes: [UInt8]) -> Outcome {
        guard let profile = try? ProvisioningProfileReader.read(bytes, file: "embedded.mobileprovision") else { return .refused }
        visitEveryValue(.dictionary(profile.propertyList))
        _ = (profile.name, profile.uuid, profile.teamIdentifier, profile.teamName)
        _ = (profile.applicationIdentifier, profile.appGroups, profile.getTaskAllow, profile.apsEnvironment)
        _ = (profile.creationDate, profile.platforms, profile.provisionedDeviceCount, profile.kind)
        _ = profile.applicationIdentifierMatches(team: profile.teamIdentifier ?? "", bundleIdentifier: "com.example.app")
        _ = profile.isExpired(at: Date(timeIntervalSince1970: 1_800_000_000))
        // The certificates the profile lists, with their expiry dates (UTCTime or GeneralizedTime).
        for der in profile.developerCertificates {
            guard let certificate = try? X509Certificate(der: der) else { continue }
            _ = (certificate.subject.commonName, certificate.serialNumber, certificate.isExpired(at: Date(timeIntervalSince1970: 1_800_000_000)))
        }
        return .read
    }

    private static func activationRule(_ bytes: [UInt8]) -> Outcome {
        let rule: PlistValue
        if bytes.starts(with: "bplist".utf8) || bytes.starts(with: "<?xml".utf8) || bytes.starts(with: "<plist".utf8) {
            guard let document = try? PropertyListParser.parse(bytes, file: "Info.plist") else { return .refused }
            rule = document.root
        } else {
            rule = .string(String(decoding: bytes, as: UTF8.self))
        }
        let analysis = ActivationRuleAnalysis(rule: rule, types: .shipped)
        for observation in analysis.observations {
            _ = String(describing: observation)
        }
        for accepted in analysis.accepts {
            _ = accepted.description
        }
        return analysis.problems.isEmpty ? .read : .refused
    }

    /// The loader insists that a file is named after its rule's id, so the input is named after its
    /// first `id:` line: the fuzzer then reaches past that check without guessing a file name.
    private static func ruleFile(_ text: String) -> Outcome {
        var id = "fuzz"
        for line in text.split(separator: "\n") where line.hasPrefix("id:") {
            id = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            break
        }
        guard let rule = try? RuleLoader.load(text: text, file: "Rules/\(id).yml", isBuiltIn: false) else { return .refused }
        _ = (rule.id, rule.title, rule.examples.count)
        return .read
    }

    /// Every element and image touched, every size asked for; with `nested`, each dark variant's
    /// data (an icns file of its own) read the same way, one level down.
    private static func icns(_ bytes: [UInt8], nested: Bool) -> Outcome {
        guard let file = try? ICNSFile.read(bytes) else { return .refused }
        for element in file.elements {
            _ = (element.type, element.kind, element.image?.pixels, element.image?.matchesItsType)
            precondition(element.length >= 8 && element.offset + element.length <= file.declaredLength, "\(element.type) lies outside the file")
            if nested, element.type == ICNSElement.darkVariantType {
                _ = icns(Array(bytes[(element.offset + 8)..<(element.offset + element.length)]), nested: false)
            }
        }
        for points in [16, 32, 64, 128, 256, 512] {
            _ = (file.holds(points: points, scale: 1), file.holds(points: points, scale: 2))
        }
        return .read
    }

    /// What the pbzx harness decodes of one input at most: xz turns a few bytes into megabytes.
    public static let pbzxOutputLimit: UInt64 = 8 << 20

    private static func pbzx(_ bytes: [UInt8]) -> Outcome {
        let whole = pbzxReadOutcome(bytes, pieceSize: .max, readSizes: [65_536])
        let pieces = pbzxReadOutcome(bytes, pieceSize: 7, readSizes: [1, 4_096, 100, 70_000])
        // Which error may differ: liblzma decodes a match whole into its window before handing
        // out as much as there is room for, so with more input at hand it may reach damage past
        // the declared size before the byte that goes past it is out.
        let refused = whole.hasPrefix("error")
        precondition(refused ? pieces.hasPrefix("error") : whole == pieces, "read whole: \(whole)\nread in pieces: \(pieces)")
        return refused ? .refused : .read
    }

    /// A payload decoded with the source handing out `pieceSize` bytes at a time and each read
    /// asking for the next of `readSizes`: the count and an FNV-1a hash of the bytes, or the
    /// error (the bytes read before an error depend on the reads).
    package static func pbzxReadOutcome(_ bytes: [UInt8], pieceSize: Int, readSizes: [Int]) -> String {
        let decoder = PBZXDecoder(bytes: bytes, pieceSize: pieceSize, maximumOutput: pbzxOutputLimit)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSizes.max() ?? 1, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var step = 0
        do {
            while true {
                let count = try decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<readSizes[step % readSizes.count]]))
                if count == 0 { return "\(total) bytes, hash \(hash)" }
                for byte in buffer[..<count] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                total += count
                step += 1
            }
        } catch {
            return "error: \(error)"
        }
    }

    /// What the lzfse harness decodes of one input at most: an LZVN byte can become 271.
    public static let lzfseOutputLimit = 8 << 20
    /// The first byte of the lzfse harness's raw LZVN inputs (no LZFSE stream starts with it).
    public static let lzvnMarker: UInt8 = 0x00

    private static func lzfse(_ bytes: [UInt8]) -> Outcome {
        let limits = LZFSELimits(maxOutput: lzfseOutputLimit)
        var appended: [UInt8] = [0xA5]
        let length = try? LZFSEDecoder.decode(bytes[...], appendingTo: &appended, limits: limits)
        guard let whole = try? LZFSEDecoder.decode(bytes[...], limits: limits) else {
            precondition(length == nil && appended == [0xA5], "refused whole, but decoded appended")
            return .refused
        }
        precondition(whole.count <= lzfseOutputLimit, "\(whole.count) bytes decoded, past the cap")
        guard let length else { preconditionFailure("decoded whole, but refused appended") }
        precondition(appended.first == 0xA5 && appended.dropFirst().elementsEqual(whole), "appended differs from whole")
        precondition(length > 0 && length <= bytes.count, "a stream of \(length) bytes in an input of \(bytes.count)")
        precondition((try? LZFSEDecoder.decode(bytes[..<length], limits: limits)) == whole, "the stream cut at its end decodes differently")
        let shifted = [0x5A] + bytes
        precondition((try? LZFSEDecoder.decode(shifted[1...], limits: limits)) == whole, "the stream in a slice decodes differently")
        return .read
    }

    private static func lzvn(_ bytes: [UInt8]) -> Outcome {
        guard bytes.count >= 5 else { return .refused }
        let count = bytes[1..<5].reversed().reduce(0) { $0 << 8 | Int($1) } % (lzfseOutputLimit + 1)
        guard let output = try? LZVNDecoder.decode(bytes[5...], outputCount: count) else { return .refused }
        precondition(output.count == count, "\(output.count) bytes decoded of \(count)")
        return .read
    }

    /// The caps the json harness reads each input with a second time: low enough that the
    /// example reports (11 levels, 344 to 504 values, strings up to 535 bytes) cross them, and
    /// the edge seeds' 30-digit number the number cap.
    package static let jsonSmallLimits = JSONLimits(maxBytes: 128 << 10, maxDepth: 8, maxValues: 200, maxStringBytes: 48, maxNumberLength: 20)
    /// Inputs the json harness writes back pretty too: indentation grows with depth × values,
    /// which a large input could make megabytes of.
    package static let jsonPrettyLimit = 32 << 10

    private static func json(_ bytes: [UInt8]) -> Outcome {
        let read = Result { () throws(JSONParseError) in try JSONParser().parse(bytes) }
        let readSmall = Result { () throws(JSONParseError) in try JSONParser(limits: jsonSmallLimits).parse(bytes) }
        switch readSmall {
        case .failure(let small) where small.reason.isCap:
            // Past a small cap: the default caps read on, and can only stop further in.
            if case .failure(let error) = read {
                precondition(error.offset >= small.offset, "refused at \(error) before the small cap's \(small)")
            }
        default:
            precondition(read == readSmall, "the default caps give \(read), the small ones \(readSmall)")
        }
        switch read {
        case .failure(let error):
            precondition(error.offset >= 0 && error.offset <= bytes.count, "\(error) is outside the \(bytes.count) bytes")
            precondition(error.line >= 1 && error.column >= 1 && error.line + error.column <= error.offset + 2, "\(error) is not at offset \(error.offset)")
            _ = error.description
            return .refused
        case .success(let value):
            let styles: [JSONWriter.Style] = bytes.count <= jsonPrettyLimit ? [.compact, .pretty] : [.compact]
            for style in styles {
                let text = JSONWriter(style: style).string(from: value)
                let again = try? JSONParser().parse(text)
                precondition(again == value, "written \(style), it reads back as \(String(describing: again))")
                precondition(
                    again.map { JSONWriter(style: style).string(from: $0).utf8.elementsEqual(text.utf8) } == true, "rewritten \(style), the bytes differ")
            }
            return .read
        }
    }

    /// Refused when the store does not open or, for an installer `Bom` (one with `Paths`), when its
    /// paths do not decode; a tree of another variable that does not walk is that tree's failure,
    /// not the input's, so an asset catalogue with one bad tree still has the others walked.
    private static func bom(_ bytes: [UInt8]) -> Outcome {
        guard let store = try? BOMStore(bytes: bytes) else { return .refused }
        var trees = store.variables.all.map(\.block)
        if let vindex = try? store.variable("VIndex"), let tree = try? vindex.uint32(at: 4) { trees.append(tree) }
        for block in trees {
            guard let header = try? store.block(block), header.bytes.starts(with: "tree".utf8), let tree = try? BOMTree.read(store, block: block) else {
                continue
            }
            try? tree.forEachEntry(in: store) { entry throws(BOMError) in
                _ = (try? store.block(entry.value))?.count
                if tree.flag == 0 { _ = (try? store.block(entry.key))?.count }
            }
        }
        if let info = store.variables["BomInfo"] { _ = try? BOMInfo.read(store, block: info) }
        guard store.variables["Paths"] != nil else { return .read }
        guard let paths = try? BOMPaths.read(store) else { return .refused }
        for entry in paths.entries {
            precondition(!entry.path.isEmpty && entry.path.utf8.count <= store.limits.maxPathLength, "path \(entry.pathID) breaks the length cap")
        }
        return .read
    }

    private static func zip(_ path: String) -> Outcome {
        guard let container = try? PackageOpener.open(path: path) else { return .refused }
        _ = (container.byteCount, container.folders.count, container.duplicateNames.count, container.symbolicLinks.count)
        for entry in container.files.prefix(maximumEntriesRead) {
            _ = try? container.read(entry.path, limit: 1 << 20)
            var streamed = 0
            try? container.stream(entry.path, chunkSize: 4096) { chunk in
                streamed += chunk.count
                return streamed < 1 << 20
            }
            if let reader = try? container.openEntry(entry.path) {
                _ = try? reader.read(upTo: 64)
                try? reader.skip(4096)
                _ = try? reader.read(upTo: 64)
            }
        }
        // Deflated entries are inflated by ISA-L, alone and by workers sharing the handle: what
        // they read must be what libzip (zlib) reads as far as two inflaters can agree
        // (`agreesWithLibzip`), and alone and shared must read the same, or a report would
        // depend on `--jobs`.
        if let shared = SharedZipArchive(sharing: container) {
            for entry in container.files.prefix(maximumEntriesRead) {
                let libzip = entryReading { try shared.readerInflatedByLibzip(entry.path) }
                let alone = entryReading { try container.openEntry(entry.path) }
                precondition(
                    alone.agreesWithLibzip(libzip, zlibRefusesAnIncompleteCode: shared.zlibRefusesForAnIncompleteCode(entry.path)),
                    "\(entry.path) reads differently from libzip's"
                )
                precondition(alone == entryReading { try shared.openEntry(entry.path) }, "\(entry.path) reads differently through a shared handle")
                // A whole read past a cap names the size where it stopped.
                func whole(_ from: any PackageContainer) -> String {
                    do { return "\(try from.read(entry.path, limit: 100_000).count) bytes" } catch { return "\(error)" }
                }
                precondition(whole(container) == whole(shared), "\(entry.path) reads whole differently through a shared handle")
            }
        }
        return .read
    }

    /// An entry read as `entryReadOutcome` reads it, kept: the count each read returned, the
    /// bytes, and the error's description if one came.
    package struct EntryReading: Equatable {
        package var counts: [Int] = []
        package var bytes: [UInt8] = []
        package var error: String?

        /// Whether ISA-L's reading agrees with libzip's as far as two inflaters can: the same
        /// when libzip reads the entry without error; when libzip fails, the same error after
        /// libzip's bytes and maybe more. zlib refuses streams ISA-L decodes: a block whose
        /// Huffman code is incomplete ("invalid distances set", found twice by this harness).
        /// Where the block's data is damaged too, ISA-L hands out what it decodes to until the
        /// entry's CRC-32 or size fails at its end, and then libzip, reading again, gives its
        /// error; where it is not, ISA-L reads the entry whole, its CRC-32 and size checked at
        /// the end (or up to the harness's read cap), which `zlibRefusesAnIncompleteCode` allows.
        package func agreesWithLibzip(_ libzip: EntryReading, zlibRefusesAnIncompleteCode: @autoclosure () -> Bool = false) -> Bool {
            guard let failure = libzip.error else { return self == libzip }
            if error == failure && bytes.starts(with: libzip.bytes) { return true }
            let readWhole = counts.last == 0 || bytes.count >= 1 << 20
            return error == nil && readWhole && bytes.starts(with: libzip.bytes) && zlibRefusesAnIncompleteCode()
        }
    }

    /// Reads as `entryReadOutcome` does, keeping what it read.
    package static func entryReading(_ open: () throws -> any EntryReader) -> EntryReading {
        var reading = EntryReading()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 300_000, alignment: 16)
        defer { buffer.deallocate() }
        do {
            let reader = try open()
            var step = 0
            while reading.bytes.count < 1 << 20 {
                if step == 1 { try reader.skip(5_000) }
                let count = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<readSizes[step % readSizes.count]]))
                reading.counts.append(count)
                reading.bytes += buffer[..<count]
                if count == 0 { break }
                step += 1
            }
        } catch {
            reading.error = "\(error)"
        }
        return reading
    }

    /// The sizes of `entryReadOutcome`'s reads, in turn.
    private static let readSizes = [1_000, 65_536, 7, 300_000, 4_096]

    /// An entry read as the Mach-O reader reads one (reads of several sizes, skips), up to
    /// 1 MiB: the count each read returned and an FNV-1a hash of the bytes, then the error's
    /// description if one came.
    package static func entryReadOutcome(_ open: () throws -> any EntryReader) -> String {
        var counts: [Int] = []
        var total = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 300_000, alignment: 16)
        defer { buffer.deallocate() }
        do {
            let reader = try open()
            var step = 0
            while total < 1 << 20 {
                if step == 1 { try reader.skip(5_000) }
                let count = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<readSizes[step % readSizes.count]]))
                counts.append(count)
                total += count
                for byte in buffer[..<count] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                if count == 0 { break }
                step += 1
            }
            return "\(counts), hash \(hash)"
        } catch {
            return "\(counts), hash \(hash), then \(error)"
        }
    }

    /// Built once: the shipped catalogue lives as long as the process (Fuzz/lsan.supp says so to
    /// LeakSanitizer). One per way a package can be judged: as its kind implies (an IPA as an App
    /// Store build), then for each distribution.
    private static let inspectors = ([nil] + Distribution.allCases).map { distribution in
        PackageInspector(
            rules: RuleCatalogue.shipped.rules,
            settings: InspectionSettings(distribution: distribution, now: Date(timeIntervalSince1970: 1_780_272_000), verifiesResources: true)
        )
    }

    /// Replaces the contents of the file at `path` with `bytes`.
    private static func writing(_ bytes: [UInt8], to path: String) -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot write the fuzz input to \(path)")
        defer { close(descriptor) }
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                precondition(count > 0, "cannot write the fuzz input to \(path)")
                written += count
            }
        }
        return path
    }

    /// Reads every value of a parsed property list, with a stack of its own (a deep document
    /// cannot exhaust the harness's), so that a value built wrongly is touched, not just returned.
    private static func visitEveryValue(_ root: PlistValue) {
        var pending = [root]
        var characters = 0
        while let value = pending.popLast() {
            switch value {
            case .array(let items):
                pending += items
            case .dictionary(let dictionary):
                for entry in dictionary.entries {
                    characters += entry.key.utf8.count
                    pending.append(entry.value)
                }
            case .string(let text):
                characters += text.utf8.count
            default:
                break
            }
        }
        _ = characters
    }
}

/// Keeps every string the Mach-O pass offers, so the evidence collector runs over all it finds.
private struct KeepEveryString: BinaryEvidenceFilter {
    func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool { true }
}
