/// One string a slice's code carries that a check asked for, e.g. the imported
/// symbol `_OBJC_CLASS_$_UIWebView` of the `arm64` slice.
public struct BinaryEvidence: Sendable, Hashable {
    public var kind: BinaryEvidenceKind
    /// As stored in the binary: symbols keep their leading underscore.
    public var value: String
    /// The slice's architecture name, e.g. `arm64`.
    public var architecture: String

    public init(kind: BinaryEvidenceKind, value: String, architecture: String) {
        self.kind = kind
        self.value = value
        self.architecture = architecture
    }
}

/// What kind of thing a piece of binary evidence is, by where the reader found it.
public enum BinaryEvidenceKind: String, Sendable, CaseIterable {
    /// An imported symbol: undefined in `LC_SYMTAB`, bound by dyld opcodes, or a chained-fixup import.
    case symbol
    /// An Objective-C selector name from `__TEXT,__objc_methname`.
    case selector
    /// An Objective-C class name from `__TEXT,__objc_classname`.
    case `class`
    /// A C string literal from `__TEXT,__cstring`.
    case string
}

/// Decides, while the reader streams a binary, which strings are worth keeping.
///
/// The reader asks for every candidate and keeps only the wanted ones, so memory
/// grows with the hits rather than with the string tables.
package protocol BinaryEvidenceFilter: Sendable {
    func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool
    /// A cheap first cut on a candidate's UTF-8 bytes, before a String is made of them: false
    /// only for a candidate `wants` would refuse.
    func mightWant(_ kind: BinaryEvidenceKind, utf8 bytes: ArraySlice<UInt8>) -> Bool
}

extension BinaryEvidenceFilter {
    package func mightWant(_ kind: BinaryEvidenceKind, utf8 bytes: ArraySlice<UInt8>) -> Bool { true }
}

/// A filter that keeps every candidate: for tests and for dumping what a binary holds.
struct KeepAllEvidence: BinaryEvidenceFilter {
    init() {}

    func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool {
        true
    }
}
