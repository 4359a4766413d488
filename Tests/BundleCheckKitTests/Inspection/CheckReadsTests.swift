import BundleCheckFormats
import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

/// What a run reads is built from what its checks declare (`Check.reads`), in one place: the
/// catalogs and their pixels, the seals, the files an installer package's pass keeps whole.
@Suite struct CheckReadsTests {
    static func rules(_ ids: Set<String>) -> [RuleDefinition] {
        RuleCatalogue.shipped.rules.filter { ids.contains($0.id) }
    }

    @Test func theCatalogRulesAreTheChecksThatDeclareTheCatalog() {
        #expect(
            AssetCatalogWants.listingRules == [
                "asset-catalog-malformed", "app-icon-set-missing", "app-store-icon-missing", "app-store-icon-alpha", "top-shelf-image-missing",
                "top-shelf-image-alpha", "vision-icon-layers", "alternate-icon-missing", "mac-app-icon", "icon-fallbacks-missing", "icon-catalog-bloat",
            ])
    }

    @Test func aRunReadsWhatItsChecksDeclareAndNoMore() {
        let alpha = AssetCatalogWants(rules: Self.rules(["app-store-icon-alpha"]))
        #expect(alpha.lists && alpha.decodesAppStoreIcon && !alpha.decodesTopShelfImages, "decoding pixels lists the catalog too")
        let missing = AssetCatalogWants(rules: Self.rules(["app-store-icon-missing"]))
        #expect(missing.lists && !missing.decodesAppStoreIcon)
        let versions = AssetCatalogWants(rules: Self.rules(["version-mismatch", "url-scheme-invalid"]))
        #expect(!versions.lists)
        #expect(SealWants(rules: Self.rules(["version-mismatch"]), settings: InspectionSettings()).isEmpty)
        #expect(!SealWants(rules: Self.rules(["signature-modified"]), settings: InspectionSettings()).isEmpty)
        // A matcher rule declares nothing through a check: the engine reads for it.
        #expect(CheckReads.declared(by: Self.rules(["junk-file"])).wholeFiles.isEmpty)
    }

    @Test func theFilesKeptWholeAreTheInspectorsAndEachChecks() {
        func limit(_ path: String) -> UInt64? {
            PayloadReadPlanner.wholeFiles.first { $0.matches(path: path, name: PackagePath.name(path)) }?.limit
        }
        #expect(limit("A.pkg/Payload/Notes.app/Contents/Info.plist") == UInt64(PackageInspector.infoPlistLimit))
        #expect(limit("A.pkg/Payload/Notes.app/Contents/_CodeSignature/CodeResources") == UInt64(SealVerifier.codeResourcesLimit))
        #expect(limit("A.pkg/Payload/Notes.app/Contents/Resources/fr.lproj/InfoPlist.strings") == UInt64(PurposeStringValue.stringsFileLimit))
        #expect(limit("A.pkg/Payload/Notes.app/Contents/Resources/AppIcon.icns") == UInt64(MacAppIconCheck.sizeLimit))
        #expect(limit("A.pkg/Payload/Notes.app/Contents/PlugIns/Share.appex/Contents/Resources/Action.js") == UInt64(JavaScriptPreprocessingCheck.fileLimit))
        // A script outside an extension (an Electron app's thousands) is not kept.
        #expect(limit("A.pkg/Payload/Notes.app/Contents/Resources/app/main.js") == nil)
        #expect(limit("A.pkg/Payload/Notes.app/Contents/MacOS/Notes") == nil)
        // Each pattern once, though two purpose-string checks declare InfoPlist.strings.
        #expect(Set(PayloadReadPlanner.wholeFiles).count == PayloadReadPlanner.wholeFiles.count)
    }

    /// In a debug build (the tests'), a check's context refuses a file its check did not
    /// declare; every rule's examples run that way (`RuleExamplesTests`), so a check that
    /// forgets a declaration loses the finding its example expects.
    @Test func aDebugContextRefusesWhatItsCheckDidNotDeclare() throws {
        let script = "Payload/Notes.app/PlugIns/Share.appex/Action.js"
        let paths = PathIndex(files: [script, "Payload/Notes.app/Info.plist"], folders: [])
        let context = CheckContext(bundles: [], paths: paths)
        #expect(context.permits(script), "outside a check nothing is refused")
        let undeclared = context.declaring(.nothingMore)
        #if DEBUG
            #expect(!undeclared.permits(script) && !undeclared.permitsLoadCommands)
        #endif
        #expect(undeclared.permits("Payload/Notes.app/Info.plist"), "what every run reads is never refused")
        let declared = context.declaring(JavaScriptPreprocessingCheck().reads)
        #expect(declared.permits(script) && !declared.permits("Payload/Notes.app/Resources/other.js") == CheckContextBuild.isDebug)
        #expect(context.declaring(UnmatchedSymbolsCheck().reads).permitsLoadCommands)
    }
}

/// Whether these tests were built for debugging, where declarations are enforced.
enum CheckContextBuild {
    #if DEBUG
        static let isDebug = true
    #else
        static let isDebug = false
    #endif
}
