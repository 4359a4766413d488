import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckModel

/// Files a user names: read with the system's reasons, `/dev/null` as an empty file, capped.
@Suite struct UserFileTests {
    struct Failure: Error, Equatable {
        let text: String
    }

    static func read(_ path: String) throws(Failure) -> Data {
        try UserFile.read(path, notFound: { Failure(text: "not found") }, unreadable: { Failure(text: $0) })
    }

    @Test func devNullIsAnEmptyConfiguration() throws {
        #expect(try Self.read("/dev/null").isEmpty)
        let (status, console) = CapturingConsole.run(["--list-rules", "--config", "/dev/null"])
        #expect(status == .success, "\(console.error)")
    }

    @Test func reasonsAreTheSystems() throws {
        #expect(throws: Failure(text: "not found")) { try Self.read("/nonexistent/x.yml") }
        #expect(throws: Failure(text: "it is a folder")) { try Self.read("/tmp") }
    }

    @Test func aFileLargerThanTheCapIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("big.yml")
        try Data(repeating: 0x20, count: UserFile.sizeLimit + 1).write(to: URL(fileURLWithPath: path))
        #expect(throws: Failure(text: "larger than 16 MiB")) { try Self.read(path) }
        try Data(repeating: 0x20, count: 10).write(to: URL(fileURLWithPath: path))
        #expect(try Self.read(path).count == 10)
    }
}
