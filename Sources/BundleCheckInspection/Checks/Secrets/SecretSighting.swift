import BundleCheckFormats
import BundleCheckModel

/// One secret found in a package: what kind, where, and enough about it to recognise it again
/// without ever showing it: its length, the documented prefix it starts with and the first
/// 8 hexadecimal digits of its SHA-256 (`fingerprint`, what an `ignore:` entry's `secret:` names).
struct SecretSighting {
    let kind: SecretTable.Kind
    let file: String
    let keyPath: JSONPointer?
    let line: Int?
    /// The secret's text where it is text that a report could quote (a token, a PEM block, a
    /// plist value): the run's `SecretRedaction` replaces it wherever it would be printed.
    let text: String?
    /// Bytes (or characters, for text) it takes.
    let length: Int
    /// The documented prefix it starts with; empty when its kind has none.
    let shown: String
    /// What else the finding says of it ("PKCS#8 RSA private key", "with its secret access key").
    let detail: String?
    /// `sha256:` and the first 8 hexadecimal digits of the SHA-256 of the secret's bytes.
    let fingerprint: String
    /// A random-looking value under a key that names a secret, for `possible-secret` only.
    let isPossible: Bool

    init(
        kind: SecretTable.Kind, file: String, keyPath: JSONPointer? = nil, line: Int? = nil, secret: [UInt8], text: String?, shown: String = "",
        detail: String? = nil, isPossible: Bool = false
    ) {
        self.kind = kind
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.text = text
        self.length = text?.count ?? secret.count
        self.shown = shown
        self.detail = detail
        self.fingerprint = SecretRedaction.fingerprint(of: secret)
        self.isPossible = isPossible
    }

    /// Identity within a run: the same secret at the same place is one finding.
    var place: String { "\(file)\u{0}\(keyPath?.description ?? "")\u{0}\(line ?? 0)\u{0}\(fingerprint)" }
}
