/// An open libzip archive, discarded when its last holder lets go.
///
/// The reader holds it to read entries, and its listing holds it too: the listing points at the
/// entry names libzip keeps (`BorrowedUTF8`) rather than copying them, so those names must
/// outlive the reader for as long as anyone keeps the listing.
///
/// `@unchecked Sendable`: the pointer never changes; who may call libzip through it, and when,
/// is the reader's business (one thread at a time per handle).
final class LibzipArchiveHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        Libzip.discard(pointer)
    }
}
