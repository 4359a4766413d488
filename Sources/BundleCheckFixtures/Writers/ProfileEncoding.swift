/// How `ProfileWriter` encodes the CMS envelope.
public enum ProfileEncoding: Sendable, Hashable {
    /// Definite lengths throughout and the plist in one OCTET STRING, as `openssl cms` writes.
    case der
    /// Indefinite lengths on every constructed element and the plist split into a
    /// constructed OCTET STRING of `chunkSize`-byte chunks, as Apple's signer writes.
    case indefiniteBER(chunkSize: Int)
}
