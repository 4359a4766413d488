/// A range of the file that a slice's load commands point at and a check needs.
struct ByteRangeRequest: Sendable, Hashable {
    /// From the start of the file (the slice's offset already added).
    var offset: UInt64
    var length: UInt64
    var purpose: ByteRangePurpose
}

/// Why the Mach-O reader wants a byte range of a slice, and so how the forward
/// pass reads it: captured whole (capped) or streamed chunk by chunk, so that a
/// large section or table costs one chunk of memory plus what is kept from it.
enum ByteRangePurpose: Sendable, Hashable {
    /// The `LC_CODE_SIGNATURE` data: a SuperBlob, captured whole (it is capped).
    case codeSignature
    /// A section of NUL-terminated strings (`__cstring`, `__objc_classname`,
    /// `__objc_methname`), streamed; each string is evidence of `kind`.
    case cStringSection(BinaryEvidenceKind)
    /// `LC_SYMTAB`'s `nlist` entries, streamed; the undefined external ones' name
    /// offsets are kept. `stringTableSize` bounds those offsets.
    case symbolTable(stringTableSize: UInt32)
    /// `LC_SYMTAB`'s string table, streamed; names of the kept offsets are resolved.
    case stringTable
    /// One of `LC_DYLD_INFO(_ONLY)`'s bind, weak-bind or lazy-bind opcode streams, captured whole (capped).
    case bindOpcodes
    /// The `LC_DYLD_CHAINED_FIXUPS` data, captured whole (capped).
    case chainedFixups

    /// Whether the pass hands the range over in chunks rather than whole.
    var isStreamed: Bool {
        switch self {
        case .cStringSection, .symbolTable, .stringTable: true
        case .codeSignature, .bindOpcodes, .chainedFixups: false
        }
    }

    /// How errors name the range: `code signature`.
    var partName: String {
        switch self {
        case .codeSignature: "code signature"
        case .cStringSection(.string): "__cstring section"
        case .cStringSection(.class): "__objc_classname section"
        case .cStringSection(.selector): "__objc_methname section"
        case .cStringSection(.symbol): "symbol section"
        case .symbolTable: "symbol table"
        case .stringTable: "string table"
        case .bindOpcodes: "bind opcodes"
        case .chainedFixups: "chained fixups"
        }
    }
}
