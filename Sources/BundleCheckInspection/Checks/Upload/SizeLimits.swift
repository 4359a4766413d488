import BundleCheckFormats
import BundleCheckModel

/// The size facts of `Rules/data/size-limits.yml`: the most App Store Connect accepts of an
/// uncompressed app, of an executable's `__TEXT` sections and of an App Clip, in bytes.
struct SizeLimits {
    struct ExecutableLimit: Equatable {
        let platform: String
        let minimumOS: MachOVersion
        let bytes: UInt64
        /// The limit is Apple's "(…) written as" text, e.g. `500 MB`.
        let written: String
        /// Each slice judged alone, rather than every slice's sections added up.
        let perSlice: Bool
    }

    struct AppClipLimit: Equatable {
        let minimumOS: MachOVersion
        let bytes: UInt64
        let written: String
        let digitalOnly: Bool
    }

    /// By platform id: bytes and the limit as written.
    let app: [String: (bytes: UInt64, written: String)]
    /// Most demanding minimum OS first within a platform, as the table lists them.
    let executable: [ExecutableLimit]
    let appClip: [AppClipLimit]
    let appClipCode: String
    let unreadableLines: [Int]

    static let table = "size-limits"
    static let shipped = SizeLimits(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var units: [String: UInt64] = [:]
        for pair in entries["units"]?.mapping ?? [] {
            guard let name = pair.key.scalar, let value = pair.value.scalar.flatMap(UInt64.init) else {
                unreadable.append(pair.key.line)
                continue
            }
            units[name] = value
        }
        /// `4 GB` in bytes, by the table's units.
        func bytes(_ node: YAMLNode?) -> UInt64? {
            let parts = node?.scalar?.split(separator: " ") ?? []
            guard parts.count == 2, let count = UInt64(parts[0]), let unit = units[String(parts[1])] else { return nil }
            let (product, overflow) = count.multipliedReportingOverflow(by: unit)
            return overflow ? nil : product
        }
        var app: [String: (bytes: UInt64, written: String)] = [:]
        for row in entries["app"]?.sequence ?? [] {
            guard let platform = row["platform"]?.scalar, ApplePlatforms.shipped.platform(id: platform) != nil,
                let limit = bytes(row["limit"]), let written = row["limit"]?.scalar
            else {
                unreadable.append(row.line)
                continue
            }
            app[platform] = (limit, written)
        }
        var executable: [ExecutableLimit] = []
        for row in entries["executable"]?.sequence ?? [] {
            guard let platform = row["platform"]?.scalar, ApplePlatforms.shipped.platform(id: platform) != nil,
                let minimum = row["minimum-os"]?.scalar.flatMap(MachOVersion.init), let limit = bytes(row["limit"]),
                let written = row["limit"]?.scalar, let per = row["per"]?.scalar, per == "binary" || per == "slice"
            else {
                unreadable.append(row.line)
                continue
            }
            executable.append(ExecutableLimit(platform: platform, minimumOS: minimum, bytes: limit, written: written, perSlice: per == "slice"))
        }
        var appClip: [AppClipLimit] = []
        for row in entries["app-clip"]?.sequence ?? [] {
            guard let minimum = row["minimum-os"]?.scalar.flatMap(MachOVersion.init), let limit = bytes(row["limit"]), let written = row["limit"]?.scalar
            else {
                unreadable.append(row.line)
                continue
            }
            appClip.append(AppClipLimit(minimumOS: minimum, bytes: limit, written: written, digitalOnly: row["digital-only"]?.scalar == "true"))
        }
        var fields = DataTableFields(entries)
        appClipCode = fields.string("app-clip-code")
        if units.isEmpty || app.isEmpty || executable.isEmpty || appClip.isEmpty { unreadable.append(entries.line) }
        self.app = app
        self.executable = executable
        self.appClip = appClip
        unreadableLines = unreadable + fields.unreadableLines
    }

    /// The executable limit for a bundle of `platform` whose minimum OS is `minimum`.
    func executableLimit(platform: String, minimum: MachOVersion) -> ExecutableLimit? {
        executable.first { $0.platform == platform && minimum >= $0.minimumOS }
    }

    /// The App Clip limit for a clip whose minimum OS is `minimum`.
    func appClipLimit(minimum: MachOVersion, digitalOnly: Bool) -> AppClipLimit? {
        appClip.first { minimum >= $0.minimumOS && (digitalOnly || !$0.digitalOnly) }
    }
}
