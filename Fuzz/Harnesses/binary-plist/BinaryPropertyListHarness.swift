import BundleCheckFormats
import BundleCheckFuzzSupport

/// Binary property lists (`bplist00`) through `PropertyListParser`, the path every Info.plist,
/// entitlements file and privacy manifest in binary form takes. Inputs without the magic would
/// go to the XML reader, which has a harness of its own, so they are rejected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryPropertyList(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    guard bytes.starts(with: "bplist".utf8) else { return FuzzInput.reject }
    guard let document = try? PropertyListParser.parse(bytes, file: "Info.plist") else { return FuzzInput.keep }
    PlistWalk.visit(document.root)
    return FuzzInput.keep
}
