/// Why an installer package cannot be read as one; the container turns it into a
/// `BundleCheckError` naming the package (exit status 2).
package enum InstallerPackageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The structure is wrong (header, table of contents, heap ranges, payload framing).
    case malformed(String)
    /// Past one of `InstallerPackageLimits`' caps.
    case limit(String)

    package var description: String {
        switch self {
        case .malformed(let reason), .limit(let reason): reason
        }
    }
}
