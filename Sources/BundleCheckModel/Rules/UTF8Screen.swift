/// A byte-level first cut for a `BinaryCondition`, asked of every string of every executable
/// before a `String` is made of it: making the String and searching it through Foundation cost
/// more than the rest of reading the `__cstring` section.
///
/// It answers "no" only where bytes decide exactly: for a candidate of ASCII bytes and an
/// operand of ASCII text, Unicode's canonical equivalence (which `String` comparison follows)
/// adds nothing, so a candidate that does not hold the operand's bytes cannot match. Anything
/// else (non-ASCII text, sets of names, regular expressions) is "maybe", left to the condition.
package struct UTF8Screen: Sendable {
    private enum Form: Sendable {
        case equals, prefix, contains, undecided
        case containsAny, shaped
    }

    private let form: Form
    /// The operand's bytes (ASCII), kept apart from `form` so that testing copies no array.
    private let operand: [UInt8]
    /// The secrets' forms' operands, beside `form` rather than inside it: binding an enum's
    /// payload copies it (and retains its arrays) at every string tested.
    private let needles: NeedleSet?
    private let lengths: Set<Int>
    private let alphabet: ByteClass

    package init(_ condition: BinaryCondition) {
        let (form, text): (Form, String?) =
            switch condition {
            case .equals(let text): (.equals, text)
            case .prefix(let text): (.prefix, text)
            case .contains(let text): (.contains, text)
            case .equalsAny, .matches: (.undecided, nil)
            case .containsAny: (.containsAny, nil)
            case .shaped: (.shaped, nil)
            }
        switch condition {
        case .containsAny(let needles): (self.needles, lengths, alphabet) = (needles, [], ByteClass(""))
        case .shaped(let lengths, let alphabet): (self.needles, self.lengths, self.alphabet) = (nil, lengths, alphabet)
        default: (needles, lengths, alphabet) = (nil, [], ByteClass(""))
        }
        let bytes = Array((text ?? "").utf8)
        let isASCII = bytes.allSatisfy { $0 < 0x80 }
        self.form = isASCII ? form : .undecided
        self.operand = isASCII ? bytes : []
    }

    /// False only when the condition cannot match the text whose UTF-8 bytes are `bytes`.
    package func mightMatch(_ bytes: ArraySlice<UInt8>) -> Bool {
        switch form {
        case .undecided: true
        case .equals: !Self.isASCII(bytes) || bytes.elementsEqual(operand)
        case .prefix: !Self.isASCII(bytes) || bytes.starts(with: operand)
        case .contains: !Self.isASCII(bytes) || Self.find(operand, in: bytes)
        case .containsAny: needles?.occursIn(utf8: bytes) ?? true
        case .shaped: lengths.contains(bytes.count) && bytes.allSatisfy(alphabet.contains)
        }
    }

    private static func isASCII(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer(ByteSearch.isASCII)
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        haystack.withUnsafeBufferPointer { ByteSearch.contains(needle, in: $0) }
    }
}
