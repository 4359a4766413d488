/// Reads the imported symbol names out of `LC_DYLD_CHAINED_FIXUPS` data: a
/// `dyld_chained_fixups_header`, an imports table and a pool of names
/// (`<mach-o/fixup-chains.h>`). The fixup chains themselves are not needed.
enum ChainedFixupsParser {
    static let headerSize = 28

    /// Calls `handler` with each import's name, in import order; names longer than
    /// `maximumNameLength` are skipped.
    static func names(_ bytes: [UInt8], maximumNameLength: Int, _ handler: (String) throws -> Void) throws {
        let view = ByteView(bytes)
        guard let importsOffset = view.uint32LE(at: 8),
            let symbolsOffset = view.uint32LE(at: 12),
            let importsCount = view.uint32LE(at: 16),
            let importsFormat = view.uint32LE(at: 20),
            let symbolsFormat = view.uint32LE(at: 24)
        else { throw malformed("\(bytes.count) bytes cannot hold the \(headerSize)-byte header") }
        // symbols_format 1 is a zlib-compressed pool, which no linker writes; nothing to read.
        guard symbolsFormat == 0 else { return }
        let importSize: Int
        switch importsFormat {
        case 1: importSize = 4 // DYLD_CHAINED_IMPORT
        case 2: importSize = 8 // DYLD_CHAINED_IMPORT_ADDEND
        case 3: importSize = 16 // DYLD_CHAINED_IMPORT_ADDEND64
        default: throw malformed("unknown imports format \(importsFormat)")
        }
        let importsStart = Int(importsOffset), poolStart = Int(symbolsOffset)
        guard importsStart >= headerSize, importsStart <= bytes.count,
            Int(importsCount) <= (bytes.count - importsStart) / importSize
        else {
            throw malformed("\(importsCount) imports at offset \(importsOffset) do not fit in \(bytes.count) bytes")
        }
        guard poolStart >= headerSize, poolStart <= bytes.count else {
            throw malformed("the symbol pool's offset \(symbolsOffset) lies outside \(bytes.count) bytes")
        }
        for index in 0..<Int(importsCount) {
            let at = importsStart + index * importSize
            let nameOffset: UInt64
            if importsFormat == 3 {
                // lib_ordinal:16, weak_import:1, reserved:15, name_offset:32
                nameOffset = view.uint64LE(at: at)! >> 32
            } else {
                // lib_ordinal:8, weak_import:1, name_offset:23
                nameOffset = UInt64(view.uint32LE(at: at)! >> 9)
            }
            guard nameOffset < UInt64(bytes.count - poolStart) else {
                throw malformed("import \(index)'s name offset \(nameOffset) lies outside the symbol pool")
            }
            let start = poolStart + Int(nameOffset)
            guard let terminator = bytes[start...].firstIndex(of: 0) else {
                throw malformed("import \(index)'s name runs past the end of the data")
            }
            if terminator - start <= maximumNameLength,
                let name = String(validating: bytes[start..<terminator], as: UTF8.self),
                !name.isEmpty
            {
                try handler(name)
            }
        }
    }

    private static func malformed(_ reason: String) -> MachOError {
        MachOError.malformedChainedFixups(reason: reason)
    }
}
