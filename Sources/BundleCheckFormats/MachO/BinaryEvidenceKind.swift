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
