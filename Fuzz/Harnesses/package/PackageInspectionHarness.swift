import BundleCheckFuzzSupport
import BundleCheckInspection
import BundleCheckModel

/// The whole inspection of one input, as `bundlecheck PATH` runs it with the shipped rules: open
/// the zip, locate the bundles, read their plists, executables, signatures and profiles, run every
/// rule. The inspector catches what a package can get wrong and reports it; a crash, hang or leak
/// here is a bug wherever it lies.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackageInspection(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = InputFile.holding(FuzzInput.bytes(data, size))
    let report = inspector.inspect(path: path)
    _ = report.findings.count
    return FuzzInput.keep
}

/// Built once: the shipped catalogue lives as long as the process (suppressed for LeakSanitizer in
/// Fuzz/lsan.supp).
let inspector = PackageInspector(rules: RuleCatalogue.shipped.rules)
