import BundleCheckFormats

extension PackageContainer {
    /// The digest of the file at `path` in `algorithm`: taken as an installer package's payload
    /// streamed by when it was (no pass of its own), else in a pass over the file in chunks.
    func digest(of path: String, _ algorithm: DigestAlgorithm, chunkSize: Int = 64 << 10) throws -> [UInt8] {
        if let taken = prefetchedDigest(of: path, algorithm) { return taken }
        let digest = try Digest(algorithm)
        try stream(path, chunkSize: chunkSize) { chunk in
            try digest.update(chunk)
            return true
        }
        return try digest.finish()
    }
}
