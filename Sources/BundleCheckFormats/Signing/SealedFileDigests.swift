/// The hashes of a file a code signature binds (the Info.plist, `_CodeSignature/CodeResources`)
/// in every algorithm a CodeDirectory may use, so that the file need not be kept whole until
/// the signature is read: the Info.plist is hashed as it streams into its parser.
package struct SealedFileDigests: Sendable, Hashable {
    private let digests: [Digest.Algorithm: [UInt8]]

    /// The hashes of `bytes`.
    package init(of bytes: [UInt8]) throws(DigestError) {
        let hasher = try Hasher()
        bytes.withUnsafeBytes { hasher.update($0) }
        self = try hasher.finish()
    }

    private init(digests: [Digest.Algorithm: [UInt8]]) {
        self.digests = digests
    }

    package func digest(_ algorithm: Digest.Algorithm) -> [UInt8]? {
        digests[algorithm]
    }

    /// Hashes a file piece by piece in every algorithm at once.
    package final class Hasher {
        private let running: [Digest]
        /// The first failure of libcrypto, raised by `finish` (`update` is called where nothing may throw).
        private var failure: DigestError?

        package init() throws(DigestError) {
            var running: [Digest] = []
            for algorithm in Digest.Algorithm.allCases { running.append(try Digest(algorithm)) }
            self.running = running
        }

        package func update(_ bytes: UnsafeRawBufferPointer) {
            guard failure == nil else { return }
            do throws(DigestError) {
                for digest in running { try digest.update(bytes) }
            } catch {
                failure = error
            }
        }

        package func finish() throws(DigestError) -> SealedFileDigests {
            if let failure { throw failure }
            var digests: [Digest.Algorithm: [UInt8]] = [:]
            for digest in running { digests[digest.algorithm] = try digest.finish() }
            return SealedFileDigests(digests: digests)
        }
    }
}
