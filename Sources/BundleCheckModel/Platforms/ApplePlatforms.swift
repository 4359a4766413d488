import BundleCheckFormats
import Foundation

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

    package static let table = "platforms"
    public static let shipped = DataTables.read(table, ApplePlatforms.init)

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
    /// Reads `platforms.yml`. A nesting or an extension point may name only the table's own
    /// platforms: a misspelt id would otherwise allow nothing, silently.
    package init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        let rows = try entries("platforms").items()
        let known = Set(try rows.map { row throws(YAMLLoadError) in try row("id").string() })
        func platformID(_ field: YAMLField) throws(YAMLLoadError) -> String {
            let id = try field.string()
            guard known.contains(id) else { throw field.error("'\(id)' is not a platform of the table (\(known.sorted().joined(separator: ", ")))") }
            return id
        }

        var points: [String: ExtensionPoint] = [:]
        var pointsByPlatform: [String: Set<String>] = [:]
        for row in try entries.optional("extension-points")?.items() ?? [] {
            let row = try row.allowing(keys: ["point", "platforms", "extension-kit", "activation-rule", "principal-class"])
            let identifierField = try row("point")
            let identifier = try identifierField.string()
            guard points[identifier] == nil else { throw identifierField.error("'\(identifier)' is listed twice") }
            let names = try row("platforms").items().map { item throws(YAMLLoadError) in try platformID(item) }
            points[identifier] = ExtensionPoint(
                identifier: identifier, platforms: Set(names),
                extensionKit: try row.optional("extension-kit")?.bool() ?? false,
                hasActivationRule: try row.optional("activation-rule")?.bool() ?? false,
                needsPrincipalClass: try row.optional("principal-class")?.bool() ?? true
            )
            for name in names { pointsByPlatform[name, default: []].insert(identifier) }
        }

        var platforms: [ApplePlatform] = []
        for row in rows {
            let platform = try Self.platform(row, extensionPoints: pointsByPlatform)
            guard !platforms.contains(where: { $0.id == platform.id }) else { throw try row("id").error("'\(platform.id)' is listed twice") }
            platforms.append(platform)
        }

        var nestings: [Nesting] = []
        for row in try entries.optional("nesting")?.items() ?? [] {
            let row = try row.allowing(keys: ["container", "kind", "nested"])
            nestings.append(
                Nesting(container: try platformID(row("container")), kind: try row("kind").choice(BundleKind.self), nested: try platformID(row("nested"))))
        }
        self.platforms = platforms
        self.nestings = nestings
        self.extensionPoints = points
    }

    private static let platformKeys = [
        "id", "name", "device", "simulator", "device-families", "minimum-os-key", "distributions", "deployment-target", "architectures",
        "architectures-below", "architectures-required-below", "identifying-keys", "layout", "upload-sdk", "team-app-groups", "macho-versions",
        "signature-decides", "architectures-required-from",
    ]

    private static func platform(_ row: YAMLField, extensionPoints: [String: Set<String>]) throws(YAMLLoadError) -> ApplePlatform {
        let row = try row.allowing(keys: platformKeys)
        let id = try row("id").string()
        // Architectures by deployment-target limit: accepted only below it, or required below it.
        func byLimit(_ key: String) throws(YAMLLoadError) -> [(limit: MachOVersion, architectures: Set<String>)] {
            var limits: [(limit: MachOVersion, architectures: Set<String>)] = []
            for (text, names) in try row.optional(key)?.pairs() ?? [] {
                guard let limit = MachOVersion(text) else { throw names.error("'\(text)' is not a version such as 11.0") }
                limits.append((limit, Set(try names.strings())))
            }
            return limits
        }
        var versions: [(machO: MachOVersion, declared: MachOVersion)] = []
        for (text, declared) in try row.optional("macho-versions")?.pairs() ?? [] {
            guard let machO = MachOVersion(text) else { throw declared.error("'\(text)' is not a version such as 17.0") }
            versions.append((machO, try declared.version()))
        }
        let families = try row.optional("device-families")?.items().map { item throws(YAMLLoadError) in try item.integer() } ?? []
        return ApplePlatform(
            id: id, name: try row("name").string(), device: try build(row("device"), nameKey: "destination"),
            simulator: try row.optional("simulator").map { field throws(YAMLLoadError) in try build(field, nameKey: "name") },
            deviceFamilies: Set(families), minimumOSKey: try row("minimum-os-key").string(), deploymentTargetSetting: try row("deployment-target").string(),
            architectures: Set(try row.optional("architectures")?.strings() ?? []), architecturesBelow: try byLimit("architectures-below"),
            architecturesRequiredBelow: try byLimit("architectures-required-below"),
            architecturesRequiredFrom: try datedArchitectures(row),
            identifyingKeys: try row.optional("identifying-keys")?.strings() ?? [],
            usesContentsLayout: try row.optional("layout")?.word(["contents", "flat"]) == "contents",
            uploadSDK: try row.optional("upload-sdk")?.string(), extensionPoints: extensionPoints[id] ?? [],
            distributions: try distributions(row),
            signatureDistributions: try signatureDistributions(row),
            allowsTeamAppGroups: try row.optional("team-app-groups")?.bool() ?? false,
            machOVersions: versions.sorted { $0.machO < $1.machO }
        )
    }

    /// `architectures-required-from`: rows of `from` (a date), `announced` (Apple's words, where
    /// it gave only the month) and `architectures`, oldest first.
    private static func datedArchitectures(_ row: YAMLField) throws(YAMLLoadError) -> [ApplePlatform.DatedArchitectures] {
        var rows: [ApplePlatform.DatedArchitectures] = []
        for item in try row.optional("architectures-required-from")?.items() ?? [] {
            let item = try item.allowing(keys: ["from", "announced", "architectures"])
            let fromField = try item("from")
            let fromText = try fromField.string()
            guard let from = ISODateParser.parse(fromText) else { throw fromField.error("'\(fromText)' is not a date such as 2026-04-01") }
            rows.append(
                ApplePlatform.DatedArchitectures(
                    from: from, announced: try item.optional("announced")?.string() ?? fromText, architectures: Set(try item("architectures").strings())))
        }
        return rows.sorted { $0.from < $1.from }
    }

    private static func distributions(_ row: YAMLField) throws(YAMLLoadError) -> [Distribution] {
        try row("distributions").items().map { item throws(YAMLLoadError) in try item.choice(Distribution.self) }
    }

    /// `signature-decides`: each one of the platform's `distributions`.
    private static func signatureDistributions(_ row: YAMLField) throws(YAMLLoadError) -> [Distribution] {
        let distributions = try distributions(row)
        var decided: [Distribution] = []
        for item in try row.optional("signature-decides")?.items() ?? [] {
            let distribution = try item.choice(Distribution.self)
            guard distributions.contains(distribution) else { throw item.error("'\(distribution.rawValue)' is not one of the platform's distributions") }
            decided.append(distribution)
        }
        return decided
    }

    private static func build(_ field: YAMLField, nameKey: String) throws(YAMLLoadError) -> ApplePlatform.Build {
        let field = try field.allowing(keys: ["supported-platform", "platform-name", "macho-platform", "version-min", nameKey])
        let numberField = try field("macho-platform")
        guard let number = UInt32(exactly: try numberField.unsignedInteger()) else {
            throw numberField.error("a Mach-O platform number fits 32 bits")
        }
        return ApplePlatform.Build(
            supportedPlatform: try field("supported-platform").string(), platformName: try field("platform-name").string(),
            machOPlatform: MachOPlatform(rawValue: number), versionMinCommand: try field.optional("version-min")?.string(), name: try field(nameKey).string()
        )
    }
}
