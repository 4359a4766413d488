import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// A single input opened on another thread while the catalogue loads: the same container, or
/// the same error, as opening it then; an installer package is left for the inspector.
@Suite struct PackagePrefetchTests {
    @Test func aZipIsOpenedAheadAndTakenOnce() throws {
        let directory = try TemporaryDirectory()
        let path = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.drifted), in: directory, name: "Drift.ipa")
        let prefetch = PackagePrefetch.start(path: path)
        let container = try #require(try prefetch.take()?.get())
        let opened = try PackageOpener.open(path: path)
        #expect(container.storage == .zip)
        #expect(container.files.map(\.path) == opened.files.map(\.path))
        #expect(prefetch.take() == nil, "a second take has nothing left")
    }

    @Test func whatCannotBeOpenedFailsAsOpeningItThenWould() throws {
        let directory = try TemporaryDirectory()
        for (name, bytes) in [("Missing.ipa", nil), ("Empty.ipa", [UInt8]()), ("Text.ipa", Array("not a zip".utf8))] as [(String, [UInt8]?)] {
            let path = directory.path(name)
            if let bytes { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
            let expected = #expect(throws: BundleCheckError.self) { try PackageOpener.open(path: path) }
            guard case .failure(let error)? = PackagePrefetch.start(path: path).take() else {
                Issue.record("\(name) opened")
                continue
            }
            #expect(error as? BundleCheckError == expected, "\(name)")
        }
    }

    @Test func anInstallerPackageIsLeftForTheInspector() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("PaiNotes.pkg")
        try ExamplePackages.paiNotesMacInstaller().write(to: path)
        #expect(PackagePrefetch.start(path: path).take() == nil)
        #expect(try PackageOpener.open(path: path).storage == .installerPackage)
    }
}
