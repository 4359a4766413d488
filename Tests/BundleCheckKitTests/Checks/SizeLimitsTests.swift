import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The size rules read Apple's limits from their table and sizes from the listing and the load
/// commands: nothing is inflated, and what a message says can be checked against the table.
@Suite struct SizeLimitsTests {
    static func inspect(_ yaml: String, as name: String = "Notes.ipa", settings: InspectionSettings = InspectionSettings()) throws -> InputReport {
        let directory = try TemporaryDirectory()
        let path = directory.path(name)
        try FixtureDescriptionSupport.describe(yaml).write(to: path)
        return PackageInspector(settings: settings).inspect(path: path)
    }

    @Test func theTableReadsInBytesOfDecimalUnits() throws {
        let limits = SizeLimits.shipped
        #expect(limits.app["ios"]?.bytes == 4_000_000_000 && limits.app["macos"]?.bytes == 200_000_000_000 && limits.app["watchos"]?.bytes == 75_000_000)
        #expect(limits.executableLimit(platform: "ios", minimum: MachOVersion(major: 8))?.perSlice == true)
        #expect(limits.executableLimit(platform: "ios", minimum: MachOVersion(major: 6, minor: 1))?.bytes == 80_000_000)
        #expect(limits.executableLimit(platform: "watchos", minimum: MachOVersion(major: 10)) == nil)
        #expect(limits.appClipLimit(minimum: MachOVersion(major: 17), digitalOnly: false)?.bytes == 15_000_000)
        #expect(limits.appClipLimit(minimum: MachOVersion(major: 17), digitalOnly: true)?.bytes == 100_000_000)
        #expect(limits.appClipCode == "ITMS-90865")
        let broken = try DataTableText.table("size-limits", entries: "units: {MB: 1000000}\napp:\n  - {platform: ios, limit: 4 XB}")
        #expect(
            throws: YAMLLoadError(
                file: "Rules/data/size-limits.yml", line: 8, field: "entries.app[0].limit", message: "'4 XB' is not a count and one of the table's units (MB)")
        ) {
            try SizeLimits(broken)
        }
    }

    @Test func sizesComeFromTheListingPerBundle() throws {
        let report = try Self.inspect(
            """
            app:
              name: Notes
              files:
                - {path: Media/intro.mov, declared-size: 2.5 GB}
              plugins:
                - name: Share
                  files:
                    - {path: big.bin, declared-size: 600 MB}
            """)
        let app = try #require(report.bundles.first { $0.parent == nil }?.sizes)
        let share = try #require(report.bundles.first { $0.kind == .appex }?.sizes)
        #expect(app.total.uncompressed > 3_100_000_000 && app.total.uncompressed < 3_101_000_000)
        #expect(share.total.uncompressed > 600_000_000 && share.own == share.total)
        #expect(app.own.uncompressed == app.total.uncompressed - share.total.uncompressed)
        #expect(app.total.files == app.own.files + share.total.files)
        // A zip stores the declared gigabytes in a few bytes.
        #expect((app.total.stored ?? .max) < 1_000_000)
        #expect(app.largestFiles.first?.path == "Payload/Notes.app/Media/intro.mov")
        #expect(app.largestFolders.map(\.path).prefix(2) == ["Payload/Notes.app/Media", "Payload/Notes.app/PlugIns"])
        #expect(report.findings("app-too-large").isEmpty, "3.1 GB is within 4 GB")
    }

    @Test func theMessageSaysTheSizeAndTheLimitAsAppleWritesIt() throws {
        let report = try Self.inspect(
            """
            app:
              name: Notes
              files:
                - {path: Media/a.mov, declared-size: 2.5 GB}
                - {path: Media/b.mov, declared-size: 2.5 GB}
            """)
        let message = try #require(report.findings("app-too-large").first?.message)
        #expect(message.contains("Notes.app takes 5.0 GB uncompressed (5,000,0"), "\(message)")
        #expect(message.contains("more than the 4 GB App Store Connect accepts for iOS apps"), "\(message)")
    }

    @Test func anExecutablesTextSectionsAreAddedUpAcrossSlices() throws {
        let report = try Self.inspect(
            """
            app:
              name: Notes
              executable: {architectures: [arm64, arm64e], text-size: 300 MB}
            """)
        let slices = try #require(report.bundles.first?.signing?.executable?.slices)
        #expect(slices.allSatisfy { ($0.textSectionsSize ?? 0) >= 300_000_000 })
        let message = try #require(report.findings("text-segment-too-large").first?.message)
        #expect(message.contains("across arm64, arm64e, more than the 500 MB a binary may hold when it deploys to iOS"), "\(message)")
    }

    @Test func aDigitalOnlyClipIsJudgedByTheLargerLimit() throws {
        let yaml = """
            app:
              name: Notes
              app-clips:
                - name: NotesClip
                  plist: {MinimumOSVersion: "17.0"}
                  files:
                    - {path: Media/card.heic, declared-size: 50 MB}
            """
        #expect(try Self.inspect(yaml).findings("app-clip-too-large").count == 1)
        #expect(try Self.inspect(yaml, settings: InspectionSettings(appClipDigitalOnly: true)).findings("app-clip-too-large").isEmpty)
    }

    /// Real binaries: their __TEXT sections add up to what `size -m` would print, a fraction of the file.
    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
    func realExecutablesHaveTheirTextSectionsCounted() throws {
        guard let path = RepositoryPaths.corpusOrSkip("isign/SimpleSaucyApp.ipa") else { return }
        let report = PackageInspector().inspect(path: path)
        let slices = try #require(report.bundles.first?.signing?.executable?.slices)
        #expect(slices.count == 2)
        for slice in slices {
            let text = try #require(slice.textSectionsSize)
            #expect(text > 0 && text < slice.size, "\(slice.architecture) \(text) of \(slice.size)")
        }
        #expect(report.findings("text-segment-too-large").isEmpty && report.findings("app-too-large").isEmpty)
    }
}
