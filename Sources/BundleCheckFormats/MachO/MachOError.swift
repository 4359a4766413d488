/// A malformed Mach-O file, as the reader found it. Messages are lowercase and
/// do not name the file: the caller knows which entry it was reading and adds it.
///
/// The structure parsers throw it typed, since nothing else can fail inside them;
/// `MachOReader` throws untyped, since its `EntryReader`'s I/O errors come through too.
package enum MachOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file ended inside `part` (e.g. `mach header`), which needed bytes up to `end`.
    case truncated(part: String, end: UInt64)
    /// A Mach-O header in big-endian byte order (`0xfeedface` read backwards): iOS never had one.
    case bigEndian
    /// A fat header that lists no architectures.
    case noArchitectures
    /// More fat architectures than the reader accepts.
    case tooManyArchitectures(count: UInt32, limit: Int)
    /// A fat slice whose offset and size do not fit in the file, or cannot hold a Mach-O header.
    case sliceOutOfBounds(index: Int, offset: UInt64, size: UInt64, fileSize: UInt64)
    /// Two fat slices that share bytes.
    case slicesOverlap(first: Int, second: Int)
    /// A fat slice that does not start with a Mach-O magic number (or is itself a fat file).
    case sliceNotMachO(index: Int)
    /// More load commands than the reader accepts.
    case tooManyLoadCommands(count: UInt32, limit: Int)
    /// Load commands longer than the reader accepts.
    case loadCommandsTooLarge(size: UInt32, limit: Int)
    /// A load command that is too short, misaligned, runs past the others, or holds a bad field.
    case malformedLoadCommand(index: Int, reason: String)
    /// A range that a load command points at (e.g. `code signature`) that lies outside its slice.
    case rangeOutOfBounds(part: String, offset: UInt64, size: UInt64, sliceSize: UInt64)
    /// A range read whole (e.g. `bind opcodes`) larger than the reader accepts.
    case rangeTooLarge(part: String, size: UInt64, limit: Int)
    /// The code signature's SuperBlob or one of its blobs is malformed.
    case malformedCodeSignature(reason: String)
    /// `LC_SYMTAB`'s symbol or string table is malformed (e.g. a name offset past the string table).
    case malformedSymbolTable(reason: String)
    /// A dyld bind-opcode stream (`LC_DYLD_INFO`) is malformed.
    case malformedBindInfo(reason: String)
    /// The `LC_DYLD_CHAINED_FIXUPS` data is malformed.
    case malformedChainedFixups(reason: String)

    package var description: String { message }

    package var message: String {
        switch self {
        case .truncated(let part, let end):
            "the file ends inside the \(part), which needs \(end) bytes"
        case .bigEndian:
            "big-endian mach-o header: ios binaries are little-endian"
        case .noArchitectures:
            "the fat header lists no architectures"
        case .tooManyArchitectures(let count, let limit):
            "the fat header lists \(count) architectures, more than the \(limit) bundlecheck reads"
        case .sliceOutOfBounds(let index, let offset, let size, let fileSize):
            "fat slice \(index) (offset \(offset), size \(size)) does not fit in the \(fileSize)-byte file"
        case .slicesOverlap(let first, let second):
            "fat slices \(first) and \(second) overlap"
        case .sliceNotMachO(let index):
            "fat slice \(index) is not a mach-o file"
        case .tooManyLoadCommands(let count, let limit):
            "\(count) load commands is more than the \(limit) bundlecheck reads"
        case .loadCommandsTooLarge(let size, let limit):
            "\(size) bytes of load commands is more than the \(limit) bundlecheck reads"
        case .malformedLoadCommand(let index, let reason):
            "load command \(index): \(reason)"
        case .rangeOutOfBounds(let part, let offset, let size, let sliceSize):
            "the \(part) (offset \(offset), size \(size)) lies outside its \(sliceSize)-byte slice"
        case .rangeTooLarge(let part, let size, let limit):
            "the \(part) (size \(size)) is larger than the \(limit) bytes bundlecheck reads"
        case .malformedCodeSignature(let reason):
            "malformed code signature: \(reason)"
        case .malformedSymbolTable(let reason):
            "malformed symbol table: \(reason)"
        case .malformedBindInfo(let reason):
            "malformed dyld bind information: \(reason)"
        case .malformedChainedFixups(let reason):
            "malformed chained fixups: \(reason)"
        }
    }
}
