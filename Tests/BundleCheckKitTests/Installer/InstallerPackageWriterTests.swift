import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// The product archives and component packages the fixture builder writes, read back with
/// bsdtar: libarchive is what bundlecheck reads installer packages with.
@Suite(.enabled(if: InstallerTestSupport.bsdtar != nil, Comment(rawValue: InstallerTestSupport.bsdtarMissing)))
struct InstallerPackageWriterTests {
    typealias Support = InstallerTestSupport

    static let notAfter = Date(timeIntervalSince1970: 1_830_297_600) // 2028-01-01

    static func paiNotes(signed: Bool = false) throws -> FixtureInstallerPackage {
        let leaf = FixtureCertificate.installer(.thirdPartyMacDeveloper, name: "PaiNotes Ltd", team: ExamplePackages.paiNotesTeam, notAfter: notAfter)
        var package = try ExamplePackages.paiNotesMac().installerPackage(
            appName: "PaiNotes", bundleIdentifier: "com.painotes.mac", shortVersion: "1.2", bundleVersion: "42", signedBy: signed ? leaf : nil)
        package.bom = Array("BOMStore fixture".utf8)
        return package
    }

    @Test func aProductArchiveHoldsTheComponentFolderThenTheDistribution() throws {
        let path = try Support.temporaryFile("PaiNotes.pkg", try Self.paiNotes().bytes())
        defer { Support.removeTemporaryFile(path) }
        let listing = try Support.listing(path)
        #expect(listing.map(\.name) == ["PaiNotes.pkg", "PaiNotes.pkg/Bom", "PaiNotes.pkg/Payload", "PaiNotes.pkg/PackageInfo", "Distribution"])
        #expect(listing.map(\.mode) == ["drwx------", "-rw-r--r--", "-rw-r--r--", "-rwxrwxrwx", "-rwxrwxrwx"])
    }

    @Test func aComponentPackageHoldsBomPayloadAndPackageInfoAtItsRoot() throws {
        var package = try Self.paiNotes()
        package.shape = .componentPackage
        let path = try Support.temporaryFile("PaiNotes.pkg", try package.bytes())
        defer { Support.removeTemporaryFile(path) }
        let listing = try Support.listing(path)
        #expect(listing.map(\.name) == ["Bom", "Payload", "PackageInfo"])
        #expect(listing.allSatisfy { $0.mode == "-rw-r--r--" })
    }

    @Test func membersExtractAsWritten() throws {
        let package = try Self.paiNotes()
        let path = try Support.temporaryFile("PaiNotes.pkg", try package.bytes())
        defer { Support.removeTemporaryFile(path) }
        #expect(try Support.extract("Distribution", from: path) == Array(package.distribution.utf8))
        #expect(try Support.extract("PaiNotes.pkg/PackageInfo", from: path) == Array(package.packageInfo.utf8))
        #expect(try Support.extract("PaiNotes.pkg/Bom", from: path) == package.bom)
        #expect(try Support.extract("PaiNotes.pkg/Payload", from: path) == package.payloadBytes())
    }

