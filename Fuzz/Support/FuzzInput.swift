import BundleCheckFixtures
import Foundation

/// Hands libFuzzer's input to a `FuzzTarget` (Sources/BundleCheckFixtures/FuzzTarget.swift, where
/// what each harness does lives, shared with the tests that replay seeds and regressions).
public enum FuzzInput {
    public static func run(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        // libFuzzer: 0 keeps an interesting input, -1 keeps it out of the corpus.
        return target.run(bytes, inputFile: inputFile) == .rejected ? -1 : 0
    }

    /// One file per process for the targets that open a path (libzip, the inspector), in /dev/shm
    /// when there is one so each input is written to memory; removed when the process exits.
    static let inputFile: String = {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        atexit { _ = unlink(FuzzInput.inputFile) }
        return folder + "/bundlecheck-fuzz-\(getpid()).ipa"
    }()
}
