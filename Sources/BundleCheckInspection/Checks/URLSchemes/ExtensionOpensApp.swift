import BundleCheckFormats
import BundleCheckModel

/// The facts of `Rules/data/extension-opens-app.yml`: what in an extension's code shows that it
/// opens its containing app, and the platforms whose extensions open their app by bundle
/// identifier instead of a URL scheme.
struct ExtensionOpensApp {
    let selectors: Set<String>
    let byBundleIdentifier: Set<String>

    static let table = "extension-opens-app"
    static let shipped = DataTables.read(table, ExtensionOpensApp.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = try table.root.allowing(keys: ["selectors", "open-by-bundle-identifier"])
        selectors = Set(try entries("selectors").strings())
        byBundleIdentifier = Set(try entries("open-by-bundle-identifier").items().map { id throws(YAMLLoadError) in try id.platformID() })
    }

    /// What the runs must keep of executables: the selectors, and URL strings.
    var needs: [BinaryMatcher] {
        [BinaryMatcher(kind: .selector, condition: .equalsAny(selectors)), URLSchemeUndeclaredCheck.need]
    }

    /// What `bundle`'s code shows of opening a URL: the first selector it names, else the first
    /// `scheme://` string of a scheme the system does not answer; nil when it shows neither.
    func evidence(in bundle: InspectedBundle) -> String? {
        let found = bundle.signing?.executable?.slices.flatMap(\.evidence) ?? []
        if let selector = found.first(where: { $0.kind == .selector && selectors.contains($0.value) }) { return selector.value }
        for string in found where string.kind == .string {
            if let scheme = URLSchemeUndeclaredCheck.schemes(in: string.value).first(where: { !URLSchemeUndeclaredCheck.system.contains($0.lowercased()) }) {
                return "'\(scheme)://'"
            }
        }
        return nil
    }
}
