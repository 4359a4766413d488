/// The bytes of one `ByteRangeRequest`, as the forward pass read them.
struct CapturedRange {
    var request: ByteRangeRequest
    var bytes: [UInt8]
}
