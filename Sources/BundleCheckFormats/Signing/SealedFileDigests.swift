/// The hashes of a file a code signature binds (the Info.plist, `_CodeSignature/CodeResources`)
/// in every algorithm a CodeDirectory may use, so that the file need not be kept whole until
/// the signature is read: the Info.plist is hashed as it streams into its parser.
///
/// A digest libcrypto fails to make is kept as its error, raised only when a seal asks for that
/// algorithm: a failure in one nobody uses must not make the file look unsealed.
package struct SealedFileDigests: Sendable, Equatable {
    private let digests: [Digest.Algorithm: Result<[UInt8], DigestError>]

    /// The hashes of `bytes`.
    package init(of bytes: [UInt8]) {
        let hasher = Hasher()
        bytes.withUnsafeBytes { hasher.update($0) }
        self = hasher.finish()
    }

    private init(digests: [Digest.Algorithm: Result<[UInt8], DigestError>]) {
        self.digests = digests
    }

    /// The digest in `algorithm`; libcrypto's error when it could not be made.
    package func digest(_ algorithm: Digest.Algorithm) throws(DigestError) -> [UInt8] {
        guard let digest = digests[algorithm] else { preconditionFailure("every algorithm is hashed") }
        return try digest.get()
    }

    /// Hashes a file piece by piece in every algorithm at once.
    package final class Hasher {
        private var running: [Digest.Algorithm: Result<Digest, DigestError>] = [:]

        package init() {
            for algorithm in Digest.Algorithm.allCases {
                running[algorithm] = Result { () throws(DigestError) in try Digest(algorithm) }
            }
        }

        package func update(_ bytes: UnsafeRawBufferPointer) {
            for (algorithm, digest) in running {
                guard case .success(let digest) = digest else { continue }
                do throws(DigestError) {
                    try digest.update(bytes)
                } catch {
                    running[algorithm] = .failure(error)
                }
            }
        }

        package func finish() -> SealedFileDigests {
            SealedFileDigests(digests: running.mapValues { digest in
                digest.flatMap { digest in Result { () throws(DigestError) in try digest.finish() } }
            })
        }
    }
}
