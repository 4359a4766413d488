/// The byte ranges of one slice that binary evidence comes from, collected while
/// `LoadCommandParser` walks the load commands, each checked to lie after the load
/// commands and inside the slice.
struct EvidenceRequests {
    /// The `__TEXT` sections read as C strings, and what their strings are evidence of.
    static let stringSections: [String: BinaryEvidenceKind] = [
        "__cstring": .string,
        "__objc_classname": .class,
        "__objc_methname": .selector,
    ]

    let header: MachOHeader
    let sliceOffset: UInt64
    let sliceSize: UInt64
    /// Bind streams and chained-fixups data are read whole; larger than this is damage
    /// (`MachOLimits.maxWholeRangeBytes`).
    let maxWholeRangeBytes: Int
    private var collected: [ByteRangeRequest] = []
    /// Slice-relative ranges of the string sections, to leave out encrypted ones.
    private var sectionRanges: [(request: ByteRangeRequest, start: UInt64)] = []

    init(header: MachOHeader, sliceOffset: UInt64, sliceSize: UInt64, maxWholeRangeBytes: Int) {
        self.header = header
        self.sliceOffset = sliceOffset
        self.sliceSize = sliceSize
        self.maxWholeRangeBytes = maxWholeRangeBytes
    }

    /// The section headers that follow a segment command's fields.
    mutating func addSections(
        of body: ByteView,
        is64Bit: Bool,
        segmentName: String,
        malformed: (String) -> MachOError
    ) throws(MachOError) {
        let sections = try SectionHeaders(of: body, is64Bit: is64Bit, malformed: malformed)
        guard segmentName == "__TEXT" else { return }
        for header in sections.offsets {
            guard let sectionName = sections.sectionName(at: header),
                let kind = Self.stringSections[sectionName],
                sections.segmentName(at: header) == "__TEXT"
            else { continue }
            let size = sections.size(at: header)
            let offset = sections.fileOffset(at: header)
            // Offset 0 marks a section with no bytes in the file (as in a dSYM's copy of the load commands).
            guard offset != 0 else { continue }
            if let request = try request(offset: offset, size: size, purpose: .cStringSection(kind)) {
                sectionRanges.append((request, offset))
            }
        }
    }

    mutating func addSymbolTable(symbolOffset: UInt32, symbolCount: UInt32, stringOffset: UInt32, stringSize: UInt32) throws(MachOError) {
        let entrySize: UInt64 = header.is64Bit ? 16 : 12
        if let symbols = try request(offset: UInt64(symbolOffset), size: UInt64(symbolCount) * entrySize, purpose: .symbolTable(stringTableSize: stringSize)) {
            collected.append(symbols)
        }
        if let strings = try request(offset: UInt64(stringOffset), size: UInt64(stringSize), purpose: .stringTable) {
            collected.append(strings)
        }
    }

    /// A range captured whole, refused past `maxWholeRangeBytes`.
    mutating func addWhole(offset: UInt32, size: UInt32, purpose: ByteRangePurpose) throws(MachOError) {
        guard UInt64(size) <= UInt64(max(maxWholeRangeBytes, 0)) else {
            throw MachOError.rangeTooLarge(part: purpose.partName, size: UInt64(size), limit: maxWholeRangeBytes)
        }
        if let request = try request(offset: UInt64(offset), size: UInt64(size), purpose: purpose) {
            collected.append(request)
        }
    }

    /// Everything requested, leaving out string sections that lie in an encrypted
    /// range (`cryptid` != 0): their bytes are ciphertext until the device decrypts them.
    func requests(outside encryption: EncryptionInfo?) -> [ByteRangeRequest] {
        var result = collected
        for (request, start) in sectionRanges {
            if let encryption, encryption.cryptID != 0 {
                let cryptStart = UInt64(encryption.cryptOffset), cryptEnd = cryptStart + UInt64(encryption.cryptSize)
                if start < cryptEnd && cryptStart < start + request.length { continue }
            }
            result.append(request)
        }
        return result
    }

    /// nil for an empty range; `rangeOutOfBounds` for one that overlaps the load
    /// commands or runs past the slice.
    private func request(offset: UInt64, size: UInt64, purpose: ByteRangePurpose) throws(MachOError) -> ByteRangeRequest? {
        guard size > 0 else { return nil }
        let commandsEnd = UInt64(header.size) + UInt64(header.commandsSize)
        guard offset >= commandsEnd, size <= sliceSize, offset <= sliceSize - size else {
            throw MachOError.rangeOutOfBounds(part: purpose.partName, offset: offset, size: size, sliceSize: sliceSize)
        }
        return ByteRangeRequest(offset: sliceOffset + offset, length: size, purpose: purpose)
    }
}
