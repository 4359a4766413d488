/// Byte-level tests the matchers' first cuts share (`UTF8Screen`, `Glob.mayMatch`).
package enum ByteSearch {
    /// Whether `needle` occurs in `haystack`: the first byte located, then the rest compared.
    package static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        return needle.withUnsafeBufferPointer { pin in
            let last = haystack.count - pin.count
            var index = 0
            while index <= last {
                if haystack[index] == first {
                    var offset = 1
                    while offset < pin.count, haystack[index + offset] == pin[offset] { offset += 1 }
                    if offset == pin.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// Whether every byte is ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in bytes { combined |= byte }
        return combined < 0x80
    }
}
