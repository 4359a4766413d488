import Foundation
import Testing

@testable import BundleCheckFormats

/// The corpus executables read through `ZipArchiveReader` and `MachOReader`, compared with
/// what `llvm-objdump --macho --private-headers` / `--universal-headers` print for the same
/// files (run by hand; the values are written here so these tests need no LLVM tools).
/// Code-signature contents were read by hand from the SuperBlob bytes.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled))
struct MachOCorpusTests {
    typealias Support = MachOTestSupport

    static func file(_ archive: String, _ entry: String) throws -> MachOFile? {
        guard let path = RepositoryPaths.corpusOrSkip(archive) else { return nil }
        let file = try Support.readCorpusEntry(path, entry)
        #expect(file != nil, "\(archive): \(entry) should read as mach-o")
        return file
    }

    static let simpleSaucyDylibs = [
        "/usr/lib/libSystem.B.dylib",
        "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation",
        "/System/Library/Frameworks/Foundation.framework/Foundation",
        "/System/Library/Frameworks/UIKit.framework/UIKit",
        "/usr/lib/libobjc.A.dylib",
        "@rpath/libswiftCore.dylib",
        "@rpath/libswiftCoreGraphics.dylib",
        "@rpath/libswiftCoreImage.dylib",
        "@rpath/libswiftDarwin.dylib",
        "@rpath/libswiftDispatch.dylib",
        "@rpath/libswiftFoundation.dylib",
        "@rpath/libswiftObjectiveC.dylib",
        "@rpath/libswiftSecurity.dylib",
        "@rpath/libswiftUIKit.dylib",
    ]

    @Test func simpleSaucyAppIsFatArmv7AndArm64WithVersionMinAndASignature() throws {
        guard let file = try Self.file("isign/SimpleSaucyApp.ipa", "Payload/SimpleSaucyApp.app/SimpleSaucyApp") else { return }
        #expect(file.kind == .fat)
        #expect(file.architectures == ["armv7", "arm64"])
        #expect(file.slices.map(\.offset) == [16384, 98304])
        #expect(file.slices.map(\.size) == [68720, 68992])
        #expect(file.slices.map(\.cpuType) == [12, 0x0100_000C])
        #expect(file.slices.map(\.is64Bit) == [false, true])
        #expect(file.slices.map(\.codeSignature?.dataOffset) == [57968, 58240])
        for slice in file.slices {
            #expect(slice.fileType == .execute)
            #expect(slice.platform == .iOS)
            #expect(slice.minimumOS?.description == "8.0")
            #expect(slice.sdk?.description == "8.3")
            #expect(slice.encryption == EncryptionInfo(cryptOffset: 16384, cryptSize: 16384, cryptID: 0))
            #expect(slice.segmentNames == ["__PAGEZERO", "__TEXT", "__DATA", "__LINKEDIT"])
            #expect(!slice.hasBitcodeSegment)
            #expect(slice.linkedDylibs == Self.simpleSaucyDylibs.map { LinkedDylib(path: $0, kind: .load) })
            let signature = try #require(slice.codeSignature)
            #expect(signature.dataSize == 10752)
            #expect(!signature.isTooLargeToRead)
            #expect(signature.identifier == "com.sauceio.SimpleSaucyApp")
            #expect(signature.teamIdentifier == "JWKXD469L2")
            #expect(signature.codeDirectoryVersion == 0x20200)
            #expect(signature.codeDirectoryCount == 1)
            #expect(signature.entitlementsXML?.count == 504)
            let xml = String(decoding: signature.entitlementsXML ?? [], as: UTF8.self)
            #expect(xml.contains("<string>JWKXD469L2.com.sauceio.SimpleSaucyApp</string>"))
            #expect(!signature.hasDEREntitlements)
            #expect(signature.cmsSignatureSize == 4337)
        }
    }

