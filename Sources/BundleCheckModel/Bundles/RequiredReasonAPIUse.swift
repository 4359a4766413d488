/// One required-reason API category that a bundle's binaries use (not what its manifest
/// declares): what a release diff compares to see a build start using an API that needs a reason.
public struct RequiredReasonAPIUse: Sendable, Hashable {
    /// The category as a manifest names it, `NSPrivacyAccessedAPICategoryFileTimestamp`.
    public let category: String
    /// The file names of the binaries whose imports or selectors show the use, sorted, each once.
    public let binaries: [String]

    package init(category: String, binaries: [String]) {
        self.category = category
        self.binaries = binaries
    }
}
