import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Mach-O files written by the fixture builder and read back by `MachOReader`.
@Suite struct MachOWriterRoundTripTests {
    typealias Support = MachOTestSupport

    static let entitlements = XMLPropertyListWriter.write(
        .dictionary(
            PlistDictionary([
                "application-identifier": .string("ABCDE12345.com.example.app"),
                "get-task-allow": .bool(false),
            ])))

    static let signed = MachOSliceDescription(
        architecture: .arm64,
        platformVersion: .buildVersion(.iOS, minimumOS: MachOVersion(major: 16, minor: 4), sdk: MachOVersion(major: 18, minor: 2, patch: 1)),
        cryptID: 0,
        linkedDylibs: [
            LinkedDylib(path: "/System/Library/Frameworks/UIKit.framework/UIKit", kind: .load),
            LinkedDylib(path: "/System/Library/Frameworks/SwiftUI.framework/SwiftUI", kind: .weak),
            LinkedDylib(path: "@rpath/Reexported.framework/Reexported", kind: .reexport),
            LinkedDylib(path: "/usr/lib/liblazy.dylib", kind: .lazy),
            LinkedDylib(path: "/usr/lib/libupward.dylib", kind: .upward),
        ],
        codeSignature: FixtureCodeSignature(
            identifier: "com.example.app",
            teamIdentifier: "ABCDE12345",
            entitlementsXML: entitlements,
            entitlementsDER: [0x70, 0x03, 0x02, 0x01, 0x01]
        )
    )

    @Test func aSignedThinSliceReadsBackWithEveryField() throws {
        let file = try #require(try Support.read(MachOWriter.thin(Self.signed)))
        #expect(file.kind == .thin)
        let slice = try #require(file.slices.first)
        #expect(slice.architecture == "arm64")
        #expect(slice.is64Bit)
        #expect(slice.fileType == .execute)
        #expect(slice.platform == .iOS)
        #expect(slice.minimumOS?.description == "16.4")
        #expect(slice.sdk?.description == "18.2.1")
        #expect(slice.encryption?.cryptID == 0)
        #expect(slice.segmentNames == ["__TEXT", "__LINKEDIT"])
        #expect(!slice.hasBitcodeSegment)
        #expect(slice.linkedDylibs == Self.signed.linkedDylibs)
        let signature = try #require(slice.codeSignature)
        #expect(signature.identifier == "com.example.app")
        #expect(signature.teamIdentifier == "ABCDE12345")
        #expect(signature.codeDirectoryVersion == 0x20400)
        #expect(signature.codeDirectoryCount == 1)
        #expect(signature.entitlementsXML == Self.entitlements)
        #expect(signature.derEntitlementsSize == 5)
        #expect(signature.cmsSignatureSize == 0)
        #expect(!signature.isTooLargeToRead)
    }

    @Test func entitlementsFromTheSignatureParseAsAPropertyList() throws {
        let file = try #require(try Support.read(MachOWriter.thin(Self.signed)))
        let xml = try #require(file.slices.first?.codeSignature?.entitlementsXML)
        let document = try PropertyListParser.parse(xml, file: "X")
        guard case .dictionary(let entitlements) = document.root else {
            Issue.record("entitlements are not a dictionary")
            return
        }
        #expect(entitlements["application-identifier"] == .string("ABCDE12345.com.example.app"))
        #expect(entitlements["get-task-allow"] == .bool(false))
    }

    @Test func aFatFileKeepsItsSlicesInOrder() throws {
        let old = MachOSliceDescription(
            architecture: .armv7,
            platformVersion: .versionMinIPhoneOS(minimumOS: MachOVersion(major: 9), sdk: MachOVersion(major: 10, minor: 3)),
            cryptID: 1,
            hasBitcodeSegment: true,
            codeSignature: FixtureCodeSignature(identifier: "com.example.old", includesCMSBlob: false)
        )
        for use64BitRecords in [false, true] {
            let bytes = MachOWriter.fat([old, Self.signed], use64BitRecords: use64BitRecords)
            let file = try #require(try Support.read(bytes))
            #expect(file.kind == .fat)
            #expect(file.architectures == ["armv7", "arm64"])
            #expect(file.slices[0].offset == 16384)
            #expect(!file.slices[0].is64Bit)
            #expect(file.slices[0].platform == .iOS)
            #expect(file.slices[0].minimumOS?.description == "9.0")
            #expect(file.slices[0].sdk?.description == "10.3")
            #expect(file.slices[0].encryption?.isEncrypted == true)
            #expect(file.slices[0].hasBitcodeSegment)
            #expect(file.slices[0].codeSignature?.identifier == "com.example.old")
            #expect(file.slices[0].codeSignature?.teamIdentifier == nil)
            #expect(file.slices[0].codeSignature?.entitlementsXML == nil)
            #expect(file.slices[0].codeSignature?.hasCMSSignature == false)
            #expect(file.slices[1].codeSignature?.identifier == "com.example.app")
        }
    }

