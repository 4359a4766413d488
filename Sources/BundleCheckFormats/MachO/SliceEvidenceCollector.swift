/// Gathers one slice's binary evidence from the ranges the forward pass reads,
/// asking the filter about every candidate and keeping only what it wants,
/// without duplicates, in the order the pass met them.
struct SliceEvidenceCollector {
    /// How much of a streamed range is held at a time.
    static let chunkSize = 64 << 10

    let filter: any BinaryEvidenceFilter
    let architecture: String
    let is64Bit: Bool
    /// Strings and names longer than this are skipped (`MachOLimits.maxStringBytes`): no
    /// check matches them, and the cap keeps one string from growing without bound.
    let maxStringBytes: Int
    private(set) var evidence: [BinaryEvidence] = []
    private var seen: Set<BinaryEvidence> = []
    /// The undefined symbols' name offsets, sorted and unique, once the symbol table is read.
    private var undefinedNameOffsets: [UInt32]?
    /// When the string table comes before the symbol table, the names the filter
    /// wants, by offset, waiting for the symbol table to say which are imports.
    private var wantedNamesByOffset: [UInt32: String] = [:]
    private var stringTableRead = false

    init(filter: any BinaryEvidenceFilter, architecture: String, is64Bit: Bool, maxStringBytes: Int = MachOLimits.standard.maxStringBytes) {
        self.filter = filter
        self.architecture = architecture
        self.is64Bit = is64Bit
        self.maxStringBytes = maxStringBytes
    }

    /// Reads `request` (one of the evidence purposes) from `pass`.
    mutating func read(_ request: ByteRangeRequest, from pass: ForwardPass) throws {
        switch request.purpose {
        case .codeSignature:
            return
        case .cStringSection(let kind):
            var scanner = CStringScanner(maximumLength: maxStringBytes)
            try pass.stream(request, chunkSize: Self.chunkSize) { chunk in
                try scanner.feed(chunk) { _, bytes in keep(kind, bytes) }
            }
            try scanner.finish { _, bytes in keep(kind, bytes) }
        case .symbolTable(let stringTableSize):
            var scanner = SymbolTableScanner(is64Bit: is64Bit, stringTableSize: stringTableSize)
            try pass.stream(request, chunkSize: Self.chunkSize) { try scanner.feed($0) }
            let offsets = Array(Set(scanner.undefinedNameOffsets)).sorted()
            undefinedNameOffsets = offsets
            if stringTableRead {
                for offset in offsets {
                    if let name = wantedNamesByOffset[offset] { keep(.symbol, name) }
                }
                wantedNamesByOffset = [:]
            }
        case .stringTable:
            try readStringTable(request, from: pass)
        case .bindOpcodes:
            try BindOpcodeParser.names(try pass.capture(request), maximumNameLength: maxStringBytes) { name in
                keep(.symbol, name)
            }
        case .chainedFixups:
            try ChainedFixupsParser.names(try pass.capture(request), maximumNameLength: maxStringBytes) { name in
                keep(.symbol, name)
            }
        }
    }

    private mutating func readStringTable(_ request: ByteRangeRequest, from pass: ForwardPass) throws {
        stringTableRead = true
        var scanner = CStringScanner(maximumLength: maxStringBytes)
        if let offsets = undefinedNameOffsets {
            // An offset may point into the middle of a longer string (a linker that
            // shares suffixes): the name is then that string's tail.
            var next = 0
            func handler(_ start: UInt64, _ bytes: ArraySlice<UInt8>) {
                while next < offsets.count, UInt64(offsets[next]) < start { next += 1 }
                while next < offsets.count, UInt64(offsets[next]) <= start + UInt64(bytes.count) {
                    keep(.symbol, bytes.dropFirst(Int(UInt64(offsets[next]) - start)))
                    next += 1
                }
            }
            try pass.stream(request, chunkSize: Self.chunkSize) { try scanner.feed($0, handler) }
            try scanner.finish(handler)
        } else {
            func handler(_ start: UInt64, _ bytes: ArraySlice<UInt8>) {
                guard filter.mightWant(.symbol, utf8: bytes), let name = String(validating: bytes, as: UTF8.self), !name.isEmpty,
                    filter.wants(.symbol, name)
                else { return }
                wantedNamesByOffset[UInt32(truncatingIfNeeded: start)] = name
            }
            try pass.stream(request, chunkSize: Self.chunkSize) { try scanner.feed($0, handler) }
            try scanner.finish(handler)
        }
    }

    private mutating func keep(_ kind: BinaryEvidenceKind, _ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty, filter.mightWant(kind, utf8: bytes), let value = String(validating: bytes, as: UTF8.self) else { return }
        keep(kind, value)
    }

    private mutating func keep(_ kind: BinaryEvidenceKind, _ value: String) {
        guard !value.isEmpty, filter.wants(kind, value) else { return }
        let item = BinaryEvidence(kind: kind, value: value, architecture: architecture)
        if seen.insert(item).inserted { evidence.append(item) }
    }
}