    @Test func simpleSaucyAppSwiftCoreIsAFatDylibThatReexportsLibobjc() throws {
        guard let file = try Self.file("isign/SimpleSaucyApp.ipa", "Payload/SimpleSaucyApp.app/Frameworks/libswiftCore.dylib") else { return }
        #expect(file.kind == .fat)
        #expect(file.architectures == ["armv7", "arm64"])
        #expect(file.slices.map(\.offset) == [16384, 3_014_656])
        #expect(file.slices.map(\.codeSignature?.dataOffset) == [2_971_616, 3_039_360])
        #expect(file.slices.map(\.codeSignature?.dataSize) == [24144, 24496])
        for slice in file.slices {
            #expect(slice.fileType == .dylib)
            #expect(slice.platform == .iOS)
            #expect(slice.minimumOS?.description == "7.0")
            #expect(slice.sdk?.description == "8.3")
            #expect(slice.encryption == nil)
            #expect(
                slice.linkedDylibs == [
                    LinkedDylib(path: "/usr/lib/libobjc.A.dylib", kind: .reexport),
                    LinkedDylib(path: "/System/Library/Frameworks/Foundation.framework/Foundation", kind: .load),
                    LinkedDylib(path: "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation", kind: .load),
                    LinkedDylib(path: "/usr/lib/libc++.1.dylib", kind: .load),
                    LinkedDylib(path: "/usr/lib/libSystem.B.dylib", kind: .load),
                ])
            #expect(slice.codeSignature?.identifier == "com.apple.dt.runtime.swiftCore")
            #expect(slice.codeSignature?.teamIdentifier == "JWKXD469L2")
            #expect(slice.codeSignature?.entitlementsXML?.count == 181)
        }
    }

    @Test func demoAppIsThinArm64WithBuildVersionWeakDylibsAndBothEntitlementBlobs() throws {
        guard let file = try Self.file("sentry-cli/DemoApp.ipa", "Payload/DemoApp.app/DemoApp") else { return }
        #expect(file.kind == .thin)
        #expect(file.architectures == ["arm64"])
        let slice = try #require(file.slices.first)
        #expect(slice.offset == 0)
        #expect(slice.size == 91600)
        #expect(slice.platform == .iOS)
        #expect(slice.minimumOS?.description == "18.5")
        #expect(slice.sdk?.description == "18.5")
        #expect(slice.encryption?.cryptID == 0)
        #expect(slice.segmentNames == ["__PAGEZERO", "__TEXT", "__DATA_CONST", "__DATA", "__LINKEDIT"])
        let weak = [
            "/usr/lib/swift/libswiftCoreFoundation.dylib", "/usr/lib/swift/libswiftCoreImage.dylib",
            "/usr/lib/swift/libswiftDarwin.dylib", "/usr/lib/swift/libswiftDataDetection.dylib",
            "/usr/lib/swift/libswiftDispatch.dylib", "/usr/lib/swift/libswiftMetal.dylib",
            "/usr/lib/swift/libswiftOSLog.dylib", "/usr/lib/swift/libswiftObjectiveC.dylib",
            "/usr/lib/swift/libswiftQuartzCore.dylib", "/usr/lib/swift/libswiftSpatial.dylib",
            "/usr/lib/swift/libswiftUniformTypeIdentifiers.dylib", "/usr/lib/swift/libswiftXPC.dylib",
            "/usr/lib/swift/libswift_Builtin_float.dylib", "/usr/lib/swift/libswift_errno.dylib",
            "/usr/lib/swift/libswift_math.dylib", "/usr/lib/swift/libswift_signal.dylib",
            "/usr/lib/swift/libswift_stdio.dylib", "/usr/lib/swift/libswift_time.dylib",
            "/usr/lib/swift/libswiftos.dylib", "/usr/lib/swift/libswiftsimd.dylib",
            "/usr/lib/swift/libswiftsys_time.dylib", "/usr/lib/swift/libswiftunistd.dylib",
        ]
        #expect(
            slice.linkedDylibs == [
                LinkedDylib(path: "/System/Library/Frameworks/Foundation.framework/Foundation", kind: .weak),
                LinkedDylib(path: "/usr/lib/libobjc.A.dylib", kind: .load),
                LinkedDylib(path: "/usr/lib/libSystem.B.dylib", kind: .load),
                LinkedDylib(path: "/System/Library/Frameworks/SwiftUI.framework/SwiftUI", kind: .load),
                LinkedDylib(path: "/System/Library/Frameworks/UIKit.framework/UIKit", kind: .weak),
                LinkedDylib(path: "/usr/lib/swift/libswiftCore.dylib", kind: .load),
            ] + weak.map { LinkedDylib(path: $0, kind: .weak) })
        let signature = try #require(slice.codeSignature)
        #expect(signature.dataOffset == 73856)
        #expect(signature.dataSize == 17744)
        #expect(signature.identifier == "com.emerge.DemoApp")
        #expect(signature.teamIdentifier == "62J2XHNK9T")
        #expect(signature.codeDirectoryVersion == 0x20400)
        #expect(signature.entitlementsXML?.count == 385)
        #expect(String(decoding: signature.entitlementsXML ?? [], as: UTF8.self).contains("<string>62J2XHNK9T.com.emerge.DemoApp</string>"))
        #expect(signature.derEntitlementsSize == 138)
        #expect(signature.cmsSignatureSize == 4769)
    }

    @Test func veryCapableAppHasAnAlternateCodeDirectoryAndNoTeamField() throws {
        guard let file = try Self.file("fastlane/very-capable-app.ipa", "Payload/very-capable-app.app/very-capable-app") else { return }
        #expect(file.kind == .thin)
        #expect(file.architectures == ["arm64"])
        let slice = try #require(file.slices.first)
        #expect(slice.platform == .iOS)
        #expect(slice.minimumOS?.description == "11.2")
        #expect(slice.sdk?.description == "11.2")
        #expect(slice.encryption?.cryptID == 0)
        #expect(slice.linkedDylibs.count == 14)
        #expect(slice.linkedDylibs.first == LinkedDylib(path: "/System/Library/Frameworks/HealthKit.framework/HealthKit"))
        #expect(slice.linkedDylibs.last == LinkedDylib(path: "/System/Library/Frameworks/UIKit.framework/UIKit"))
        let signature = try #require(slice.codeSignature)
        #expect(signature.dataOffset == 54160)
        #expect(signature.dataSize == 12752)
        #expect(signature.identifier == "org.fastlane.very-capable-app")
        // The corpus rewrote the team to `TestFixture` in the entitlements; the CodeDirectory's teamOffset is 0.
        #expect(signature.teamIdentifier == nil)
        #expect(signature.codeDirectoryCount == 2)
        #expect(signature.entitlementsXML?.count == 2354)
        #expect(String(decoding: signature.entitlementsXML ?? [], as: UTF8.self).contains("<string>TestFixture.org.fastlane.very-capable-app</string>"))
        #expect(!signature.hasDEREntitlements)
        #expect(signature.cmsSignatureSize == 2004)
    }

    @Test func testSimulatorIsFatI386AndX86_64AndUnsigned() throws {
        guard let file = try Self.file("isign/TestSimulator.app.zip", "isignTestApp.app/isignTestApp") else { return }
        #expect(file.kind == .fat)
        #expect(file.architectures == ["i386", "x86_64"])
        #expect(file.slices.map(\.offset) == [4096, 49152])
        #expect(file.slices.map(\.size) == [43856, 49568])
        for slice in file.slices {
            #expect(slice.platform == .iOS) // LC_VERSION_MIN_IPHONEOS: the simulator shows only in the architecture
            #expect(slice.minimumOS?.description == "9.2")
            #expect(slice.sdk?.description == "9.2")
            #expect(slice.encryption == nil)
            #expect(slice.codeSignature == nil)
            #expect(slice.linkedDylibs.count == 13)
            #expect(slice.linkedDylibs.first?.path == "/usr/lib/libSystem.dylib")
        }
    }

    @Test func aNonMachOEntryReadsAsNotMachO() throws {
        guard let path = RepositoryPaths.corpusOrSkip("sentry-cli/DemoApp.ipa") else { return }
        #expect(try Support.readCorpusEntry(path, "Payload/DemoApp.app/Info.plist") == nil)
    }

    @Test func readingAFatExecutableReadsOnlyHeadersLoadCommandsAndSignatures() throws {
        guard let path = RepositoryPaths.corpusOrSkip("isign/SimpleSaucyApp.ipa") else { return }
        let container = try ZipArchiveReader(path: path)
        let entry = "Payload/SimpleSaucyApp.app/Frameworks/libswiftCore.dylib"
        let reader = CountingEntryReader(try container.openEntry(entry))
        let file = try #require(try MachOReader.read(reader, size: try container.size(of: entry)))
        // fat header, per slice: header + sizeofcmds (2996 / 3528) + signature data.
        let expected: UInt64 = 8 + 2 * 20 + (28 + 2996 + 24144) + (32 + 3528 + 24496)
        #expect(reader.bytesRead == expected)
        #expect(
            reader.bytesRead + reader.bytesSkipped == file.slices[1].offset
                + UInt64(file.slices[1].codeSignature!.dataOffset + file.slices[1].codeSignature!.dataSize))
    }
}