    @Test func thePayloadListsEveryPathWithItsModeAndLinkTarget() throws {
        let package = try Self.paiNotes()
        let path = try Support.temporaryFile("PaiNotes.pkg", try package.bytes())
        defer { Support.removeTemporaryFile(path) }
        let payload = try Support.extract("PaiNotes.pkg/Payload", from: path)
        #expect(payload.starts(with: [0x1F, 0x8B]))
        let listing = try Support.listing("-", input: payload)

        let files = package.files.filter { !$0.isFolder }
        var expected = Set(files.map { "./" + $0.path })
        for file in package.files {
            let parts = file.path.split(separator: "/")
            for depth in parts.indices.dropLast() { expected.insert("./" + parts[...depth].joined(separator: "/")) }
        }
        expected.insert(".")
        #expect(listing.first?.name == ".")
        #expect(Set(listing.map(\.name)) == expected)
        #expect(listing.count == expected.count)
        #expect(package.packageInfo.contains("numberOfFiles=\"\(expected.count)\""))

        for file in files {
            let entry = try #require(listing.first { $0.name == "./" + file.path })
            if file.isSymbolicLink {
                #expect(entry.mode.hasPrefix("l"), "\(file.path)")
                #expect(entry.target == String(decoding: file.contents, as: UTF8.self), "\(file.path)")
            } else {
                #expect(entry.mode == (file.permissions == 0o755 ? "-rwxr-xr-x" : "-rw-r--r--"), "\(file.path)")
            }
        }
        #expect(listing.contains { $0.target != nil }, "a Mac framework's Versions/Current link is in the payload")
        #expect(listing.filter { $0.target == nil && !expected.contains($0.name) }.isEmpty)
        #expect(listing.filter { $0.mode.hasPrefix("d") }.allSatisfy { $0.mode == "drwxr-xr-x" })
    }

    @Test func payloadFilesExtractWithTheirBytes() throws {
        let package = try Self.paiNotes()
        let payload = try package.payloadBytes()
        for file in package.files where !file.isFolder && !file.isSymbolicLink {
            let run = try Support.bsdtar(["-xOf", "-", "./" + file.path], input: payload)
            #expect(run.status == 0, "\(file.path): \(run.error)")
            #expect(run.output == file.contents, "\(file.path)")
        }
    }

    @Test func theTableOfContentsDistributionAndPackageInfoAreWellFormedXML() throws {
        let package = try Self.paiNotes(signed: true)
        #expect(try Support.parsesAsXML(package.archive().tableOfContents()))
        #expect(try Support.parsesAsXML(package.distribution))
        #expect(try Support.parsesAsXML(package.packageInfo))
        let toc = try Support.tableOfContents(package.bytes())
        #expect(toc == (try package.archive().tableOfContents()))
    }

