/// Something that inflates a deflate stream piece by piece: ISA-L for zip entries
/// (`IsalInflater`), zlib where a format wraps its data in zlib's header (`ZlibInflater`).
/// `RawDeflateEntryReader` takes either, so a build without ISA-L needs only to hand it zlib's.
protocol DeflateInflater: AnyObject {
    /// Inflates what it can of `input` into `output`: how much of each it used, and whether the
    /// stream ended (nothing after that point is data). Both counts are 0 only when `input` is
    /// empty or `output` full; damaged data throws.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> (consumed: Int, produced: Int, ended: Bool)
}
