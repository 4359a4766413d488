/// One entry of an app's `CFBundleDocumentTypes`: the files it says it opens, as written.
public struct BundleDocumentType: Sendable, Hashable {
    /// `CFBundleTypeName`; nil when absent or not a string, as for the others.
    public let name: String?
    /// `CFBundleTypeRole`: Editor, Viewer, Shell, None.
    public let role: String?
    /// `LSHandlerRank`: Owner, Default, Alternate, None.
    public let rank: String?
    /// The strings of `LSItemContentTypes`, in order.
    public let contentTypes: [String]

    package init(name: String?, role: String?, rank: String?, contentTypes: [String]) {
        self.name = name
        self.role = role
        self.rank = rank
        self.contentTypes = contentTypes
    }
}
