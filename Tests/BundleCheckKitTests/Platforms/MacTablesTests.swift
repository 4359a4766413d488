import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The Mac tables read into their checks' types: the categories the Mac App Store takes and the
/// installer certificates of each way a package ships.
@Suite struct MacTablesTests {
    @Test func theShippedTablesReadIntoTheirChecksTypes() {
        let categories = MacAppCategories.shipped.categories
        #expect(categories.contains("public.app-category.developer-tools") && categories.allSatisfy { $0.hasPrefix("public.app-category.") })
        #expect(Set(categories).count == categories.count, "a category is listed twice")
        let certificates = InstallerCertificates.shipped
        #expect(certificates.names(for: .macAppStore).contains("3rd Party Mac Developer Installer"))
        #expect(
            InstallerSignatureCheck().distributions.allSatisfy { !certificates.names(for: $0).isEmpty }, "a distribution the check judges has no certificate")
        #expect(certificates.names(for: .appStore).isEmpty)
    }

    @Test func aCategoryListWithNothingInItIsRefused() throws {
        let broken = try DataTableText.table("mac-app-categories", entries: "categories: []")
        #expect(throws: YAMLLoadError(file: "Rules/data/mac-app-categories.yml", line: 6, field: "entries.categories", message: "expected at least one item")) {
            try MacAppCategories(broken)
        }
    }

    @Test func anInstallerCertificateOfAnUnknownDistributionIsRefused() throws {
        let broken = try DataTableText.table(
            "installer-certificates", entries: "mac-app-store: [Mac Installer Distribution]\ndeveloperid: [Developer ID Installer]")
        #expect(
            throws: YAMLLoadError(
                file: "Rules/data/installer-certificates.yml", line: 7, field: "entries.developerid",
                message: "unknown key; expected one of: app-store, ad-hoc, development, enterprise, mac-app-store, developer-id")
        ) {
            try InstallerCertificates(broken)
        }
    }
}
