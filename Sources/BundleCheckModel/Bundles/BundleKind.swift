/// What a nested bundle is, from where it sits and its extension.
public enum BundleKind: String, Sendable, Hashable, CaseIterable {
    case app
    case appex
    case watchApp = "watch-app"
    case appClip = "app-clip"
    case framework
}
