import BundleCheckFormats
import BundleCheckModel

/// The Xcode builds of `Rules/data/xcode-builds.yml`, each with its kind and the SDK builds it
/// ships: what tells a beta toolchain from a release, since a build number's shape does not
/// (release builds end in letters too: Xcode 15.4 is 15F31d).
struct XcodeBuilds {
    /// How final a build is, in App Store Connect's eyes.
    enum Kind: Int, Comparable {
        /// A beta or developer preview: refused.
        case seed
        /// A release candidate or GM seed: accepted.
        case candidate
        case release

        /// From the table's words: `beta 4`, `developer preview 2`, `rc 1`, `gm seed 1`, `release`.
        init?(_ text: String) {
            let words = text.split(separator: " ")
            switch words.first {
            case "beta", "developer": self = .seed
            case "rc", "gm": self = .candidate
            case "release" where words.count == 1: self = .release
            default: return nil
            }
        }

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    struct Xcode {
        let build: String
        /// `26.0`.
        let version: String
        /// `beta 4`, as the table words it.
        let kindText: String
        let kind: Kind
        /// SDK builds by device platform (`iphoneos`: `23A339`).
        let sdks: [String: String]

        /// `Xcode 26.0 beta 4 (17A5285i)`.
        var description: String {
            "Xcode \(version)" + (kind == .release ? "" : " \(kindText)") + " (\(build))"
        }
    }

    /// An SDK build and the Xcode builds that shipped it.
    struct SDK {
        let build: String
        let shippedWith: [Xcode]
        /// Its most final kind: an SDK build that any release or candidate shipped is not a seed.
        var kind: Kind { shippedWith.map(\.kind).max() ?? .seed }
    }

    private let xcodes: [String: Xcode]
    private let sdks: [String: [String: SDK]]

    static let table = "xcode-builds"
    static let shipped = DataTables.read(table, XcodeBuilds.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        var xcodes: [String: Xcode] = [:]
        var sdks: [String: [String: SDK]] = [:]
        for row in try table.root.items() {
            let build = try row("build").string()
            let version = try row("xcode").string()
            let kindField = try row("kind")
            let kindText = try kindField.string()
            guard let kind = Kind(kindText) else {
                throw kindField.error("'\(kindText)' is not a kind: beta N, developer preview N, rc N, gm seed N or release")
            }
            var shipped: [String: String] = [:]
            for (key, sdkBuild) in try row.optional("sdks")?.keyedPairs() ?? [] {
                // beta-toolchain looks SDK builds up by the device's platform-name.
                let platform = try key.string()
                guard ApplePlatforms.shipped.platforms(platformName: platform).contains(where: { !$0.simulator }) else {
                    throw key.error("'\(platform)' is not a device platform-name of platforms.yml")
                }
                shipped[platform] = try sdkBuild.string()
            }
            let xcode = Xcode(build: build, version: version, kindText: kindText, kind: kind, sdks: shipped)
            // A build listed as a candidate and again as the release is the release.
            if let known = xcodes[build], known.kind >= kind { continue }
            xcodes[build] = xcode
            for (platform, sdkBuild) in shipped {
                let known = sdks[platform]?[sdkBuild]?.shippedWith ?? []
                sdks[platform, default: [:]][sdkBuild] = SDK(build: sdkBuild, shippedWith: known + [xcode])
            }
        }
        self.xcodes = xcodes
        self.sdks = sdks
    }

    /// The Xcode of a `DTXcodeBuild`, when the table lists it.
    func xcode(_ build: String) -> Xcode? {
        xcodes[build]
    }

    /// What the table knows of a `DTSDKBuild` for a device platform (`iphoneos`).
    func sdk(_ build: String, platform: String) -> SDK? {
        sdks[platform]?[build]
    }
}
