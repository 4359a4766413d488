/// What kind of private-key container some bytes are.
package enum PrivateKeyContainer: Sendable, Hashable, CustomStringConvertible {
    /// PrivateKeyInfo / OneAsymmetricKey (RFC 5208 §5, RFC 5958 §2); `algorithm` is "RSA", "EC",
    /// "Ed25519", "Ed448", "X25519", "X448", "DSA", or the dotted OID when unknown.
    case pkcs8(algorithm: String)
    /// EncryptedPrivateKeyInfo (RFC 5208 §6) under a PBES1, PBES2 or PKCS#12 PBE scheme.
    case encryptedPKCS8
    /// A PFX (RFC 7292 §4): keys and certificates, usually password-protected.
    case pkcs12
    /// RSAPrivateKey (RFC 8017 A.1.2), OpenSSL's "RSA PRIVATE KEY".
    case rsaPKCS1
    /// ECPrivateKey (RFC 5915), OpenSSL's "EC PRIVATE KEY".
    case ecSEC1
    /// openssh-key-v1, `ssh-keygen`'s format since OpenSSH 7.8.
    case openSSH
    /// OpenSSL's "DSA PRIVATE KEY": version, p, q, g, y, x.
    case dsa

    package var description: String {
        switch self {
        case .pkcs8(let algorithm):
            // An unknown algorithm is a dotted OID, which reads better after the words.
            algorithm.first?.isNumber == true ? "PKCS#8 private key (algorithm \(algorithm))" : "PKCS#8 \(algorithm) private key"
        case .encryptedPKCS8: "encrypted PKCS#8 private key"
        case .pkcs12: "PKCS#12 (.p12) identity"
        case .rsaPKCS1: "PKCS#1 RSA private key"
        case .ecSEC1: "SEC 1 EC private key"
        case .openSSH: "OpenSSH private key"
        case .dsa: "DSA private key"
        }
    }
}
