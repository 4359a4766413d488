import BundleCheckFixtures
import BundleCheckModel
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

/// Installer packages as bundlecheck reads them: the same findings as the same app zipped, one
/// pass over the payload for a whole run, and every hostile shape of the xar and its payload
/// ending in a finding or a refusal, never a crash.
@Suite struct InstallerPackageContainerTests {
    typealias Support = InstallerTestSupport
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func write(_ package: FixtureInstallerPackage) throws -> String {
        try Support.temporaryFile("Test.pkg", try package.bytes())
    }

    static func paiNotes(_ adjust: (inout FixtureInstallerPackage) throws -> Void = { _ in }) throws -> FixtureInstallerPackage {
        let app = ExamplePackages.paiNotesMacApp()
        var package = try FixtureInstallerOptions().installerPackage(of: app, files: try FixturePackage.app(app).files)
        try adjust(&package)
        return package
    }

    /// Findings as a comparable list, with the payload's prefix taken off every path.
    static func comparable(_ report: InputReport) -> [String] {
        report.findings.filter { !$0.rule.hasPrefix("installer-") }.map { finding in
            "\(finding.rule) \(finding.bundle ?? "-") \(finding.file ?? "-") \(finding.message)"
                .replacingOccurrences(of: "PaiNotes.pkg/Payload/", with: "")
        }.sorted()
    }

    @Test func aPackageAndTheSameAppZippedGiveTheSameFindings() throws {
        let directory = try TemporaryDirectory()
        try ExamplePackages.paiNotesMac().writeZip(to: directory.path("PaiNotes.app.zip"))
        try ExamplePackages.paiNotesMacInstaller().write(to: directory.path("PaiNotes.pkg"))
        let inspector = PackageInspector(settings: InspectionSettings(now: Self.now))
        let zipped = inspector.inspect(path: directory.path("PaiNotes.app.zip"))
        let packaged = inspector.inspect(path: directory.path("PaiNotes.pkg"))
        #expect(packaged.error == nil)
        #expect(packaged.kind == .installerPackage)
        #expect(!Self.comparable(zipped).isEmpty)
        #expect(Self.comparable(packaged) == Self.comparable(zipped))
        #expect(packaged.bundles.map { $0.path.replacingOccurrences(of: "PaiNotes.pkg/Payload/", with: "") } == zipped.bundles.map(\.path))
        // Only the package can be judged as one: it is signed and names its app, so nothing is said.
        #expect(packaged.findings.filter { $0.rule.hasPrefix("installer-") }.isEmpty)
    }

