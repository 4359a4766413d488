/// Where the parts of a fixture bundle lie, as Xcode 26.1 lays out a bundle of its kind for its
/// platform (Apple's "Placing content in a bundle"):
///
/// - `flat` (iOS, tvOS, watchOS, visionOS): everything at the bundle's top, `Info.plist` and the
///   executable beside the resources.
/// - `contents` (macOS and Mac Catalyst apps, app extensions, XPC services, system extensions,
///   login items, helper apps): everything inside `Contents/`, the executable in
///   `Contents/MacOS/`, resources in `Contents/Resources/`.
/// - `versioned` (macOS and Mac Catalyst frameworks): everything inside `Versions/A/`, the
///   Info.plist in its `Resources/`, and at the top the links `Versions/Current -> A`,
///   `<Name> -> Versions/Current/<Name>`, `Resources -> Versions/Current/Resources`.
///
/// A bundle's `files`, nested bundles and `_CodeSignature/CodeResources` are relative to its
/// contents folder (`contentsFolder`), and so are CodeResources' keys.
enum FixtureBundleLayout: Sendable, Hashable {
    case flat
    case contents
    case versioned

    /// The layout of the bundle named `name` (`X.app`, `K.framework` …) built for `platform`.
    init(bundleName name: String, platform: FixturePlatform) {
        if !platform.os.isMac {
            self = .flat
        } else {
            self = name.hasSuffix(".framework") ? .versioned : .contents
        }
    }

    /// The one framework version Xcode writes.
    static let frameworkVersion = "A"

    /// The folder, from the bundle's top, that holds everything else: none, `Contents` or `Versions/A`.
    var contentsFolder: String {
        switch self {
        case .flat: ""
        case .contents: "Contents"
        case .versioned: "Versions/" + Self.frameworkVersion
        }
    }

    /// The Info.plist, relative to `contentsFolder`.
    var infoPlistPath: String {
        self == .versioned ? "Resources/Info.plist" : "Info.plist"
    }

    /// Where the executable named `name` (the bundle's `CFBundleExecutable`) lies, relative to
    /// `contentsFolder`.
    func executablePath(_ name: String) -> String {
        self == .contents ? "MacOS/" + name : name
    }

    /// `path` (relative to the bundle's top) under `contentsFolder`.
    func inContents(_ path: String) -> String {
        contentsFolder.isEmpty ? path : contentsFolder + "/" + path
    }

    /// The symbolic links at the top of a versioned framework whose executable is `executable`,
    /// each with its target as stored: `Versions/Current -> A`, then the executable's and
    /// `Resources`' links through `Versions/Current`.
    func topLevelLinks(executable: String?) -> [(path: String, target: String)] {
        guard self == .versioned else { return [] }
        var links = [(path: "Versions/Current", target: Self.frameworkVersion)]
        if let executable { links.append((executable, "Versions/Current/" + executable)) }
        links.append(("Resources", "Versions/Current/Resources"))
        return links
    }
}
