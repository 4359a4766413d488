import BundleCheckFixtures
import BundleCheckFuzzSupport

// libFuzzer's entry point for FuzzTarget.report (what it runs is documented there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzInput.run(.report, data, size)
}