    @Test(arguments: [false, true])
    func aWholeRunReadsThePayloadOnce(verifyingResources: Bool) throws {
        let path = try Self.write(try Self.paiNotes())
        defer { Support.removeTemporaryFile(path) }
        let rules = RuleCatalogue.shipped.rules
        let settings = InspectionSettings(now: Self.now, verifiesResources: verifyingResources)
        let evidence = EvidenceWants(rules: rules)
        let seals = SealWants(rules: rules, settings: settings)
        let container = try InstallerPackageContainer(
            path: path, plan: PayloadReadPlanner.plan(rules: rules, evidence: evidence, seals: seals)
        )
        let report = PackageInspector(rules: rules, settings: settings).inspect(container, path: path, evidence: evidence, seals: seals)
        #expect(report.error == nil)
        #expect(report.bundles.count == 3)
        // Every sealed resource compared, from the digests the one pass took.
        if verifyingResources { #expect((report.bundles.first?.signing?.seal?.comparedResources ?? 0) > 0) }
        #expect(container.passes == 1)
    }

    @Test func aFileThePassDidNotKeepIsReadAgainWhole() throws {
        let package = try Self.paiNotes()
        let path = try Self.write(package)
        defer { Support.removeTemporaryFile(path) }
        let container = try InstallerPackageContainer(path: path)
        let plist = "PaiNotes.pkg/Payload/PaiNotes.app/Contents/Info.plist"
        let expected = try #require(package.files.first { $0.path == "PaiNotes.app/Contents/Info.plist" }).contents
        #expect(try container.read(plist, limit: 1 << 20) == expected)
        #expect(container.passes == 2)
        // The first bytes of every file are kept: reading no further costs no pass.
        #expect(try container.openEntry(plist).read(upTo: 5) == Array(expected.prefix(5)))
        #expect(container.passes == 2)
    }

    @Test func aPbzxPayloadListsWhatTheGzipOneDoes() throws {
        let gzip = try Self.paiNotes()
        let pbzx = try Self.paiNotes { package in
            package.payload = .custom(try PBZXWriter.write(package.payloadArchive.bytes(), chunkSize: 4096))
        }
        let gzipPath = try Support.temporaryFile("Gzip.pkg", try gzip.bytes())
        let pbzxPath = try Support.temporaryFile("Pbzx.pkg", try pbzx.bytes())
        defer {
            Support.removeTemporaryFile(gzipPath)
            Support.removeTemporaryFile(pbzxPath)
        }
        let keepAll = PayloadReadPlan(keepsWhole: { _, _ in true })
        let fromGzip = try InstallerPackageContainer(path: gzipPath, plan: keepAll)
        let fromPbzx = try InstallerPackageContainer(path: pbzxPath, plan: keepAll)
        #expect(fromPbzx.contents.components.first?.payloadFormat == "pbzx")
        #expect(fromPbzx.contents.components.first?.payloadProblem == nil)
        #expect(fromPbzx.files.map(\.path) == fromGzip.files.map(\.path))
        for entry in fromGzip.files where entry.path.contains("/Payload/") {
            #expect(try fromPbzx.read(entry.path, limit: 1 << 24) == fromGzip.read(entry.path, limit: 1 << 24))
        }
    }

    @Test(arguments: ["truncated gzip", "absurd pbzx chunk", "not compressed"])
    func aDamagedPayloadIsAFindingAndWhatWasReadIsKept(damage: String) throws {
        let package = try Self.paiNotes { package in
            let cpio = package.payloadArchive.bytes()
            switch damage {
            case "truncated gzip":
                let whole = try package.payloadBytes()
                package.payload = .custom(Array(whole.prefix(whole.count * 9 / 10)))
            case "absurd pbzx chunk":
                let good = try PBZXWriter.write(cpio, chunkSize: 4096)
                // The header's chunk size, then a chunk declaring 2^60 bytes.
                package.payload = .custom(Array(good.prefix(12 + 4096 * 2)) + PBZXWriter.bigEndian(1 << 60) + PBZXWriter.bigEndian(1 << 60))
            default:
                package.payload = .custom(Array("this is no payload at all".utf8))
            }
        }
        let path = try Self.write(package)
        defer { Support.removeTemporaryFile(path) }
        let report = PackageInspector(settings: InspectionSettings(now: Self.now)).inspect(path: path)
        // The package lists what came before the damage; with nothing read, no app is found (exit 2).
        if report.error == nil {
            #expect(report.findings.contains { $0.rule == "installer-payload-unreadable" && $0.file == "PaiNotes.pkg/Payload" })
        } else {
            #expect(damage == "not compressed")
        }
    }

    @Test func payloadNamesThatLeaveTheInstallLocationAreRecordedNotListed() throws {
        let package = try Self.paiNotes { package in
            package.files.append(FixtureFile(path: "../../etc/evil.plist", contents: Array("x".utf8)))
        }
        let path = try Self.write(package)
        defer { Support.removeTemporaryFile(path) }
        let container = try InstallerPackageContainer(path: path)
        #expect(!container.files.contains { $0.path.contains("..") })
        #expect(container.contents.components.first?.unsafeNames.contains("./../../etc/evil.plist") == true)
        let report = PackageInspector(settings: InspectionSettings(now: Self.now)).inspect(path: path)
        #expect(report.findings.contains { $0.rule == "zip-entry-unsafe-name" && $0.message.contains("../../etc/evil.plist") })
    }

    // MARK: - The xar, before libarchive sees it

    static func refusal(_ adjust: (inout FixtureInstallerPackage) throws -> Void, limits: InstallerPackageLimits = .standard) throws -> String? {
        let path = try Self.write(try Self.paiNotes(adjust))
        defer { Support.removeTemporaryFile(path) }
        do {
            _ = try InstallerPackageContainer(path: path, limits: limits)
            return nil
        } catch let error as BundleCheckError {
            return error.description
        }
    }

    @Test func aHugeDeclaredTableOfContentsIsRefusedBeforeAnythingIsAllocated() throws {
        let reason = try Self.refusal { $0.hostile.declaredTOCLength = 1 << 40 }
        #expect(reason?.contains("past the limit") == true)
        let compressed = try Self.refusal { $0.hostile.declaredCompressedTOCLength = 1 << 40 }
        #expect(compressed?.contains("past the limit") == true)
    }

    @Test func theCompressedTableOfContentsCapHoldsAtItsLimitAndNotPast() throws {
        let package = try Self.paiNotes()
        let length = Int(try package.archive().bytes()[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        var at = InstallerPackageLimits.standard
        at.maxCompressedTOCBytes = length
        #expect(try Self.refusal({ _ in }, limits: at) == nil)
        at.maxCompressedTOCBytes = length - 1
        #expect(try Self.refusal({ _ in }, limits: at)?.contains("past the limit of \(length - 1)") == true)
    }

    @Test func theMemberCapsHoldAtTheirLimitAndNotPast() throws {
        let path = try Self.write(try Self.paiNotes { $0.hostile.nestedFolderDepth = 10 })
        defer { Support.removeTemporaryFile(path) }
        let members = try XarFile(path: path, limits: .standard).toc.members.count
        var limits = InstallerPackageLimits.standard
        limits.maxMembers = members
        #expect(throws: Never.self) { try InstallerPackageContainer(path: path, limits: limits) }
        limits.maxMembers = members - 1
        #expect(throws: BundleCheckError.self) { try InstallerPackageContainer(path: path, limits: limits) }
        limits = .standard
        // Ten folders nested in one another: the tenth is at depth 10.
        limits.maxMemberDepth = 10
        #expect(throws: Never.self) { try InstallerPackageContainer(path: path, limits: limits) }
        limits.maxMemberDepth = 9
        #expect(throws: BundleCheckError.self) { try InstallerPackageContainer(path: path, limits: limits) }
    }

    @Test func heapRangesOutsideTheFileOrOverlappingAreRefused() throws {
        let outside = try Self.refusal { $0.hostile.dataOverrides["PaiNotes.pkg/Payload"] = .init(offset: 1 << 40) }
        #expect(outside?.contains("past the heap") == true)
        let overlapping = try Self.refusal { $0.hostile.dataOverrides["PaiNotes.pkg/PackageInfo"] = .init(sameRangeAs: "PaiNotes.pkg/Bom") }
        #expect(overlapping?.contains("overlap") == true)
    }

    @Test func aDamagedChecksumOrMagicIsRefused() throws {
        #expect(try Self.refusal { $0.hostile.badTOCChecksum = true }?.contains("checksum") == true)
        let path = try Self.write(try Self.paiNotes { $0.hostile.badMagic = true })
        defer { Support.removeTemporaryFile(path) }
        // Without xar's magic the file is no installer package: the zip reader says what it is not.
        #expect(throws: BundleCheckError.self) { try PackageOpener.open(path: path) }
    }

    @Test func thePayloadEntryCapHoldsAtItsLimitAndNotPast() throws {
        let path = try Self.write(try Self.paiNotes())
        defer { Support.removeTemporaryFile(path) }
        let listed = try InstallerPackageContainer(path: path).files.count
        var limits = InstallerPackageLimits.standard
        limits.maxPayloadEntries = listed
        #expect(throws: Never.self) { try InstallerPackageContainer(path: path, limits: limits) }
        limits.maxPayloadEntries = listed - 1
        #expect(throws: BundleCheckError.self) { try InstallerPackageContainer(path: path, limits: limits) }
    }
}
