/// How much of an untrusted Mach-O file the reader is willing to take.
///
/// The defaults are far above anything a real iOS executable holds, and low enough that a
/// hostile file cannot make the forward pass hold unbounded memory or loop without end. The
/// one place these caps live for `MachOReader` and the parsers it drives; docs/limits.md
/// lists them with their values.
///
/// Past most caps the file is refused with a `MachOError` naming the cap; three caps cut
/// instead of refusing, since the rest of the file is still worth checking:
/// `maxCodeSignatureBytes` (the signature is skipped unread, `isTooLargeToRead`),
/// `maxKeptPageHashes` (later pages are compared as a whole) and `maxStringBytes`
/// (the string is left out of the evidence).
package struct MachOLimits: Sendable, Hashable {
    /// Most architectures a fat header may list; real ones list a handful.
    ///
    /// A `0xcafebabe` header whose count reads as a Java class-file version (45 and up) is a
    /// Java class, not a fat file, whatever this cap says.
    package var maxArchitectures: Int
    /// Most load commands (`ncmds`) in one slice; real binaries have under a few hundred.
    package var maxLoadCommands: Int
    /// Largest total size of one slice's load commands (`sizeofcmds`), in bytes; real
    /// binaries have tens of kilobytes. The load commands are held whole.
    package var maxLoadCommandsBytes: Int
    /// Largest code signature read, in bytes; a larger one is skipped unread and reported
    /// as `CodeSignature.isTooLargeToRead`.
    package var maxCodeSignatureBytes: Int
    /// Most blobs a code signature's SuperBlob may list; real ones hold five to ten.
    package var maxSignatureBlobs: Int
    /// Largest page size a CodeDirectory may state, as a power of two (codesign writes 12);
    /// past it, the seal is unreadable (`CodeSignature.sealProblem`).
    package var maxPageShift: Int
    /// Code pages whose digests are kept one by one, so a mismatch can name its page; the
    /// digests of later pages are folded into one and compared as a whole.
    package var maxKeptPageHashes: Int
    /// Longest C string, symbol or class name kept as evidence, in bytes; a longer one is
    /// left out (no check matches it, and it could otherwise grow without bound).
    package var maxStringBytes: Int
    /// Largest bind-opcode stream or chained-fixups blob, read whole, in bytes; real apps
    /// have a few MiB at most.
    package var maxWholeRangeBytes: Int

    package init(
        maxArchitectures: Int = 32,
        maxLoadCommands: Int = 65_536,
        maxLoadCommandsBytes: Int = 16 << 20,
        maxCodeSignatureBytes: Int = 32 << 20,
        maxSignatureBlobs: Int = 64,
        maxPageShift: Int = 30,
        maxKeptPageHashes: Int = 1 << 16,
        maxStringBytes: Int = 4096,
        maxWholeRangeBytes: Int = 32 << 20
    ) {
        self.maxArchitectures = maxArchitectures
        self.maxLoadCommands = maxLoadCommands
        self.maxLoadCommandsBytes = maxLoadCommandsBytes
        self.maxCodeSignatureBytes = maxCodeSignatureBytes
        self.maxSignatureBlobs = maxSignatureBlobs
        self.maxPageShift = maxPageShift
        self.maxKeptPageHashes = maxKeptPageHashes
        self.maxStringBytes = maxStringBytes
        self.maxWholeRangeBytes = maxWholeRangeBytes
    }

    package static let standard = MachOLimits()
}
