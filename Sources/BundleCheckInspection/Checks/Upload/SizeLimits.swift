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

    static let table = "size-limits"
    static let shipped = DataTables.read(table, SizeLimits.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        var units: [String: UInt64] = [:]
        for (name, value) in try entries("units").pairs() {
            units[name] = try value.unsignedInteger()
        }
        /// `4 GB` in bytes, by the table's units.
        func bytes(_ field: YAMLField) throws(YAMLLoadError) -> (bytes: UInt64, written: String) {
            let written = try field.string()
            let parts = written.split(separator: " ")
            guard parts.count == 2, let count = UInt64(parts[0]), let unit = units[String(parts[1])] else {
                throw field.error("'\(written)' is not a count and one of the table's units (\(units.keys.sorted().joined(separator: ", ")))")
            }
            let (product, overflow) = count.multipliedReportingOverflow(by: unit)
            guard !overflow else { throw field.error("'\(written)' is more bytes than 64 bits hold") }
            return (product, written)
        }
        var app: [String: (bytes: UInt64, written: String)] = [:]
        for row in try entries("app").items() {
            app[try row("platform").platformID()] = try bytes(row("limit"))
        }
        var executable: [ExecutableLimit] = []
        for row in try entries("executable").items() {
            let limit = try bytes(row("limit"))
            executable.append(
                ExecutableLimit(
                    platform: try row("platform").platformID(), minimumOS: try row("minimum-os").version(), bytes: limit.bytes, written: limit.written,
                    perSlice: try row("per").word(["binary", "slice"]) == "slice"))
        }
        var appClip: [AppClipLimit] = []
        for row in try entries("app-clip").items() {
            let limit = try bytes(row("limit"))
            appClip.append(
                AppClipLimit(
                    minimumOS: try row("minimum-os").version(), bytes: limit.bytes, written: limit.written,
                    digitalOnly: try row.optional("digital-only")?.bool() ?? false))
        }
        appClipCode = try entries("app-clip-code").string()
        self.app = app
        self.executable = executable
        self.appClip = appClip
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
