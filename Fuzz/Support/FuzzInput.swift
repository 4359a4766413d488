import Foundation

/// What libFuzzer hands a harness, as the byte array the parsers take.
public enum FuzzInput {
    /// libFuzzer's return values: keep the input if it is interesting, or never add it to the corpus
    /// (an input the harness does not route to its parser, such as XML given to the binary harness).
    public static let keep: CInt = 0
    public static let reject: CInt = -1

    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
