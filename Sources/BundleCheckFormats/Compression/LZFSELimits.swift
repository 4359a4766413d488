/// How much an untrusted LZFSE stream may decode to before `LZFSEDecoder` refuses it: the one
/// place the cap lives; docs/limits.md lists it with its value.
///
/// Every block declares how many bytes it decodes to, so the decoder adds the declarations up
/// before it decodes anything (or allocates for it) and refuses a stream whose sum passes
/// `maxOutput`. The format's own bounds (40,000 literals and 10,000 matches a block, at most
/// 135.5 bytes out of an LZVN byte) are checked too, but they are constants of the format, not
/// caps: see `LZFSEFormat`.
package struct LZFSELimits: Sendable, Hashable {
    /// Bytes one stream may decode to, over all its blocks.
    package var maxOutput: Int

    package init(maxOutput: Int) {
        self.maxOutput = maxOutput
    }

    /// 256 MiB: an asset catalogue's largest renditions (a 4096 × 4096 RGBA image is 64 MiB)
    /// fit four times over, and no stream can make bundlecheck hold more.
    package static let standard = LZFSELimits(maxOutput: 256 << 20)
}
