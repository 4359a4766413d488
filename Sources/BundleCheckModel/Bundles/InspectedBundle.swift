import BundleCheckFormats

/// A bundle found in a package: the app, or one nested in it.
public struct InspectedBundle: Sendable {
    /// Path relative to the package root, e.g. `Payload/X.app/PlugIns/S.appex`.
    public let path: String
    public let kind: BundleKind
    /// Path of the directly containing bundle; nil for a top-level app.
    public let parent: String?
    /// Path of `Info.plist` relative to the package root.
    public let infoPlistPath: String
    /// The parsed Info.plist; nil when it is missing or could not be parsed.
    public package(set) var infoPlist: PropertyListDocument?
    /// For share and action extensions, their activation rule read once; nil for other bundles.
    public let activationRule: ActivationRuleAnalysis?
    /// Executable, signature, entitlements and profile; nil when not read (tests that build bundles by hand).
    public package(set) var signing: BundleSigning?
    /// Files of this bundle that could not be read as what they must be; each is a finding.
    public package(set) var problems: [BundleReadProblem]
    /// The `PrivacyInfo.xcprivacy` files among the bundle's own files, wherever they sit.
    public package(set) var privacyManifests: [PrivacyManifest]
    /// The platform it was built for. Decided from the bundle alone when it is made; the
    /// package's bundles then settle it together (`resolvingPlatforms`), a bundle that says
    /// nothing of its own taking its container's.
    public package(set) var platform: BundlePlatform
    /// Where its parts sit: at its top, in `Contents/` or in `Versions/A/` (the Mac's).
    public let layout: BundleLayout
    /// An app's `Assets.car`, listed when an asset-catalog rule runs; nil otherwise, and for
    /// bundles without one.
    public package(set) var assetCatalog: AssetCatalogSummary?
    /// What its files take, from the listing; nil for bundles made by hand (tests).
    public package(set) var sizes: BundleSizes?
    /// The required-reason API categories its binaries use, by category; nil when the run did
    /// not keep the strings that show them (only `required-reason-api` asks for them).
    public package(set) var requiredReasonAPIs: [RequiredReasonAPIUse]?

    package init(
        path: String,
        kind: BundleKind,
        parent: String?,
        infoPlistPath: String,
        infoPlist: PropertyListDocument?,
        activationRule: ActivationRuleAnalysis? = nil,
        signing: BundleSigning? = nil,
        problems: [BundleReadProblem] = [],
        privacyManifests: [PrivacyManifest] = [],
        layout: BundleLayout? = nil
    ) {
        self.path = path
        self.kind = kind
        self.parent = parent
        self.infoPlistPath = infoPlistPath
        self.infoPlist = infoPlist
        self.activationRule = activationRule
        self.signing = signing
        self.problems = problems
        self.privacyManifests = privacyManifests
        let layout = layout ?? .flat(path)
        self.layout = layout
        self.platform = BundlePlatform.decide(
            infoPlist: infoPlist, executable: signing?.executable?.slices ?? [], kind: kind, container: nil, hasMacLayout: layout.isMac
        )
    }

    /// The bundles of one package with their platforms decided in order, containers first, so
    /// that a bundle that says nothing of its platform takes its container's.
    package static func resolvingPlatforms(_ bundles: [InspectedBundle]) -> [InspectedBundle] {
        var decided: [String: BundlePlatform] = [:]
        var byPath: [String: InspectedBundle] = [:]
        for bundle in bundles { byPath[bundle.path] = bundle }
        func platform(of bundle: InspectedBundle, depth: Int) -> BundlePlatform {
            if let known = decided[bundle.path] { return known }
            // Parents are found by path; the depth bound keeps a malformed chain finite.
            let container = depth < 64 ? bundle.parent.flatMap { byPath[$0] }.map { platform(of: $0, depth: depth + 1) } : nil
            let result = BundlePlatform.decide(
                infoPlist: bundle.infoPlist, executable: bundle.signing?.executable?.slices ?? [], kind: bundle.kind, container: container,
                hasMacLayout: bundle.layout.isMac
            )
            decided[bundle.path] = result
            return result
        }
        return bundles.map { bundle in
            var copy = bundle
            copy.platform = platform(of: bundle, depth: 0)
            return copy
        }
    }

