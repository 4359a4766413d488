import BundleCheckModel

/// Every table of `Rules/data` with the reader that turns it into its checks' type.
/// `bundlecheck-generate` reads each table through its reader before compiling the tables in,
/// so a row a reader cannot use stops the build with the file, line and key; a test checks
/// that every table has a reader.
package enum ShippedDataTableReaders {
    /// The tables one type is read from, and how.
    package struct Reader: Sendable {
        package let tables: [String]
        let read: @Sendable ([DataTable]) throws(YAMLLoadError) -> Void

        /// A type read from one table.
        static func one<Table>(_ name: String, _ reader: @escaping @Sendable (DataTable) throws(YAMLLoadError) -> Table) -> Reader {
            Reader(tables: [name]) { tables throws(YAMLLoadError) in _ = try reader(tables[0]) }
        }

        /// A type read from two tables (`PrivacyAPICategory`: reasons and symbols).
        static func two<Table>(
            _ first: String, _ second: String, _ reader: @escaping @Sendable (DataTable, DataTable) throws(YAMLLoadError) -> Table
        ) -> Reader {
            Reader(tables: [first, second]) { tables throws(YAMLLoadError) in _ = try reader(tables[0], tables[1]) }
        }
    }

    package static let all: [Reader] = [
        .one(ApplePlatforms.table, ApplePlatforms.init),
        .one(SigningCertificateKinds.table, SigningCertificateKinds.init),
        .one(TypeIdentifierTable.table, TypeIdentifierTable.init),
        .one(PurposeStringTable.table, PurposeStringTable.init),
        .one(PlaceholderText.table, PlaceholderText.init),
        .one(ListedSDKs.table, ListedSDKs.init),
        .two(PrivacyManifestSchema.keysTable, PrivacyManifestSchema.collectedDataTable, PrivacyManifestSchema.init),
        .two(PrivacyAPICategory.reasonsTable, PrivacyAPICategory.symbolsTable, PrivacyAPICategory.read),
        .one(MacAppCategories.table, MacAppCategories.init),
        .one(InstallerCertificates.table, InstallerCertificates.init),
        .one(AppIconSizes.table, AppIconSizes.init),
        .one(AppStoreIcons.table, AppStoreIcons.init),
        .one(DebugBuilds.table, DebugBuilds.init),
        .one(DebugSymbols.table, DebugSymbols.init),
        .one(DocumentTypes.table, DocumentTypes.init),
        .one(IconAppearances.table, IconAppearances.init),
        .one(IPadMultitasking.table, IPadMultitasking.init),
        .one(IPALayout.table, IPALayout.init),
        .one(LayeredIcons.table, LayeredIcons.init),
        .one(ChangedKeys.table, ChangedKeys.init),
        .one(SceneLifeCycle.table, SceneLifeCycle.init),
        .one(ExtensionOpensApp.table, ExtensionOpensApp.init),
        .one(FrameworkRequirements.table, FrameworkRequirements.init),
        .one(SizeLimits.table, SizeLimits.init),
        .one(SecretTable.table, SecretTable.init),
        .one(TopShelfImages.table, TopShelfImages.init),
        .one(UploadMinimums.table, UploadMinimums.init),
        .one(XcodeBuilds.table, XcodeBuilds.init),
    ]

    /// Reads every table `tables` holds (by name) through each reader that uses it; a reader
    /// whose tables are not all there is skipped. The first error, in the readers' order.
    package static func read(_ tables: [String: DataTable]) throws(YAMLLoadError) {
        for reader in all {
            let found = reader.tables.compactMap { tables[$0] }
            guard found.count == reader.tables.count else { continue }
            try reader.read(found)
        }
    }
}
