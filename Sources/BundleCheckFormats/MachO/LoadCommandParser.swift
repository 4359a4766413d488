/// Walks the load commands of one slice, checking every size and offset, and
/// collects what the checks need plus the byte ranges to read afterwards.
enum LoadCommandParser {
    /// Parses `commands` (the `sizeofcmds` bytes after the header) of the slice at
    /// `sliceOffset` in the file, `sliceSize` bytes long. With `collectsEvidence`, it
    /// also requests the sections and tables that binary evidence comes from. Ranges
    /// are bound by `limits`' `maxCodeSignatureBytes` and `maxWholeRangeBytes`.
    static func parse(
        header: MachOHeader,
        commands: [UInt8],
        sliceOffset: UInt64,
        sliceSize: UInt64,
        collectsEvidence: Bool = false,
        limits: MachOLimits = .standard
    ) throws(MachOError) -> ParsedLoadCommands {
        var slice = MachOSlice(
            architecture: MachOArchitectureName.name(cpuType: header.cpuType, cpuSubtype: header.cpuSubtype),
            cpuType: header.cpuType,
            cpuSubtype: header.cpuSubtype,
            is64Bit: header.is64Bit,
            fileType: MachOFileType(rawValue: header.fileType),
            offset: sliceOffset,
            size: sliceSize
        )
        var requests: [ByteRangeRequest] = []
        var evidence = EvidenceRequests(header: header, sliceOffset: sliceOffset, sliceSize: sliceSize, maxWholeRangeBytes: limits.maxWholeRangeBytes)
        var symbolTableSeen = false
        var versionMinSeen = false
        let view = ByteView(commands)
        let alignment = header.is64Bit ? 8 : 4
        var offset = 0
        for index in 0..<Int(header.commandCount) {
            func malformed(_ reason: String) -> MachOError {
                MachOError.malformedLoadCommand(index: index, reason: reason)
            }
            guard let command = view.uint32LE(at: offset), let size32 = view.uint32LE(at: offset + 4) else {
                throw malformed("starts past the end of the load commands")
            }
            let size = Int(size32)
            guard size >= 8 else { throw malformed("cmdsize \(size) is less than 8") }
            guard size % alignment == 0 else { throw malformed("cmdsize \(size) is not a multiple of \(alignment)") }
            guard size <= commands.count - offset else { throw malformed("cmdsize \(size) runs past sizeofcmds") }
            let body = ByteView(Array(commands[offset..<(offset + size)]))
            func field(_ at: Int) throws(MachOError) -> UInt32 {
                guard let value = body.uint32LE(at: at) else { throw malformed("cmdsize \(size) is too small for its fields") }
                return value
            }

            switch command {
            case LoadCommandType.segment, LoadCommandType.segment64:
                guard body.count >= (command == LoadCommandType.segment64 ? 72 : 56),
                    let name = body.fixedName(at: 8, length: 16)
                else { throw malformed("segment command too small or its name is not utf-8") }
                slice.segmentNames.append(name)
                if name == "__TEXT" {
                    let total = try textSectionsSize(of: body, is64Bit: command == LoadCommandType.segment64, malformed: malformed)
                    slice.textSectionsSize = (slice.textSectionsSize ?? 0).saturatingAdd(total)
                }
                if collectsEvidence {
                    try evidence.addSections(of: body, is64Bit: command == LoadCommandType.segment64, segmentName: name, malformed: malformed)
                }
            case LoadCommandType.symbolTable where collectsEvidence:
                guard !symbolTableSeen else { throw malformed("a second LC_SYMTAB") }
                symbolTableSeen = true
                try evidence.addSymbolTable(
                    symbolOffset: try field(8),
                    symbolCount: try field(12),
                    stringOffset: try field(16),
                    stringSize: try field(20)
                )
            case LoadCommandType.dyldInfo where collectsEvidence, LoadCommandType.dyldInfoOnly where collectsEvidence:
                // bind, weak bind, lazy bind: (offset, size) pairs after rebase's.
                for fieldOffset in [16, 24, 32] {
                    try evidence.addWhole(offset: try field(fieldOffset), size: try field(fieldOffset + 4), purpose: .bindOpcodes)
                }
            case LoadCommandType.dyldChainedFixups where collectsEvidence:
                try evidence.addWhole(offset: try field(8), size: try field(12), purpose: .chainedFixups)
            case LoadCommandType.buildVersion:
                let platform = try field(8), minimum = try field(12), sdk = try field(16)
                if slice.platform == nil || versionMinSeen {
                    // LC_BUILD_VERSION is the newer and more precise statement: it wins.
                    slice.platform = MachOPlatform(rawValue: platform)
                    slice.minimumOS = MachOVersion(encoded: minimum)
                    slice.sdk = MachOVersion(encoded: sdk)
                    versionMinSeen = false
                }
            case let other where LoadCommandType.versionMinPlatform(other) != nil:
                let version = try field(8), sdk = try field(12)
                if slice.platform == nil {
                    slice.platform = LoadCommandType.versionMinPlatform(other)
                    slice.minimumOS = MachOVersion(encoded: version)
                    slice.sdk = MachOVersion(encoded: sdk)
                    versionMinSeen = true
                }
            case LoadCommandType.uuid:
                // `uuid_command`: cmd, cmdsize, 16 bytes. The first is the slice's, as dyld reads it.
                guard size >= 24, let uuid = body.subrange(at: 8, count: 16).flatMap(MachOUUID.init(bytes:)) else {
                    throw malformed("LC_UUID of cmdsize \(size) is too small for its 16 bytes")
                }
                if slice.uuid == nil { slice.uuid = uuid }
            case LoadCommandType.encryptionInfo, LoadCommandType.encryptionInfo64:
                let info = EncryptionInfo(cryptOffset: try field(8), cryptSize: try field(12), cryptID: try field(16))
                if slice.encryption == nil { slice.encryption = info }
            case LoadCommandType.idDylib:
                // `dylib_command` of the library itself: its current_version at 16, packed as X.Y.Z.
                // Only the SBOM asks for it: a command too short to hold it is passed over, as before.
                if size >= 24, slice.dylibVersion == nil { slice.dylibVersion = MachOVersion(encoded: try field(16)) }
            case let other where LoadCommandType.dylibKind(other) != nil:
                let nameOffset = Int(try field(8))
                guard size >= 24, nameOffset >= 24, nameOffset < size,
                    let path = body.cString(at: nameOffset, end: size, requiringTerminator: false)
                else { throw malformed("dylib name offset \(nameOffset) lies outside the command or the name is not utf-8") }
                slice.linkedDylibs.append(LinkedDylib(path: path, kind: LoadCommandType.dylibKind(other)!))
            case LoadCommandType.codeSignature:
                guard slice.codeSignature == nil else { throw malformed("a second LC_CODE_SIGNATURE") }
                let dataOffset = try field(8), dataSize = try field(12)
                let request = try signatureRequest(
                    dataOffset: dataOffset,
                    dataSize: dataSize,
                    header: header,
                    sliceOffset: sliceOffset,
                    sliceSize: sliceSize,
                    maxBytes: limits.maxCodeSignatureBytes
                )
                slice.codeSignature = CodeSignature(dataOffset: dataOffset, dataSize: dataSize, isTooLargeToRead: request == nil)
                if let request { requests.append(request) }
            default:
                break
            }
            offset += size
        }
        if collectsEvidence {
            requests += evidence.requests(outside: slice.encryption)
        }
        return ParsedLoadCommands(slice: slice, requests: requests)
    }

