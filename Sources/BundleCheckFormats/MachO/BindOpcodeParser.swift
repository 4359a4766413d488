/// Reads the symbol names out of a dyld bind-opcode stream (`LC_DYLD_INFO(_ONLY)`'s
/// bind, weak-bind and lazy-bind streams; `<mach-o/loader.h>`, `BIND_OPCODE_*`).
///
/// Only `BIND_OPCODE_SET_SYMBOL_TRAILING_FLAGS_IMM` carries a name; every other
/// opcode is stepped over with its operands. `DONE` separates lazy-bind entries, so
/// the whole stream is read; the zero padding at its end reads as more `DONE`s.
enum BindOpcodeParser {
    static let opcodeMask: UInt8 = 0xF0
    static let immediateMask: UInt8 = 0x0F

    /// Calls `handler` with each symbol name, in stream order; names longer than
    /// `maximumNameLength` are skipped.
    static func names(_ bytes: [UInt8], maximumNameLength: Int, _ handler: (String) throws -> Void) throws {
        var index = 0
        func skipLEB128() throws(MachOError) {
            var length = 0
            while true {
                guard index < bytes.count else { throw malformed("a number runs past the end of the stream") }
                let byte = bytes[index]
                index += 1
                length += 1
                guard length <= 10 else { throw malformed("a number longer than 10 bytes at offset \(index)") }
                if byte & 0x80 == 0 { return }
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte & opcodeMask {
            case 0x00, 0x10, 0x30, 0x50, 0x90, 0xB0:
                // DONE, SET_DYLIB_ORDINAL_IMM, SET_DYLIB_SPECIAL_IMM, SET_TYPE_IMM,
                // DO_BIND, DO_BIND_ADD_ADDR_IMM_SCALED: the operand is the immediate.
                break
            case 0x20, 0x60, 0x70, 0x80, 0xA0:
                // SET_DYLIB_ORDINAL_ULEB, SET_ADDEND_SLEB, SET_SEGMENT_AND_OFFSET_ULEB,
                // ADD_ADDR_ULEB, DO_BIND_ADD_ADDR_ULEB.
                try skipLEB128()
            case 0xC0:
                // DO_BIND_ULEB_TIMES_SKIPPING_ULEB: count, then skip.
                try skipLEB128()
                try skipLEB128()
            case 0xD0:
                // THREADED: SET_BIND_ORDINAL_TABLE_SIZE_ULEB (0) or APPLY (1).
                switch byte & immediateMask {
                case 0x00: try skipLEB128()
                case 0x01: break
                default: throw malformed("unknown threaded sub-opcode \(byte & immediateMask) at offset \(index - 1)")
                }
            case 0x40:
                guard let terminator = bytes[index...].firstIndex(of: 0) else {
                    throw malformed("a symbol name runs past the end of the stream")
                }
                if terminator - index <= maximumNameLength,
                    let name = String(validating: bytes[index..<terminator], as: UTF8.self),
                    !name.isEmpty
                {
                    try handler(name)
                }
                index = terminator + 1
            default:
                throw malformed("unknown opcode 0x\(String(byte, radix: 16)) at offset \(index - 1)")
            }
        }
    }

    private static func malformed(_ reason: String) -> MachOError {
        MachOError.malformedBindInfo(reason: reason)
    }
}
