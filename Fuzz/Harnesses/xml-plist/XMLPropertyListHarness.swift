import BundleCheckFormats
import BundleCheckFuzzSupport

/// XML property lists through `PropertyListParser` (libxml2 underneath), with the line numbers and
/// duplicate keys the XML reader records. Binary inputs are rejected: they have their own harness.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLPropertyList(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    guard !bytes.starts(with: "bplist".utf8) else { return FuzzInput.reject }
    guard let document = try? PropertyListParser.parse(bytes, file: "Info.plist") else { return FuzzInput.keep }
    PlistWalk.visit(document.root)
    for duplicate in document.duplicateKeys {
        _ = document.line(of: duplicate.dictionary.appending(duplicate.key))
    }
    _ = document.line(of: JSONPointer("CFBundleIdentifier"))
    return FuzzInput.keep
}
