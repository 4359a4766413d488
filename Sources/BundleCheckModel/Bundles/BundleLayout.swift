import BundleCheckFormats

/// Where a bundle keeps its parts: at its top (iOS, tvOS, watchOS, visionOS), in `Contents/`
/// (the Mac's apps, extensions, XPC services, system extensions), or in `Versions/A/` (the Mac's
/// versioned frameworks, whose top holds only links into `Versions/Current`).
///
/// `root` is the folder a signature's `CodeResources` paths are relative to and the one that
/// holds the nested-bundle folders (`PlugIns`, `Frameworks` …). The locator decides the layout
/// from the package's folders and links (`BundleLocator`); everything that reads a part of a
/// bundle asks it here rather than joining paths itself.
public struct BundleLayout: Sendable, Hashable {
    public enum Style: String, Sendable, Hashable {
        /// Everything at the bundle's top: `X.app/Info.plist`, `X.app/X`.
        case flat
        /// `X.app/Contents/Info.plist`, `X.app/Contents/MacOS/X`, `Contents/Resources/`.
        case contents
        /// `K.framework/Versions/A/Resources/Info.plist`, `K.framework/Versions/A/K`.
        case versionedFramework = "versioned-framework"
    }

    public let style: Style
    /// The bundle's folder, e.g. `Payload/X.app` or `X.app`.
    public let bundlePath: String
    /// Where the parts sit: the bundle itself, `X.app/Contents` or `K.framework/Versions/A`.
    public let root: String

    package init(style: Style, bundlePath: String, version: String = "A") {
        self.style = style
        self.bundlePath = bundlePath
        switch style {
        case .flat: root = bundlePath
        case .contents: root = bundlePath + "/Contents"
        case .versionedFramework: root = bundlePath + "/Versions/" + version
        }
    }

    /// The layout of an iOS-style bundle at `path` (hand-made bundles in tests).
    package static func flat(_ path: String) -> BundleLayout {
        BundleLayout(style: .flat, bundlePath: path)
    }

    /// Whether this is one of the Mac's layouts (`Contents/` or `Versions/`).
    public var isMac: Bool { style != .flat }

    /// Where resources sit: the top of an iOS bundle, `Resources/` in a Mac bundle.
    public var resourcesFolder: String {
        style == .flat ? root : root + "/Resources"
    }

    public var infoPlistPath: String {
        style == .versionedFramework ? root + "/Resources/Info.plist" : root + "/Info.plist"
    }

    /// The executable called `name`: in `MacOS/` for a `Contents/` bundle, else beside the Info.plist's folder.
    public func executablePath(named name: String) -> String {
        style == .contents ? root + "/MacOS/" + name : root + "/" + name
    }

    /// `embedded.mobileprovision` at an iOS bundle's top; `embedded.provisionprofile` in a Mac bundle.
    public var profilePath: String {
        root + "/" + (isMac ? BundleSigning.macProfileFileName : BundleSigning.profileFileName)
    }

    public var codeResourcesPath: String { root + "/_CodeSignature/CodeResources" }

    /// A path inside the bundle given relative to `root`, e.g. `Frameworks` or `PlugIns/S.appex`.
    public func path(_ relative: String) -> String {
        root + "/" + relative
    }

    /// A resource given relative to `resourcesFolder`, e.g. `Assets.car` or `en.lproj/InfoPlist.strings`.
    public func resource(_ relative: String) -> String {
        resourcesFolder + "/" + relative
    }

    /// `path` relative to `root`, when it lies inside it.
    public func relativeToRoot(_ path: String) -> Substring? {
        path.hasPrefix(root + "/") ? path.dropFirst(root.count + 1) : nil
    }
}
