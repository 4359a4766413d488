import BundleCheckFormats

/// One thing wrong in a privacy manifest: the rule that reports it, where in the manifest, and
/// what to say.
struct PrivacyManifestProblem: Sendable, Hashable {
    let rule: PrivacyManifestCheck.Mode
    /// The key path inside the manifest; the root for a file that is no property list.
    let pointer: JSONPointer
    let message: String
    /// What tells two problems at one key path apart (a missing key's name), for the fingerprint.
    var subject: String? = nil
}
