/// What the one pass over an installer package's payloads keeps, decided by the caller (the
/// inspector, which knows what its rules read) before the package is opened.
///
/// A gzip'd cpio stream can only be read forward, once, so a file must be taken as it passes:
/// kept whole (small files rules read), handed to a reader that consumes it on the spot (an
/// executable: the Mach-O reader hashes its pages as they stream by), or passed over with only
/// its first bytes kept. A file asked for later that the pass did not keep is read again, in
/// a pass of its own (`InstallerPackageContainer.passes` counts them).
public struct PayloadReadPlan: Sendable {
    /// Whether to keep a file whole: its path as listed and its declared size.
    public var keepsWhole: @Sendable (_ path: String, _ size: UInt64) -> Bool
    /// Given a file's path, size and first bytes, a reader that consumes it as it passes and
    /// returns the Mach-O file it read, or nil to let it pass.
    public var consumer: @Sendable (_ path: String, _ size: UInt64, _ prefix: [UInt8]) -> (@Sendable (any EntryReader) -> PrefetchedMachO)?

    /// Digests taken of every payload file the plan neither keeps nor consumes, as it passes:
    /// what comparing every sealed resource with its `CodeResources` entry needs
    /// (`--verify-resources`), without a pass per file.
    package var digestAlgorithms: [Digest.Algorithm] = []

    public init(
        keepsWhole: @escaping @Sendable (String, UInt64) -> Bool,
        consumer: @escaping @Sendable (String, UInt64, [UInt8]) -> (@Sendable (any EntryReader) -> PrefetchedMachO)? = { _, _, _ in nil }
    ) {
        self.keepsWhole = keepsWhole
        self.consumer = consumer
    }

    /// Keeps nothing but the listing and each file's first bytes.
    public static let listingOnly = PayloadReadPlan(keepsWhole: { _, _ in false })
}