    @Test func simulatorAndArm64eSlicesAreNamed() throws {
        let simulator = MachOSliceDescription(
            architecture: .x86_64,
            platformVersion: .buildVersion(.iOSSimulator, minimumOS: MachOVersion(major: 17), sdk: MachOVersion(major: 17, minor: 5)),
            cryptID: nil
        )
        let slices = [
            simulator,
            MachOSliceDescription(architecture: .i386, cryptID: nil),
            MachOSliceDescription(architecture: .arm64e, fileType: .dylib),
        ]
        let file = try #require(try Support.read(MachOWriter.fat(slices)))
        #expect(file.architectures == ["x86_64", "i386", "arm64e"])
        #expect(file.slices[0].platform == .iOSSimulator)
        #expect(file.slices[0].platform?.isSimulator == true)
        #expect(file.slices[0].encryption == nil)
        #expect(file.slices[2].fileType == .dylib)
        #expect(file.slices[2].cpuSubtype == Int32(bitPattern: 0x8000_0002))
    }

    @Test func identicalDescriptionsGiveIdenticalBytes() {
        #expect(MachOWriter.thin(Self.signed) == MachOWriter.thin(Self.signed))
        #expect(MachOWriter.fat([Self.signed, Self.signed]) == MachOWriter.fat([Self.signed, Self.signed]))
    }

    @Test(arguments: [ZipCompression.stored, .deflate])
    func aWrittenBinaryReadsBackThroughAZip(compression: ZipCompression) throws {
        let directory = try ArchiveTestSupport.makeTemporaryDirectory()
        defer { ArchiveTestSupport.cleanUp(directory) }
        let bytes = MachOWriter.fat([MachOSliceDescription(architecture: .armv7), Self.signed])
        let zip = try ArchiveTestSupport.writeZip(in: directory, [("Payload/X.app/X", bytes, compression)])
        let file = try #require(try Support.readCorpusEntry(zip, "Payload/X.app/X"))
        #expect(file.architectures == ["armv7", "arm64"])
        #expect(file.slices[1].codeSignature?.entitlementsXML == Self.entitlements)
    }

    @Test func versionsPrintAndParseLikeObjdump() {
        #expect(MachOVersion(encoded: 0x000C_0201).description == "12.2.1")
        #expect(MachOVersion(encoded: 0x0012_0500).description == "18.5")
        #expect(MachOVersion("18.5") == MachOVersion(encoded: 0x0012_0500))
        #expect(MachOVersion("1.2.3.4") == nil)
        #expect(MachOVersion("x") == nil)
        #expect(MachOVersion(major: 17) < MachOVersion(major: 17, minor: 0, patch: 1))
        #expect(MachOPlatform(rawValue: 12).name == "visionossimulator")
        #expect(MachOPlatform(rawValue: 99).name == "platform(99)")
    }

    @Test func architectureNamesMaskCapabilityBits() {
        #expect(MachOArchitectureName.name(cpuType: 0x0100_000C, cpuSubtype: Int32(bitPattern: 0x8000_0002)) == "arm64e")
        #expect(MachOArchitectureName.name(cpuType: 12, cpuSubtype: 11) == "armv7s")
        #expect(MachOArchitectureName.name(cpuType: 0x0200_000C, cpuSubtype: 1) == "arm64_32")
        #expect(MachOArchitectureName.name(cpuType: 0x0100_0007, cpuSubtype: 8) == "x86_64h")
        #expect(MachOArchitectureName.name(cpuType: 18, cpuSubtype: 0) == "cpu(18,0)")
    }
}
