/// Walks the load commands of one slice, checking every size and offset, and
/// collects what the checks need plus the byte ranges to read afterwards.
enum LoadCommandParser {
    /// Parses `commands` (the `sizeofcmds` bytes after the header) of the slice at
    /// `sliceOffset` in the file, `sliceSize` bytes long. With `collectsEvidence`, it
    /// also requests the sections and tables that binary evidence comes from.
    static func parse(
        header: MachOHeader,
        commands: [UInt8],
        sliceOffset: UInt64,
        sliceSize: UInt64,
        collectsEvidence: Bool = false
    ) throws -> ParsedLoadCommands {
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
        var evidence = EvidenceRequests(header: header, sliceOffset: sliceOffset, sliceSize: sliceSize)
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
            func field(_ at: Int) throws -> UInt32 {
                guard let value = body.uint32LE(at: at) else { throw malformed("cmdsize \(size) is too small for its fields") }
                return value
            }

            switch command {
            case LoadCommandType.segment, LoadCommandType.segment64:
                guard body.count >= (command == LoadCommandType.segment64 ? 72 : 56),
                      let name = body.fixedName(at: 8, length: 16)
                else { throw malformed("segment command too small or its name is not utf-8") }
                slice.segmentNames.append(name)
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
            case LoadCommandType.encryptionInfo, LoadCommandType.encryptionInfo64:
                let info = EncryptionInfo(cryptOffset: try field(8), cryptSize: try field(12), cryptID: try field(16))
                if slice.encryption == nil { slice.encryption = info }
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
                    sliceSize: sliceSize
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

    /// The range of the signature data, checked to lie after the load commands and
    /// inside the slice; nil when it is larger than the reader reads.
    private static func signatureRequest(
        dataOffset: UInt32,
        dataSize: UInt32,
        header: MachOHeader,
        sliceOffset: UInt64,
        sliceSize: UInt64
    ) throws -> ByteRangeRequest? {
        let start = UInt64(dataOffset), length = UInt64(dataSize)
        let commandsEnd = UInt64(header.size) + UInt64(header.commandsSize)
        guard start >= commandsEnd, start + length <= sliceSize else {
            throw MachOError.rangeOutOfBounds(part: "code signature", offset: start, size: length, sliceSize: sliceSize)
        }
        guard length <= UInt64(MachOReader.maximumCodeSignatureSize) else { return nil }
        return ByteRangeRequest(offset: sliceOffset + start, length: length, purpose: .codeSignature)
    }
}
