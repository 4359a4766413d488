import BundleCheckFormats

/// A `PrivacyInfo.xcprivacy` file found in a bundle's own files, as read.
///
/// Where it sits decides whether it speaks for the bundle's code: at the bundle's root; for an
/// app, extension, watch app or app clip also in a resource bundle directly inside it (how
/// statically linked SDKs ship theirs). Anywhere else, a framework's resource bundles included,
/// Apple calls the location non-standard and the manifest declares nothing for the bundle.
public struct PrivacyManifest: Sendable {
    public static let fileName = "PrivacyInfo.xcprivacy"

    public enum Placement: String, Sendable, Hashable {
        /// `X.app/PrivacyInfo.xcprivacy`, `X.framework/PrivacyInfo.xcprivacy`.
        case bundle
        /// `X.app/FirebaseCore_Privacy.bundle/PrivacyInfo.xcprivacy`.
        case resourceBundle = "resource-bundle"
        /// Anywhere else, e.g. `X.framework/X_Privacy.bundle/PrivacyInfo.xcprivacy`.
        case nonStandard = "non-standard"
    }

    /// Path relative to the package root.
    public let path: String
    public let placement: Placement
    /// The parsed property list (its root may be of any type); nil when it could not be read.
    public package(set) var document: PropertyListDocument?
    /// Why the file is no property list (unparseable, too large), for the finding; nil when parsed
    /// or when the zip entry itself is damaged (`zip-entry-corrupt` says so).
    public let unreadableReason: String?
    /// The line the parser stopped at, for XML.
    public let unreadableLine: Int?

    package init(path: String, placement: Placement, document: PropertyListDocument?, unreadableReason: String? = nil, unreadableLine: Int? = nil) {
        self.path = path
        self.placement = placement
        self.document = document
        self.unreadableReason = unreadableReason
        self.unreadableLine = unreadableLine
    }

    /// Whether the manifest declares for the bundle that holds it.
    public var counts: Bool { placement != .nonStandard }

    /// Where a manifest at `relativePath` (relative to where a bundle of `kind` keeps its
    /// resources, nested bundles excluded) sits. A resource bundle keeps its manifest at its top,
    /// or, built for the Mac, in its own `Contents/Resources`.
    package static func placement(of relativePath: String, in kind: BundleKind) -> Placement {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        if components.count == 1 { return .bundle }
        let isResourceBundle = kind != .framework && components[0].hasSuffix(".bundle") && components[0].count > ".bundle".count
        if isResourceBundle, components.count == 2 || (components.count == 4 && components[1] == "Contents" && components[2] == "Resources") {
            return .resourceBundle
        }
        return .nonStandard
    }
}
