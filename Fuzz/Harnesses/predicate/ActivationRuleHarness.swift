import BundleCheckFormats
import BundleCheckFuzzSupport

/// NSExtensionActivationRule analysis, in both of its forms: an input that reads as a property
/// list is the rule's dictionary form (its root); anything else is a predicate string, parsed
/// by `PredicateParser` and analysed for what it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzActivationRule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    let rule: PlistValue
    if bytes.starts(with: "bplist".utf8) || bytes.starts(with: "<?xml".utf8) || bytes.starts(with: "<plist".utf8) {
        guard let document = try? PropertyListParser.parse(bytes, file: "Info.plist") else { return FuzzInput.keep }
        rule = document.root
    } else {
        rule = .string(String(decoding: bytes, as: UTF8.self))
    }
    let analysis = ActivationRuleAnalysis(rule: rule)
    for observation in analysis.observations {
        _ = String(describing: observation)
    }
    for accepted in analysis.accepts {
        _ = accepted.description
    }
    return FuzzInput.keep
}
