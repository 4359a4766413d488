import BundleCheckFormats

/// The platform table, `Rules/data/platforms.yml`: Apple's platforms, which may nest in which,
/// and the extension points each loads. The one place checks ask about platforms.
public struct ApplePlatforms: Sendable {
    /// An extension point and where it exists.
    public struct ExtensionPoint: Sendable, Hashable {
        public let identifier: String
        /// Platform ids.
        public let platforms: Set<String>
        /// An ExtensionKit point: the bundle sits in `Extensions/` and declares `EXAppExtensionAttributes`.
        public let extensionKit: Bool
        /// Share and action extensions: an activation rule decides where they appear.
        public let hasActivationRule: Bool
        /// Whether its extensions name a principal class or storyboard (WidgetKit finds its
        /// `@main` widget bundle, WatchKit its extension delegate).
        public let needsPrincipalClass: Bool
    }

    /// A nesting the platform rule allows besides "the same platform as the container".
    public struct Nesting: Sendable, Hashable {
        public let container: String
        public let kind: BundleKind
        public let nested: String
    }

    /// In the table's order: iOS first.
    public let platforms: [ApplePlatform]
    public let nestings: [Nesting]
    public let extensionPoints: [String: ExtensionPoint]
    /// Lines of rows that could not be read (a test keeps this empty).
    public let unreadableLines: [Int]

    public static let shipped = ApplePlatforms(entries: DataTables.named("platforms").entries)

    /// iOS: what a bundle that says nothing of its platform is taken for.
    public var fallback: ApplePlatform { platforms[0] }

    public func platform(id: String) -> ApplePlatform? {
        platforms.first { $0.id == id }
    }

    /// The platforms (with whether it is the simulator) whose builds carry this
    /// `CFBundleSupportedPlatforms` value; more than one where platforms share it (`MacOSX`).
    public func platforms(supportedPlatform name: String) -> [(platform: ApplePlatform, simulator: Bool)] {
        builds { $0.supportedPlatform == name }
    }

    /// The same for a `DTPlatformName` (or `DTSDKName`'s letters).
    public func platforms(platformName name: String) -> [(platform: ApplePlatform, simulator: Bool)] {
        builds { $0.platformName == name }
    }

    /// The platform of an `LC_BUILD_VERSION` number, or of the number an `LC_VERSION_MIN_*` implies.
    public func platform(machO: MachOPlatform) -> (platform: ApplePlatform, simulator: Bool)? {
        builds { $0.machOPlatform == machO }.first
    }

    /// The one platform whose devices all of `families` are, if there is exactly one.
    public func platform(deviceFamilies families: [Int]) -> ApplePlatform? {
        guard !families.isEmpty else { return nil }
        let matching = platforms.filter { families.allSatisfy($0.deviceFamilies.contains) }
        return matching.count == 1 ? matching[0] : nil
    }

    /// The platform a bundle of `kind` inside a bundle built for `container` must be built for:
    /// the nesting's where the table has one (an iOS app's watch app: watchOS), else the container's.
    public func expected(for kind: BundleKind, in container: ApplePlatform) -> ApplePlatform {
        nestings.first { $0.container == container.id && $0.kind == kind }.flatMap { platform(id: $0.nested) } ?? container
    }

    /// Extension points whose extensions have an activation rule.
    public var activationRulePoints: Set<String> {
        Set(extensionPoints.values.filter(\.hasActivationRule).map(\.identifier))
    }

    private func builds(where matches: (ApplePlatform.Build) -> Bool) -> [(platform: ApplePlatform, simulator: Bool)] {
        platforms.flatMap { platform in
            [(platform.device, false), platform.simulator.map { ($0, true) }].compactMap { $0 }
                .filter { matches($0.0) }.map { (platform, $0.1) }
        }
    }
}

// MARK: - Reading the table

