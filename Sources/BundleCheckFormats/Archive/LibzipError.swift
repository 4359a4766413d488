/// A failed libzip call: the typed libzip code, the `errno` (or zlib code) behind
/// it, and libzip's own wording, e.g. `Read error: No such file or directory`.
package struct LibzipError: Error, Sendable, Equatable {
    package let code: LibzipErrorCode
    /// `errno` for system errors, the zlib code for zlib errors, otherwise 0.
    package let systemCode: Int32
    /// libzip's message as it words it (`zip_error_strerror`).
    package let message: String

    /// The message for our own error texts, which are lowercase.
    package var lowercasedMessage: String {
        message.lowercased()
    }
}
