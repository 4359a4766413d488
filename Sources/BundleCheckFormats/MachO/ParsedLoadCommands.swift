/// What a slice's load commands say, before the ranges they point at are read.
struct ParsedLoadCommands {
    /// The slice with every header and load-command field filled in; its `codeSignature`
    /// holds only the location (or `isTooLargeToRead`) until the signature data is parsed.
    var slice: MachOSlice
    /// Ranges of the file to read in the same pass, in no particular order.
    var requests: [ByteRangeRequest]
}
