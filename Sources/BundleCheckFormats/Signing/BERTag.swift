/// The identifier of a BER element: class, constructed bit and tag number.
///
/// Tag numbers above 30 use the multi-byte form (base-128 digits after a
/// `0x1F` low part); the reader keeps them as `UInt64` and refuses larger ones.
struct BERTag: Sendable, Hashable, CustomStringConvertible {
    let tagClass: BERTagClass
    let isConstructed: Bool
    let number: UInt64

    init(tagClass: BERTagClass, isConstructed: Bool, number: UInt64) {
        self.tagClass = tagClass
        self.isConstructed = isConstructed
        self.number = number
    }

    /// Universal tag 0: in an indefinite-length element, the `00 00` end-of-contents marker.
    static let endOfContents = BERTag(tagClass: .universal, isConstructed: false, number: 0)
    static let boolean = BERTag(tagClass: .universal, isConstructed: false, number: 1)
    static let integer = BERTag(tagClass: .universal, isConstructed: false, number: 2)
    static let octetString = BERTag(tagClass: .universal, isConstructed: false, number: 4)
    static let objectIdentifier = BERTag(tagClass: .universal, isConstructed: false, number: 6)
    static let sequence = BERTag(tagClass: .universal, isConstructed: true, number: 16)
    static let set = BERTag(tagClass: .universal, isConstructed: true, number: 17)
    static let utcTime = BERTag(tagClass: .universal, isConstructed: false, number: 23)
    static let generalizedTime = BERTag(tagClass: .universal, isConstructed: false, number: 24)

    /// A `[number]` tag, constructed as `EXPLICIT` tagging always is.
    static func contextSpecific(_ number: UInt64, constructed: Bool = true) -> BERTag {
        BERTag(tagClass: .contextSpecific, isConstructed: constructed, number: number)
    }

    /// True for OCTET STRING in either form: BER lets a sender split one into chunks.
    var isOctetString: Bool {
        tagClass == .universal && number == 4
    }

    /// ASN.1 notation for messages: `SEQUENCE`, `[0]`, `[APPLICATION 3]`, `UNIVERSAL 12`.
    var description: String {
        switch tagClass {
        case .universal:
            switch number {
            case 0: "end-of-contents"
            case 1: "BOOLEAN"
            case 2: "INTEGER"
            case 3: "BIT STRING"
            case 4: "OCTET STRING"
            case 5: "NULL"
            case 6: "OBJECT IDENTIFIER"
            case 12: "UTF8String"
            case 16: "SEQUENCE"
            case 17: "SET"
            case 19: "PrintableString"
            case 22: "IA5String"
            case 23: "UTCTime"
            case 24: "GeneralizedTime"
            case 30: "BMPString"
            default: "UNIVERSAL \(number)"
            }
        case .application: "[APPLICATION \(number)]"
        case .contextSpecific: "[\(number)]"
        case .private: "[PRIVATE \(number)]"
        }
    }
}

/// The two high bits of a BER identifier octet: who defines the tag's meaning.
enum BERTagClass: UInt8, Sendable, Hashable, CaseIterable {
    case universal = 0
    case application = 1
    case contextSpecific = 2
    case `private` = 3
}
