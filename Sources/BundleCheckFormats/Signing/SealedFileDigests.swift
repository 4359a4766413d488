/// The hashes of a file a code signature binds (the Info.plist, `_CodeSignature/CodeResources`),
/// so that the file need not be kept whole until the signature is read: the Info.plist is hashed
/// as it streams into its parser, in every algorithm a CodeDirectory may use, since its seal is
/// not read yet; CodeResources, read after, only in those its seals name.
///
/// A digest libcrypto fails to make is kept as its error, raised only when a seal asks for that
/// algorithm: a failure in one nobody uses must not make the file look unsealed.
package struct SealedFileDigests: Sendable, Equatable {
    private let digests: [Digest.Algorithm: Result<[UInt8], DigestError>]

    /// The hashes of `bytes` in `algorithms` (those of the seals that bind the file, when known).
    package init(of bytes: [UInt8], in algorithms: some Sequence<Digest.Algorithm> = Digest.Algorithm.allCases) {
        let hasher = Hasher(algorithms: algorithms)
        bytes.withUnsafeBytes { hasher.update($0) }
        self = hasher.finish()
    }

    private init(digests: [Digest.Algorithm: Result<[UInt8], DigestError>]) {
        self.digests = digests
    }

    /// The digest in `algorithm`, one of those hashed; libcrypto's error when it could not be made.
    package func digest(_ algorithm: Digest.Algorithm) throws(DigestError) -> [UInt8] {
        guard let digest = digests[algorithm] else { preconditionFailure("\(algorithm) was not hashed") }
        return try digest.get()
    }

    /// Hashes a file piece by piece in several algorithms at once: every one a CodeDirectory
    /// may use when the file is read before its signature (the Info.plist).
    package final class Hasher {
        private var running: [Digest.Algorithm: Result<Digest, DigestError>] = [:]

        package init(algorithms: some Sequence<Digest.Algorithm> = Digest.Algorithm.allCases) {
            for algorithm in algorithms {
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
            SealedFileDigests(
                digests: running.mapValues { digest in
                    digest.flatMap { digest in Result { () throws(DigestError) in try digest.finish() } }
                })
        }
    }
}
