import BundleCheckFormats
import BundleCheckModel

/// The installer certificates of `Rules/data/installer-certificates.yml`: for each way a
/// package ships, the names its signing certificate's common name may start with.
struct InstallerCertificates {
    let names: [Distribution: [String]]

    static let table = "installer-certificates"
    static let shipped = DataTables.read(table, InstallerCertificates.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = try table.root.allowing(keys: Distribution.choiceNames)
        var names: [Distribution: [String]] = [:]
        for distribution in Distribution.allCases {
            names[distribution] = try entries.optional(distribution.rawValue)?.strings()
        }
        guard !names.isEmpty else { throw entries.error("expected at least one distribution") }
        self.names = names
    }

    /// None for a distribution the table does not list.
    func names(for distribution: Distribution) -> [String] {
        names[distribution] ?? []
    }
}