    @Test func theDistributionAndPackageInfoStateWhatProductbuildWrites() throws {
        let package = try Self.paiNotes()
        let distribution = package.distribution
        #expect(distribution.contains("<installer-gui-script minSpecVersion=\"1\">"))
        #expect(
            distribution.contains(
                "<pkg-ref id=\"com.painotes.mac\" version=\"1.2\" onConclusion=\"none\" installKBytes=\"\(package.installKBytes)\">#PaiNotes.pkg</pkg-ref>"))
        #expect(distribution.contains("<product id=\"com.painotes.mac\" version=\"1.2\"/>"))
        #expect(distribution.contains("<options customize=\"never\" require-scripts=\"false\" hostArchitectures=\"arm64,x86_64\"/>"))
        #expect(distribution.contains("<line choice=\"com.painotes.mac\"/>"))
        let info = package.packageInfo
        #expect(info.contains("identifier=\"com.painotes.mac\""))
        #expect(info.contains("format-version=\"2\""))
        #expect(info.contains("install-location=\"/Applications\" auth=\"root\""))
        #expect(info.contains("<bundle path=\"./PaiNotes.app\" id=\"com.painotes.mac\" CFBundleShortVersionString=\"1.2\" CFBundleVersion=\"42\"/>"))
    }

    @Test func identicalInputGivesIdenticalBytes() throws {
        #expect(try Self.paiNotes(signed: true).bytes() == Self.paiNotes(signed: true).bytes())
        #expect(try Self.paiNotes().bytes() == Self.paiNotes().bytes())
    }

    @Test func aSignedArchiveCarriesBothSignaturesWithTheChainAndStillReads() throws {
        let package = try Self.paiNotes(signed: true)
        let bytes = try package.bytes()
        let toc = try Support.tableOfContents(bytes)
        #expect(
            toc.contains("<signature style=\"RSA\">\n   <offset>20</offset>\n   <size>256</size>\n   <KeyInfo xmlns=\"http://www.w3.org/2000/09/xmldsig#\">"))
        #expect(toc.contains("<x-signature style=\"CMS\">\n   <offset>276</offset>"))
        let certificates = toc.components(separatedBy: "<X509Certificate>").dropFirst().map {
            Data(base64Encoded: String($0.prefix { $0 != "<" }), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
        }
        let chain = try #require(package.signature?.certificates)
        #expect(
            chain.map(\.subject.commonName) == [
                "3rd Party Mac Developer Installer: PaiNotes Ltd (\(ExamplePackages.paiNotesTeam))",
                "Apple Worldwide Developer Relations Certification Authority", "Apple Root CA",
            ])
        #expect(certificates == (chain + chain).map(\.der))
        // The CMS blob sits after the RSA block in the heap, a SignedData.
        let heap = 28 + Int(Support.xarHeader(bytes).compressed)
        #expect(bytes[heap + 276] == 0x30)

        let path = try Support.temporaryFile("PaiNotes.pkg", bytes)
        defer { Support.removeTemporaryFile(path) }
        #expect(try Support.listing(path).count == 5)
        #expect(try Support.extract("Distribution", from: path) == Array(package.distribution.utf8))
    }

    @Test func developerIDInstallerCertificatesComeFromTheirOwnAuthority() {
        let leaf = FixtureCertificate.installer(.developerID, name: "PaiNotes Ltd", team: "PN7X2Q9K4M", notAfter: Self.notAfter)
        #expect(leaf.subject.commonName == "Developer ID Installer: PaiNotes Ltd (PN7X2Q9K4M)")
        #expect(
            leaf.installerChain.map(\.subject.commonName) == [
                "Developer ID Installer: PaiNotes Ltd (PN7X2Q9K4M)", "Developer ID Certification Authority", "Apple Root CA",
            ])
        let distribution = FixtureCertificate.installer(.macInstallerDistribution, name: "PaiNotes Ltd", team: "PN7X2Q9K4M", notAfter: Self.notAfter)
        #expect(distribution.installerChain[1] == .worldwideDeveloperRelations)
    }

    @Test func aRawOrCustomPayloadIsStoredAsGiven() throws {
        var package = try Self.paiNotes()
        package.payload = .rawCpio
        var path = try Support.temporaryFile("raw.pkg", try package.bytes())
        #expect(try Support.extract("PaiNotes.pkg/Payload", from: path).starts(with: Array("070707".utf8)))
        Support.removeTemporaryFile(path)

        package.payload = .custom(Array("pbzx fixture bytes".utf8))
        path = try Support.temporaryFile("custom.pkg", try package.bytes())
        defer { Support.removeTemporaryFile(path) }
        #expect(try Support.extract("PaiNotes.pkg/Payload", from: path) == Array("pbzx fixture bytes".utf8))
    }

    @Test func resourcesSitBetweenTheComponentAndTheDistribution() throws {
        var package = try Self.paiNotes()
        package.resources = [FixtureFile(path: "en.lproj/Welcome.rtf", text: "{\\rtf1 Welcome}")]
        let path = try Support.temporaryFile("r.pkg", try package.bytes())
        defer { Support.removeTemporaryFile(path) }
        #expect(try Support.listing(path).map(\.name).suffix(4) == ["Resources", "Resources/en.lproj", "Resources/en.lproj/Welcome.rtf", "Distribution"])
        #expect(try Support.extract("Resources/en.lproj/Welcome.rtf", from: path) == Array("{\\rtf1 Welcome}".utf8))
    }

    @Test func aFixturePackageWritesItselfAsAnInstallerPackage() throws {
        let directory = try ArchiveTestSupport.makeTemporaryDirectory()
        defer { ArchiveTestSupport.cleanUp(directory) }
        let path = directory + "/PaiNotes.pkg"
        try ExamplePackages.paiNotesMac().writeInstallerPackage(
            to: path, appName: "PaiNotes", bundleIdentifier: "com.painotes.mac", shortVersion: "1.2", bundleVersion: "42")
        #expect(try Support.listing(path).last?.name == "Distribution")
    }
}
