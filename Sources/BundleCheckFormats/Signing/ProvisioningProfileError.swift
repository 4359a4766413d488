/// Why an `embedded.mobileprovision` could not be read down to its property list.
///
/// A damaged property list inside a sound envelope is reported as
/// `BundleCheckError.malformedPropertyList` instead, as for any other plist.
public enum ProvisioningProfileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not valid BER, or not shaped as CMS SignedData.
    case malformedEnvelope(file: String, BERError)
    /// A well-formed envelope that holds something else than a profile.
    case unexpectedContent(file: String, offset: Int, reason: String)

    /// Stable identifier for reports, as `BundleCheckError.code`.
    public var code: String { "malformed-profile" }

    /// What is wrong, without the file name (the caller's error adds it).
    public var reason: String {
        switch self {
        case .malformedEnvelope(_, let error):
            "\(error)"
        case .unexpectedContent(_, let offset, let reason):
            "offset \(offset): \(reason)"
        }
    }

    public var description: String {
        switch self {
        case .malformedEnvelope(let file, let error):
            "\(file): not a readable provisioning profile: \(error)"
        case .unexpectedContent(let file, let offset, let reason):
            "\(file): offset \(offset): not a provisioning profile: \(reason)"
        }
    }
}