    /// The platform a package is judged as: its first app's (a package holds one app, or apps of one platform).
    package static func packagePlatform(of bundles: [InspectedBundle]) -> ApplePlatform? {
        bundles.first { $0.parent == nil }?.platform.platform
    }

    /// What the activation rule lets in, for share and action extensions; nil for other bundles.
    public var accepts: [ActivationRuleAcceptedType]? { activationRule?.accepts }

    /// Where an extension's activation rule sits in its Info.plist.
    package static let activationRulePointer = JSONPointer("NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule")

    /// The activation rule as written, of whatever type; nil when the Info.plist has none.
    package var activationRuleValue: PlistValue? {
        infoPlist?.value(at: Self.activationRulePointer)
    }

    /// The activation rule as one line of text (a predicate as written); nil without one.
    public var activationRuleText: ActivationRuleText? {
        activationRuleValue.map(ActivationRuleText.init(rule:))
    }

    public var bundleIdentifier: String? { string(at: JSONPointer("CFBundleIdentifier")) }
    public var shortVersion: String? { string(at: JSONPointer("CFBundleShortVersionString")) }
    public var version: String? { string(at: JSONPointer("CFBundleVersion")) }
    public var executable: String? { string(at: JSONPointer("CFBundleExecutable")) }
    public var extensionPoint: String? {
        string(at: JSONPointer("NSExtension", "NSExtensionPointIdentifier"))
            ?? string(at: JSONPointer("EXAppExtensionAttributes", "EXExtensionPointIdentifier"))
    }

    /// What the manifests that count for this bundle's code declare; nil when none does.
    public var privacyManifest: PrivacyManifestSummary? { PrivacyManifestSummary(manifests: privacyManifests) }

    /// The last path component, e.g. `S.appex`, for messages.
    public var name: String {
        PackagePath.name(path)
    }

    private func string(at pointer: JSONPointer) -> String? {
        infoPlist?.value(at: pointer)?.stringValue
    }

    /// The top-level Info.plist string value at `key`, when it is a string.
    package func infoString(_ key: String) -> String? {
        string(at: JSONPointer(key))
    }

    /// The version the bundle deploys to: its platform's minimum-OS key (`MinimumOSVersion`,
    /// `LSMinimumSystemVersion` on the Mac), else its executable's lowest; nil when neither says.
    package var deploymentTarget: MachOVersion? {
        if let declared = infoString(platform.platform.minimumOSKey).flatMap(MachOVersion.init) { return declared }
        return signing?.executable?.slices.compactMap(\.minimumOS).min()
    }
}

extension InspectedBundle {
    /// A place in this bundle's Info.plist: the value's own line unless `line` is given.
    package func infoPlistLocation(_ pointer: JSONPointer, line: Int? = nil) -> FindingLocation {
        FindingLocation(bundle: path, file: infoPlistPath, keyPath: pointer, line: line ?? infoPlist?.line(of: pointer))
    }

    /// A file of this bundle other than its Info.plist (executable, entitlements, profile), and
    /// where inside it, when it is a property list.
    package func location(file: String?, keyPath: JSONPointer? = nil) -> FindingLocation {
        FindingLocation(bundle: path, file: file, keyPath: keyPath)
    }
}

/// What a nested bundle is, from where it sits and its extension.
public enum BundleKind: String, Sendable, Hashable, CaseIterable {
    case app
    case appex
    case watchApp = "watch-app"
    case appClip = "app-clip"
    case framework
    /// A Mac bundle's `Contents/XPCServices/*.xpc`.
    case xpcService = "xpc-service"
    /// A Mac app's `Contents/Library/LoginItems/*.app`.
    case loginItem = "login-item"
    /// A Mac app's `Contents/Library/SystemExtensions/*.systemextension` (DriverKit, network, endpoint security).
    case systemExtension = "system-extension"
    /// An app inside a Mac bundle's `Contents/Helpers`, `Contents/MacOS` or another `Contents/Library` folder.
    case helper

    /// Bundles that run as programs of their own (apps, login items, helpers), not loaded into another.
    public var isApplication: Bool {
        switch self {
        case .app, .watchApp, .appClip, .loginItem, .helper: true
        case .appex, .framework, .xpcService, .systemExtension: false
        }
    }
}
