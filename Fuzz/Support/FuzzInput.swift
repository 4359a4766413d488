import BundleCheckFixtures
import Foundation

/// Hands libFuzzer's input to a `FuzzTarget` (Sources/BundleCheckFixtures/Fuzz/FuzzTarget.swift, where
/// what each harness does lives, shared with the tests that replay seeds and regressions).
public enum FuzzInput {
    public static func run(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        // libFuzzer: 0 keeps an interesting input, -1 keeps it out of the corpus.
        let outcome = target.run(bytes, inputFile: inputFile)
        // Removed after every input, so a crash, which runs no exit handler, leaves at most one.
        unlink(inputFile)
        return outcome == .rejected ? -1 : 0
    }

    private static let prefix = "bundlecheck-fuzz-"

    /// One file per process for the targets that open a path (libzip, the inspector), in /dev/shm
    /// when there is one so each input is written to memory.
    static let inputFile: String = {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        removeLeftovers(in: folder)
        return folder + "/\(prefix)\(getpid()).ipa"
    }()

    /// The input files of harness processes that are gone: one that crashed kept its last input.
    private static func removeLeftovers(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) && name.hasSuffix(".ipa") {
            guard let process = pid_t(name.dropFirst(prefix.count).dropLast(".ipa".count)), process != getpid() else { continue }
            if kill(process, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }
}