    /// The sizes of a `__TEXT` segment's sections added up (what Apple's executable size limits
    /// count); saturating, since a hostile file may claim any size.
    private static func textSectionsSize(of body: ByteView, is64Bit: Bool, malformed: (String) -> MachOError) throws(MachOError) -> UInt64 {
        let sections = try SectionHeaders(of: body, is64Bit: is64Bit, malformed: malformed)
        return sections.offsets.reduce(UInt64(0)) { $0.saturatingAdd(sections.size(at: $1)) }
    }

    /// The range of the signature data, checked to lie after the load commands and
    /// inside the slice; nil when it is larger than `maxBytes`, the most the reader reads.
    private static func signatureRequest(
        dataOffset: UInt32,
        dataSize: UInt32,
        header: MachOHeader,
        sliceOffset: UInt64,
        sliceSize: UInt64,
        maxBytes: Int
    ) throws(MachOError) -> ByteRangeRequest? {
        let start = UInt64(dataOffset), length = UInt64(dataSize)
        let commandsEnd = UInt64(header.size) + UInt64(header.commandsSize)
        guard start >= commandsEnd, start + length <= sliceSize else {
            throw MachOError.rangeOutOfBounds(part: "code signature", offset: start, size: length, sliceSize: sliceSize)
        }
        guard length <= UInt64(max(maxBytes, 0)) else { return nil }
        return ByteRangeRequest(offset: sliceOffset + start, length: length, purpose: .codeSignature)
    }
}

