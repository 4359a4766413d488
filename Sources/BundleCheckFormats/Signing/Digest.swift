import CLibcrypto

/// The only place in bundlecheck that calls libcrypto: an incremental message digest over
/// OpenSSL's EVP interface, for the hashes a code signature seals its bundle with.
///
/// A `Digest` owns its `EVP_MD_CTX` and frees it in `deinit`. `update` may be called any
/// number of times; `finish` returns the digest and starts the next message on the same
/// context, so one digest hashes page after page without allocating.
package final class Digest {
    /// The hash functions code signatures use (`DigestAlgorithm`).
    package typealias Algorithm = DigestAlgorithm

    package let algorithm: Algorithm
    private let context: OpaquePointer

    package init(_ algorithm: Algorithm) throws(DigestError) {
        guard let context = EVP_MD_CTX_new() else { throw DigestError.last("EVP_MD_CTX_new", algorithm) }
        self.algorithm = algorithm
        self.context = context
        try start()
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    package func update(_ bytes: UnsafeRawBufferPointer) throws(DigestError) {
        guard !bytes.isEmpty else { return }
        guard EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else {
            throw DigestError.last("EVP_DigestUpdate", algorithm)
        }
    }

    package func update(_ bytes: ArraySlice<UInt8>) throws(DigestError) {
        // withUnsafeBytes cannot rethrow a typed error: carry it out.
        let failure: DigestError? = bytes.withUnsafeBytes { raw in
            do throws(DigestError) {
                try update(raw)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    package func update(_ bytes: [UInt8]) throws(DigestError) {
        try update(bytes[...])
    }

    /// The digest of everything given since the last `finish`; the context then starts anew.
    package func finish() throws(DigestError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, Int(length) == algorithm.size else {
            throw DigestError.last("EVP_DigestFinal_ex", algorithm)
        }
        try start()
        return Array(digest.prefix(Int(length)))
    }

    /// Writes the digest of everything given since the last `finish` to the start of `output`
    /// (at least `algorithm.size` bytes) without allocating; the context then starts anew.
    package func finish(into output: UnsafeMutableRawBufferPointer) throws(DigestError) {
        precondition(output.count >= algorithm.size, "room for the digest")
        var length: UInt32 = 0
        let status = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(EVP_MAX_MD_SIZE)) { digest in
            let status = EVP_DigestFinal_ex(context, digest.baseAddress, &length)
            if status == 1, Int(length) == algorithm.size {
                output.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(digest)[0..<Int(length)]))
            }
            return status
        }
        guard status == 1, Int(length) == algorithm.size else {
            throw DigestError.last("EVP_DigestFinal_ex", algorithm)
        }
        try start()
    }

    /// The digest of `bytes` in one call.
    package static func hash(_ bytes: ArraySlice<UInt8>, _ algorithm: Algorithm) throws(DigestError) -> [UInt8] {
        let digest = try Digest(algorithm)
        try digest.update(bytes)
        return try digest.finish()
    }

    package static func hash(_ bytes: [UInt8], _ algorithm: Algorithm) throws(DigestError) -> [UInt8] {
        try hash(bytes[...], algorithm)
    }

    private func start() throws(DigestError) {
        guard EVP_DigestInit_ex(context, algorithm.messageDigest, nil) == 1 else {
            throw DigestError.last("EVP_DigestInit_ex", algorithm)
        }
    }
}

/// A libcrypto call that failed: which one, for which algorithm, and OpenSSL's reason
/// (e.g. a system whose configuration disables SHA-1).
package struct DigestError: Error, Sendable, Equatable, CustomStringConvertible {
    package let function: String
    package let algorithm: Digest.Algorithm
    package let reason: String

    package var description: String {
        "\(algorithm.rawValue) digest failed in \(function): \(reason)"
    }

    /// The error libcrypto queued for the failed call, taken off its queue.
    fileprivate static func last(_ function: String, _ algorithm: Digest.Algorithm) -> DigestError {
        let code = ERR_get_error()
        guard code != 0 else { return DigestError(function: function, algorithm: algorithm, reason: "no reason given") }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        let reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return DigestError(function: function, algorithm: algorithm, reason: reason)
    }
}

/// The hash functions code signatures use. Public, as the containers name it when they hand
/// over a digest taken in their pass (`PackageContainer.prefetchedDigest(of:_:)`).
public enum DigestAlgorithm: String, Sendable, Hashable, CaseIterable {
    case sha1 = "SHA-1"
    case sha256 = "SHA-256"
    case sha384 = "SHA-384"

    /// Bytes in a digest.
    package var size: Int {
        switch self {
        case .sha1: 20
        case .sha256: 32
        case .sha384: 48
        }
    }

    fileprivate var messageDigest: OpaquePointer? {
        switch self {
        case .sha1: EVP_sha1()
        case .sha256: EVP_sha256()
        case .sha384: EVP_sha384()
        }
    }
}
