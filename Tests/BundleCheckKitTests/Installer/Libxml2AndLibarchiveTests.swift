import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// libarchive's xar reader tears libxml2 down after each table of contents it reads; property
/// lists parsed on other threads meanwhile must come through whole. Before
/// `Libxml2GlobalState`, this crashed the test process in `free` within a few rounds.
@Suite struct Libxml2AndLibarchiveTests {
    static let plist = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>List</key><array><string>a</string><string>b</string><integer>3</integer></array></dict></plist>
        """.utf8)

    @Test func parsesOnOtherThreadsSurviveOpeningPackages() throws {
        let package = try InstallerTestSupport.temporaryFile(
            "Race.pkg",
            try FixtureInstallerOptions().installerPackage(
                of: ExamplePackages.paiNotesMacApp(), files: try FixturePackage.app(ExamplePackages.paiNotesMacApp()).files
            ).bytes()
        )
        defer { InstallerTestSupport.removeTemporaryFile(package) }
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<(worker.isMultiple(of: 2) ? 100 : 1000) {
                do {
                    if worker.isMultiple(of: 2) {
                        let reader = try LibarchiveReader(xarAt: package)
                        while try reader.next() != nil {}
                    } else {
                        let document = try XMLPropertyListParser.parse(Self.plist, file: "Info.plist")
                        guard case .dictionary(let entries) = document.root, entries.count == 2 else {
                            failures.add()
                            continue
                        }
                    }
                } catch {
                    failures.add()
                }
            }
        }
        #expect(failures.value == 0)
    }

    private final class FailureCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }
}