extension ApplePlatforms {
    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var points: [String: ExtensionPoint] = [:]
        var pointsByPlatform: [String: Set<String>] = [:]
        for row in entries["extension-points"]?.sequence ?? [] {
            guard let identifier = row["point"]?.scalar, let names = row["platforms"]?.sequence?.compactMap(\.scalar), !names.isEmpty else {
                unreadable.append(row.line)
                continue
            }
            let point = ExtensionPoint(
                identifier: identifier, platforms: Set(names),
                extensionKit: row["extension-kit"]?.scalar == "true",
                hasActivationRule: row["activation-rule"]?.scalar == "true",
                needsPrincipalClass: row["principal-class"]?.scalar != "false"
            )
            points[identifier] = point
            for name in names { pointsByPlatform[name, default: []].insert(identifier) }
        }
        var platforms: [ApplePlatform] = []
        for row in entries["platforms"]?.sequence ?? [] {
            guard let platform = Self.platform(row, extensionPoints: pointsByPlatform, unreadable: &unreadable) else {
                unreadable.append(row.line)
                continue
            }
            platforms.append(platform)
        }
        let known = Set(platforms.map(\.id))
        var nestings: [Nesting] = []
        for row in entries["nesting"]?.sequence ?? [] {
            guard let container = row["container"]?.scalar, let nested = row["nested"]?.scalar,
                let kind = row["kind"]?.scalar.flatMap(BundleKind.init(rawValue:)), known.contains(container), known.contains(nested)
            else {
                unreadable.append(row.line)
                continue
            }
            nestings.append(Nesting(container: container, kind: kind, nested: nested))
        }
        for point in points.values where !point.platforms.isSubset(of: known) {
            unreadable.append(entries["extension-points"]?.sequence?.first { $0["point"]?.scalar == point.identifier }?.line ?? entries.line)
        }
        // The table is compiled in and every test reads it: one without a platform is a broken
        // build, not an input to cope with, and no platform is written down here in its place.
        precondition(!platforms.isEmpty, "Rules/data/platforms.yml names no platform that can be read (lines \(unreadable))")
        self.platforms = platforms
        self.nestings = nestings
        self.extensionPoints = points
        self.unreadableLines = unreadable.sorted()
    }

    private static func platform(_ row: YAMLNode, extensionPoints: [String: Set<String>], unreadable: inout [Int]) -> ApplePlatform? {
        guard let id = row["id"]?.scalar, let name = row["name"]?.scalar, let deviceNode = row["device"],
            let device = build(deviceNode, nameKey: "destination"),
            let minimumOSKey = row["minimum-os-key"]?.scalar, let setting = row["deployment-target"]?.scalar
        else { return nil }
        var simulator: ApplePlatform.Build?
        if let node = row["simulator"] {
            simulator = build(node, nameKey: "name")
            if simulator == nil { unreadable.append(node.line) }
        }
        let families = (row["device-families"]?.sequence ?? []).compactMap { node -> Int? in
            guard let value = node.scalar.flatMap(Int.init) else {
                unreadable.append(node.line)
                return nil
            }
            return value
        }
        // Architectures by deployment-target limit: accepted only below it, or required below it.
        func byLimit(_ key: String) -> [(limit: MachOVersion, architectures: Set<String>)] {
            (row[key]?.mapping ?? []).compactMap { pair -> (limit: MachOVersion, architectures: Set<String>)? in
                guard let limit = pair.key.scalar.flatMap(MachOVersion.init), let names = pair.value.sequence else {
                    unreadable.append(pair.key.line)
                    return nil
                }
                return (limit, Set(names.compactMap(\.scalar)))
            }
        }
        let distributions = (row["distributions"]?.sequence ?? []).compactMap { node -> Distribution? in
            guard let value = node.scalar.flatMap(Distribution.init(rawValue:)) else {
                unreadable.append(node.line)
                return nil
            }
            return value
        }
        if distributions.isEmpty { unreadable.append(row.line) }
        let versions = (row["macho-versions"]?.mapping ?? []).compactMap { pair -> (machO: MachOVersion, declared: MachOVersion)? in
            guard let machO = pair.key.scalar.flatMap(MachOVersion.init), let declared = pair.value.scalar.flatMap(MachOVersion.init) else {
                unreadable.append(pair.key.line)
                return nil
            }
            return (machO, declared)
        }
        return ApplePlatform(
            id: id, name: name, device: device, simulator: simulator, deviceFamilies: Set(families),
            minimumOSKey: minimumOSKey, deploymentTargetSetting: setting,
            architectures: Set((row["architectures"]?.sequence ?? []).compactMap(\.scalar)), architecturesBelow: byLimit("architectures-below"),
            architecturesRequiredBelow: byLimit("architectures-required-below"),
            identifyingKeys: (row["identifying-keys"]?.sequence ?? []).compactMap(\.scalar),
            usesContentsLayout: row["layout"]?.scalar == "contents",
            uploadSDK: row["upload-sdk"]?.scalar, extensionPoints: extensionPoints[id] ?? [],
            distributions: distributions.isEmpty ? [.appStore] : distributions,
            allowsTeamAppGroups: row["team-app-groups"]?.scalar == "true",
            machOVersions: versions.sorted { $0.machO < $1.machO }
        )
    }

    private static func build(_ node: YAMLNode, nameKey: String) -> ApplePlatform.Build? {
        guard let supported = node["supported-platform"]?.scalar, let platformName = node["platform-name"]?.scalar,
            let number = node["macho-platform"]?.scalar.flatMap(UInt32.init), let name = node[nameKey]?.scalar
        else { return nil }
        return ApplePlatform.Build(
            supportedPlatform: supported, platformName: platformName, machOPlatform: MachOPlatform(rawValue: number),
            versionMinCommand: node["version-min"]?.scalar, name: name
        )
    }
}