/// What a slice's load commands say, before the ranges they point at are read.
struct ParsedLoadCommands {
    /// The slice with every header and load-command field filled in; its `codeSignature`
    /// holds only the location (or `isTooLargeToRead`) until the signature data is parsed.
    var slice: MachOSlice
    /// Ranges of the file to read in the same pass, in no particular order.
    var requests: [ByteRangeRequest]
}

/// The load-command numbers the reader looks at (`<mach-o/loader.h>`).
enum LoadCommandType {
    /// Set on commands dyld must understand; part of some numbers below.
    static let requiredByDyld: UInt32 = 0x8000_0000

    static let segment: UInt32 = 0x1
    static let symbolTable: UInt32 = 0x2
    static let loadDylib: UInt32 = 0xC
    static let idDylib: UInt32 = 0xD
    static let uuid: UInt32 = 0x1B
    static let codeSignature: UInt32 = 0x1D
    static let segment64: UInt32 = 0x19
    static let lazyLoadDylib: UInt32 = 0x20
    static let encryptionInfo: UInt32 = 0x21
    static let versionMinMacOSX: UInt32 = 0x24
    static let versionMinIPhoneOS: UInt32 = 0x25
    static let encryptionInfo64: UInt32 = 0x2C
    static let versionMinTVOS: UInt32 = 0x2F
    static let versionMinWatchOS: UInt32 = 0x30
    static let dyldInfo: UInt32 = 0x22
    static let buildVersion: UInt32 = 0x32
    static let dyldInfoOnly: UInt32 = 0x22 | requiredByDyld
    static let dyldChainedFixups: UInt32 = 0x34 | requiredByDyld
    static let loadWeakDylib: UInt32 = 0x18 | requiredByDyld
    static let reexportDylib: UInt32 = 0x1F | requiredByDyld
    static let loadUpwardDylib: UInt32 = 0x23 | requiredByDyld

    /// The dylib-linking commands and the kind each stands for.
    static func dylibKind(_ command: UInt32) -> LinkedDylibKind? {
        switch command {
        case loadDylib: .load
        case loadWeakDylib: .weak
        case reexportDylib: .reexport
        case lazyLoadDylib: .lazy
        case loadUpwardDylib: .upward
        default: nil
        }
    }

    /// The platform an `LC_VERSION_MIN_*` command implies.
    static func versionMinPlatform(_ command: UInt32) -> MachOPlatform? {
        switch command {
        case versionMinMacOSX: .macOS
        case versionMinIPhoneOS: .iOS
        case versionMinTVOS: .tvOS
        case versionMinWatchOS: .watchOS
        default: nil
        }
    }
}

/// Names a CPU type and subtype the way Apple's tools do (`arm64`, `armv7`, `x86_64`).
enum MachOArchitectureName {
    static let cpuTypeX86: Int32 = 7
    static let cpuTypeX86_64: Int32 = 0x0100_0007
    static let cpuTypeARM: Int32 = 12
    static let cpuTypeARM64: Int32 = 0x0100_000C
    static let cpuTypeARM64_32: Int32 = 0x0200_000C
    /// The high byte of a subtype holds capability bits (e.g. arm64e's pointer-auth ABI version).
    static let capabilityMask: UInt32 = 0xff00_0000

    static func name(cpuType: Int32, cpuSubtype: Int32) -> String {
        let subtype = UInt32(bitPattern: cpuSubtype) & ~capabilityMask
        switch (cpuType, subtype) {
        case (cpuTypeARM, 9): return "armv7"
        case (cpuTypeARM, 11): return "armv7s"
        case (cpuTypeARM, 12): return "armv7k"
        case (cpuTypeARM64, 0), (cpuTypeARM64, 1): return "arm64"
        case (cpuTypeARM64, 2): return "arm64e"
        case (cpuTypeARM64_32, _): return "arm64_32"
        case (cpuTypeX86_64, 3): return "x86_64"
        case (cpuTypeX86_64, 8): return "x86_64h"
        case (cpuTypeX86, 3): return "i386"
        default: return "cpu(\(cpuType),\(subtype))"
        }
    }
}
