import BundleCheckFormats
import BundleCheckModel

/// `unmatched-symbols` (ITMS-90381, a warning): debug symbols that belong to no slice of any
/// binary the package ships. An archive's dSYMs are read for their slices' `LC_UUID`s (the
/// headers only); an IPA's `Symbols/<UUID>.symbols` files are named by theirs
/// (`Rules/data/debug-symbols.yml`). Both are compared with the UUIDs of every executable,
/// loose library and helper tool. When a bundle's binary could not be read, or has a slice
/// without a UUID, the symbols may be its, and nothing is judged.
struct UnmatchedSymbolsCheck: Check {
    static let ruleID = "unmatched-symbols"
    /// DWARF files read at most (their headers only): an archive has one per binary.
    static let maximumDWARFFiles = 512
    /// Symbol files an IPA finding names; the rest are counted.
    static let maximumNamedFiles = 10
    let id = ruleID
    /// The load commands of each dSYM's DWARF file (its UUIDs).
    var reads: CheckReads { CheckReads(readsLoadCommands: true) }
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes([DebugSymbols.shipped.code], from: DebugSymbols.table)] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let marker: [Substring]
        switch context.inputKind {
        case .xcarchive: marker = ["Products", "Applications"]
        case .ipa: marker = ["Payload"]
        case .app, .installerPackage: return []
        }
        guard let shipped = Self.shippedUUIDs(of: context.bundles) else { return [] }
        let symbols = DebugSymbols.shipped
        let roots = Set(context.bundles.filter { $0.parent == nil }.compactMap { Self.root(of: $0.path, before: marker) }).sorted()
        return roots.flatMap { root in
            context.inputKind == .xcarchive
                ? archiveFindings(root: root, shipped: shipped, symbols: symbols, in: context, as: rule)
                : ipaFindings(root: root, shipped: shipped, symbols: symbols, in: context, as: rule)
        }
    }

    /// Each slice's UUID of every binary, by UUID; nil when some binary's cannot be known.
    static func shippedUUIDs(of bundles: [InspectedBundle]) -> [MachOUUID: (path: String, architecture: String)]? {
        var shipped: [MachOUUID: (path: String, architecture: String)] = [:]
        for bundle in bundles {
            let named = bundle.executable.map { !$0.isEmpty } ?? false
            if named && bundle.signing?.executable == nil { return nil }
            for binary in bundle.signing?.binaries ?? [] {
                for slice in binary.file.slices {
                    guard let uuid = slice.uuid else { return nil }
                    shipped[uuid] = (binary.path, slice.architecture)
                }
            }
        }
        return shipped
    }

    /// The folder (with its slash, or empty) that holds `marker` above an app's path:
    /// `X.xcarchive/` for `X.xcarchive/Products/Applications/Notes.app`.
    static func root(of path: String, before marker: [Substring]) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count > marker.count,
            let start = (0...(components.count - marker.count)).first(where: { Array(components[$0..<($0 + marker.count)]) == marker })
        else { return nil }
        return components[..<start].map { $0 + "/" }.joined()
    }

    /// One finding per dSYM with slices no binary has.
    private func archiveFindings(
        root: String, shipped: [MachOUUID: (path: String, architecture: String)], symbols: DebugSymbols,
        in context: CheckContext, as rule: RuleDefinition
    ) -> [Finding] {
        let folder = root + symbols.archiveFolder
        let files = context.paths.files(under: folder) { _ in true }
            .filter { symbols.isDWARFFile($0.path.dropFirst(folder.count + 1)) }
            .prefix(Self.maximumDWARFFiles)
        return files.compactMap { entry -> Finding? in
            // A dSYM that is no Mach-O file, or a broken one, holds nothing to match.
            guard let dwarf = context.machOLoadCommands(of: entry.path) else { return nil }
            let unmatched = dwarf.slices.filter { slice in slice.uuid.map { shipped[$0] == nil } ?? false }
            guard !unmatched.isEmpty else { return nil }
            let dSYM = entry.path.dropFirst(folder.count + 1).prefix { $0 != "/" }
            let listed = unmatched.map { "\($0.architecture) (UUID \($0.uuid!))" }.joined(separator: ", ")
            let binaryName = PackagePath.name(entry.path)
            let namesake = shipped.filter { PackagePath.name($0.value.path) == binaryName }
                .map { "\($0.value.architecture) (UUID \($0.key))" }.sorted()
            let shippedSlices =
                namesake.isEmpty
                ? "no binary of the archive is named \(binaryName)"
                : "the archive's \(binaryName) has \(namesake.joined(separator: ", "))"
            return rule.finding(
                "\(dSYM) holds symbols for \(listed) that match no slice of any binary (\(shippedSlices))\(symbols.appleWarning)",
                at: FindingLocation(bundle: nil, file: entry.path), identity: entry.path, appleCodes: [symbols.code]
            )
        }
    }

    /// One finding naming the IPA's symbol files that match no slice.
    private func ipaFindings(
        root: String, shipped: [MachOUUID: (path: String, architecture: String)], symbols: DebugSymbols,
        in context: CheckContext, as rule: RuleDefinition
    ) -> [Finding] {
        let folder = root + symbols.ipaFolder
        let unmatched = context.paths.files(under: folder) { _ in true }.compactMap { entry -> String? in
            let name = entry.path.dropFirst(folder.count + 1)
            guard !name.contains("/"), let uuid = symbols.uuid(ofSymbolFile: name), shipped[uuid] == nil else { return nil }
            return String(name)
        }
        guard !unmatched.isEmpty else { return [] }
        let named = unmatched.prefix(Self.maximumNamedFiles).joined(separator: ", ")
        let more = unmatched.count > Self.maximumNamedFiles ? " and \(unmatched.count - Self.maximumNamedFiles) more" : ""
        return [
            rule.finding(
                "\(folder)/ holds \(unmatched.count == 1 ? "a symbol file" : "\(unmatched.count) symbol files") whose UUID matches no slice of any binary (\(named)\(more))\(symbols.appleWarning)",
                at: FindingLocation(bundle: nil, file: folder), identity: folder, appleCodes: [symbols.code]
            )
        ]
    }
}
