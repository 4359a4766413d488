/// The identifier of a BER element: class, constructed bit and tag number.
///
/// Tag numbers above 30 use the multi-byte form (base-128 digits after a
/// `0x1F` low part); the reader keeps them as `UInt64` and refuses larger ones.
public struct BERTag: Sendable, Hashable, CustomStringConvertible {
    public let tagClass: BERTagClass
    public let isConstructed: Bool
    public let number: UInt64

    public init(tagClass: BERTagClass, isConstructed: Bool, number: UInt64) {
        self.tagClass = tagClass
        self.isConstructed = isConstructed
        self.number = number
    }

    /// Universal tag 0: in an indefinite-length element, the `00 00` end-of-contents marker.
    public static let endOfContents = BERTag(tagClass: .universal, isConstructed: false, number: 0)
    public static let integer = BERTag(tagClass: .universal, isConstructed: false, number: 2)
    public static let objectIdentifier = BERTag(tagClass: .universal, isConstructed: false, number: 6)
    public static let sequence = BERTag(tagClass: .universal, isConstructed: true, number: 16)
    public static let set = BERTag(tagClass: .universal, isConstructed: true, number: 17)

    /// A `[number]` tag, constructed as `EXPLICIT` tagging always is.
    public static func contextSpecific(_ number: UInt64, constructed: Bool = true) -> BERTag {
        BERTag(tagClass: .contextSpecific, isConstructed: constructed, number: number)
    }

    /// True for OCTET STRING in either form: BER lets a sender split one into chunks.
    public var isOctetString: Bool {
        tagClass == .universal && number == 4
    }

    /// ASN.1 notation for messages: `SEQUENCE`, `[0]`, `[APPLICATION 3]`, `UNIVERSAL 12`.
    public var description: String {
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
            case 16: "SEQUENCE"
            case 17: "SET"
            default: "UNIVERSAL \(number)"
            }
        case .application: "[APPLICATION \(number)]"
        case .contextSpecific: "[\(number)]"
        case .private: "[PRIVATE \(number)]"
        }
    }
}

/// The two high bits of a BER identifier octet: who defines the tag's meaning.
public enum BERTagClass: UInt8, Sendable, Hashable, CaseIterable {
    case universal = 0
    case application = 1
    case contextSpecific = 2
    case `private` = 3
}
