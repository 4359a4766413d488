import Foundation

/// An input opened on another thread while the caller loads the rule catalogue and the
/// configuration: a zip's central directory is parsed and listed (some 20 ms at 20,000 entries)
/// in that time rather than after it, which is time no worker could share. An installer package
/// is left for the caller to open, since what its one pass keeps depends on the rules.
public final class PackagePrefetch: @unchecked Sendable {
    public let path: String
    private let done = DispatchSemaphore(value: 0)
    /// Written by the opening thread before it signals `done`; read after waiting on it.
    private var outcome: Result<any PackageContainer, any Error>?

    private init(path: String) {
        self.path = path
    }

    /// Starts opening `path` on another thread.
    public static func start(path: String) -> PackagePrefetch {
        let prefetch = PackagePrefetch(path: path)
        DispatchQueue.global().async { prefetch.open() }
        return prefetch
    }

    /// The container or why it could not be opened, as `PackageOpener.open` would have said; nil
    /// for an installer package, or when it was taken already. Waits for the opening thread.
    public func take() -> Result<any PackageContainer, any Error>? {
        done.wait()
        defer {
            outcome = nil
            done.signal()
        }
        return outcome
    }

    private func open() {
        do {
            outcome = try PackageOpener.openUnlessInstallerPackage(path: path).map { .success($0) }
        } catch {
            outcome = .failure(error)
        }
        done.signal()
    }
}
