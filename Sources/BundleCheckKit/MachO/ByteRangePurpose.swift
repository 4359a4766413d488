/// Why the Mach-O reader wants a byte range of a slice.
///
/// Only the code signature is read today. The binary-evidence checks will add
/// their own (symbol and string tables, `__cstring`, `__objc_methname`), read in
/// the same forward pass: each purpose decides whether its range is captured
/// whole or, once `ForwardPass` learns to stream, matched chunk by chunk.
enum ByteRangePurpose: Sendable, Hashable {
    /// The `LC_CODE_SIGNATURE` data: a SuperBlob, captured whole (it is capped).
    case codeSignature

    /// How errors name the range: `code signature`.
    var partName: String {
        switch self {
        case .codeSignature: "code signature"
        }
    }
}
