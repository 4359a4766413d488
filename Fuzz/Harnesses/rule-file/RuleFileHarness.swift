import BundleCheckFormats
import BundleCheckFuzzSupport
import BundleCheckInspection
import BundleCheckModel
import Foundation

/// A rule file (`Rules/*.yml`, or a user's `--rules` pack) through libyaml and `RuleLoader` into a
/// `RuleDefinition`, against the real registry of built-in checks. The loader insists that the file
/// is named after the rule's id, so the harness names it after the first `id:` line it finds: the
/// fuzzer then reaches past that check without having to guess a file name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuleFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzInput.bytes(data, size), as: UTF8.self)
    guard let rule = try? RuleLoader.load(text: text, file: "Rules/\(ruleID(in: text)).yml", isBuiltIn: false) else {
        return FuzzInput.keep
    }
    _ = (rule.id, rule.title, rule.examples.count)
    return FuzzInput.keep
}

/// The value of the first line that starts with `id:`, or a placeholder.
func ruleID(in text: String) -> String {
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) where line.hasPrefix("id:") {
        return line.dropFirst(3).trimmingCharacters(in: .whitespaces)
    }
    return "fuzz"
}
