import Foundation
import Testing

@testable import BundleCheckFormats

/// The seals of the corpus's signed executables, signed by Xcode and other tools: every hash
/// must match as stored, and a byte changed in memory must be found where it was changed.
/// Hash types, page counts and bound slots were read by hand from the CodeDirectories.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled))
struct CodeSealCorpusTests {
    struct Expected: Sendable, CustomStringConvertible {
        var archive: String
        var entry: String
        var hashType: CodeDirectoryHashType
        var codeDirectorySlot: UInt32
        /// Per slice, in file order.
        var pages: [Int]
        var slots: Set<CodeSignatureSlot>
        var description: String { archive }
    }

    static let executables: [Expected] = [
        // SHA-1 primary with a SHA-256 alternate: the alternate is verified.
        Expected(
            archive: "fastlane/very-capable-app.ipa", entry: "Payload/very-capable-app.app/very-capable-app",
            hashType: .sha256, codeDirectorySlot: 0x1000, pages: [14], slots: [.infoPlist, .requirements, .resourceDirectory, .entitlements]),
        Expected(
            archive: "fastlane/ExampleProductName-cocoapods.ipa", entry: "Payload/ExampleProductName.app/ExampleProductName",
            hashType: .sha1, codeDirectorySlot: 0, pages: [62, 58], slots: [.infoPlist, .requirements, .resourceDirectory, .entitlements]),
        Expected(
            archive: "sentry-cli/DemoApp.ipa", entry: "Payload/DemoApp.app/DemoApp",
            hashType: .sha256, codeDirectorySlot: 0, pages: [19],
            slots: [.infoPlist, .requirements, .resourceDirectory, .entitlements, .derEntitlements]),
        Expected(
            archive: "isign/SimpleSaucyApp.ipa", entry: "Payload/SimpleSaucyApp.app/SimpleSaucyApp",
            hashType: .sha1, codeDirectorySlot: 0, pages: [15, 15], slots: [.infoPlist, .requirements, .resourceDirectory, .entitlements]),
    ]

    static func bytes(_ expected: Expected) throws -> [UInt8]? {
        guard let path = RepositoryPaths.corpusOrSkip(expected.archive) else { return nil }
        return try ZipArchiveReader(path: path).read(expected.entry, limit: 16 << 20)
    }

    static func read(_ bytes: [UInt8]) throws -> MachOFile {
        try #require(try MachOReader.read(InMemoryEntryReader(bytes: bytes), size: UInt64(bytes.count), hashingCodePages: true))
    }

    @Test(arguments: executables)
    func everyHashOfARealSignatureMatchesStreamedFromTheZip(expected: Expected) throws {
        guard let path = RepositoryPaths.corpusOrSkip(expected.archive) else { return }
        // Deflated entries: the pass reads through what it would otherwise skip.
        let container = try ZipArchiveReader(path: path)
        let file = try #require(
            try MachOReader.read(try container.openEntry(expected.entry), size: try container.size(of: expected.entry), hashingCodePages: true))
        let seals = file.slices.map { $0.codeSignature?.seal }
        #expect(seals.map { $0?.codePageCount } == expected.pages)
        for seal in seals {
            let seal = try #require(seal)
            #expect(seal.hashType == expected.hashType)
            #expect(seal.codeDirectorySlot == expected.codeDirectorySlot)
            #expect(seal.pageSize == 4096)
            #expect(Set(seal.specialSlots.keys) == expected.slots)
            #expect(seal.mismatchedBlobs.isEmpty)
            #expect(seal.codePages == .matched)
        }
    }

    @Test(arguments: executables)
    func theBoundInfoPlistAndCodeResourcesMatchAsStored(expected: Expected) throws {
        guard let path = RepositoryPaths.corpusOrSkip(expected.archive) else { return }
        let container = try ZipArchiveReader(path: path)
        let bundle = String(expected.entry[..<expected.entry.lastIndex(of: "/")!])
        let infoPlist = try container.read(bundle + "/Info.plist", limit: 1 << 20)
        let resources = try container.read(bundle + "/_CodeSignature/CodeResources", limit: 1 << 20)
        for slice in try Self.read(try container.read(expected.entry, limit: 16 << 20)).slices {
            let seal = try #require(slice.codeSignature?.seal)
            #expect(try seal.matches(.infoPlist, infoPlist) == true)
            #expect(try seal.matches(.resourceDirectory, resources) == true)
            #expect(try seal.matches(.infoPlist, infoPlist + [0x0A]) == false)
        }
    }

    @Test(arguments: executables)
    func aByteChangedInTheLastSliceIsFoundInItsPage(expected: Expected) throws {
        guard var bytes = try Self.bytes(expected) else { return }
        let original = try Self.read(bytes)
        let slice = try #require(original.slices.last)
        let page = try #require(expected.pages.last) / 2
        bytes[Int(slice.offset) + page * 4096 + 100] ^= 0x01
        let changed = try Self.read(bytes)
        let checks = changed.slices.map { $0.codeSignature?.seal?.codePages }
        #expect(checks.last == .mismatched(firstPage: page))
        #expect(checks.dropLast().allSatisfy { $0 == .matched })
    }

    @Test(arguments: executables)
    func aByteChangedInTheEntitlementsBlobBreaksSlotFive(expected: Expected) throws {
        guard var bytes = try Self.bytes(expected) else { return }
        // The first slice's entitlements plist: its first key name, one letter changed.
        let key = Array("<key>".utf8)
        let slice = try #require(try Self.read(bytes).slices.first)
        let signatureStart = Int(slice.offset) + Int(try #require(slice.codeSignature?.dataOffset))
        let found = try #require((signatureStart..<(bytes.count - key.count)).first { bytes[$0..<($0 + key.count)].elementsEqual(key) })
        bytes[found + key.count] ^= 0x20
        let seal = try #require(try Self.read(bytes).slices.first?.codeSignature?.seal)
        #expect(seal.mismatchedBlobs == [.entitlements])
        #expect(seal.codePages == .matched)
    }
}
