/// A file of a bundle that could not be read as what it must be: a finding of its own rule on
/// that bundle, never a reason to stop checking the package. The other checks run on what could
/// be read (a bundle whose Info.plist is malformed has no `infoPlist`, and checks that need one
/// skip it).
public struct BundleReadProblem: Sendable, Hashable {
    /// What went wrong; the raw value is the id of the rule that reports it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An app, extension, watch app or app clip, or a framework holding a Mach-O, without `Info.plist`.
        case infoPlistMissing = "info-plist-missing"
        /// An Info.plist that does not parse, is not a dictionary, or is too large.
        case infoPlistMalformed = "info-plist-malformed"
        /// The executable `CFBundleExecutable` names is empty, not Mach-O, truncated or malformed.
        case executableInvalid = "executable-invalid"
        /// An `embedded.mobileprovision` that is empty or cannot be decoded.
        case profileMalformed = "profile-malformed"
        /// Entitlements (in the signature or `.xcent`) that are not a property-list dictionary.
        case entitlementsMalformed = "entitlements-malformed"
        /// A zip entry whose data cannot be inflated or fails its CRC.
        case zipEntryCorrupt = "zip-entry-corrupt"
    }

    public let kind: Kind
    /// The file at fault, relative to the package root (the missing Info.plist's expected path).
    public let file: String
    /// What the reader said, lowercase, for the message.
    public let reason: String
    /// 1-based line in the file, when the reader knows it (XML property lists).
    public let line: Int?
    /// 1-based column on that line, when the XML reader gives it.
    public let column: Int?

    package init(kind: Kind, file: String, reason: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.file = file
        self.reason = reason
        self.line = line
        self.column = column
    }
}
