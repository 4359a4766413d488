/// Reads `nlist`/`nlist_64` entries fed chunk by chunk and keeps the string-table
/// offsets of the undefined external ones (the imports); entries cut by a chunk
/// boundary are carried into the next chunk.
struct SymbolTableScanner {
    /// `n_type` masks and values of `<mach-o/nlist.h>`.
    static let debugMask: UInt8 = 0xE0 // N_STAB
    static let typeMask: UInt8 = 0x0E // N_TYPE
    static let undefined: UInt8 = 0x0 // N_UNDF
    static let external: UInt8 = 0x01 // N_EXT

    let entrySize: Int
    /// The string table's size: every offset kept must lie inside it.
    let stringTableSize: UInt32
    /// Offsets into the string table, in symbol-table order, duplicates included.
    private(set) var undefinedNameOffsets: [UInt32] = []
    private var partialEntry: [UInt8] = []

    init(is64Bit: Bool, stringTableSize: UInt32) {
        entrySize = is64Bit ? 16 : 12
        self.stringTableSize = stringTableSize
    }

    mutating func feed(_ chunk: ArraySlice<UInt8>) throws(MachOError) {
        var index = chunk.startIndex
        if !partialEntry.isEmpty {
            let needed = min(entrySize - partialEntry.count, chunk.count)
            partialEntry.append(contentsOf: chunk[index..<(index + needed)])
            index += needed
            guard partialEntry.count == entrySize else { return }
            try take(partialEntry[...])
            partialEntry = []
        }
        while chunk.endIndex - index >= entrySize {
            try take(chunk[index..<(index + entrySize)])
            index += entrySize
        }
        partialEntry.append(contentsOf: chunk[index...])
    }

    /// `n_strx` (4 bytes), `n_type`, `n_sect`, `n_desc`, `n_value`.
    private mutating func take(_ entry: ArraySlice<UInt8>) throws(MachOError) {
        let start = entry.startIndex
        let type = entry[start + 4]
        guard type & Self.debugMask == 0,
            type & Self.typeMask == Self.undefined,
            type & Self.external != 0
        else { return }
        let nameOffset = (0..<4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32(entry[start + $1]) }
        guard nameOffset < stringTableSize else {
            throw MachOError.malformedSymbolTable(
                reason: "a symbol's name offset \(nameOffset) lies outside the \(stringTableSize)-byte string table"
            )
        }
        undefinedNameOffsets.append(nameOffset)
    }
}
