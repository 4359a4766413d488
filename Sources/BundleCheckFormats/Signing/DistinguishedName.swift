/// An X.501 Name as a certificate holds it (RFC 5280 4.1.2.4): a sequence of sets of
/// attribute type and value.
///
/// Names are matched by their attributes' bytes: a certificate's issuer is copied from the
/// issuing certificate's subject, and a CMS signer names its certificate's issuer the same
/// way, so comparing bytes finds the chain without RFC 5280's case-folding rules.
public struct DistinguishedName: Sendable, Hashable {
    /// Each attribute's type and value octets, in order, with each relative name's size: equal
    /// for equal names however BER wrote their lengths (definite or indefinite).
    package let matchingKey: [UInt8]
    /// The first commonName (2.5.4.3), decoded; nil when there is none or it is not text.
    public let commonName: String?
    /// The first organizationName (2.5.4.10), decoded.
    public let organization: String?

    static let commonNameOID = "2.5.4.3"
    static let organizationOID = "2.5.4.10"

    package init(matchingKey: [UInt8], commonName: String?, organization: String?) {
        self.matchingKey = matchingKey
        self.commonName = commonName
        self.organization = organization
    }

    /// Reads a Name SEQUENCE; a value that is not text leaves its attribute nil, a broken
    /// structure is an error.
    init(_ element: BERElement) throws(BERError) {
        try element.expect(.sequence, "a Name SEQUENCE")
        var attributes: [String: String] = [:]
        var key: [UInt8] = []
        for relativeName in element.children {
            try relativeName.expect(.set, "a RelativeDistinguishedName SET")
            Self.appendLength(relativeName.children.count, to: &key)
            for attribute in relativeName.children {
                try attribute.expect(.sequence, "an AttributeTypeAndValue SEQUENCE")
                let typeElement = try attribute.child(0, .objectIdentifier, "an attribute type")
                let type = try typeElement.objectIdentifier()
                guard attribute.children.count == 2 else {
                    throw BERError.unexpectedElement(
                        offset: attribute.offset, expected: "an attribute type and one value", found: "\(attribute.children.count) elements")
                }
                let value = attribute.children[1]
                Self.appendLength(typeElement.content.count, to: &key)
                key += typeElement.content
                key += [value.tag.tagClass.rawValue, value.tag.isConstructed ? 1 : 0]
                Self.appendLength(Int(clamping: value.tag.number), to: &key)
                Self.appendLength(value.content.count, to: &key)
                key += value.content
                if attributes[type] == nil, let text = Self.text(of: value) {
                    attributes[type] = text
                }
            }
        }
        self.init(
            matchingKey: key,
            commonName: attributes[Self.commonNameOID],
            organization: attributes[Self.organizationOID]
        )
    }

    /// Eight bytes, big-endian: a fixed width keeps the key unambiguous.
    private static func appendLength(_ value: Int, to key: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) {
            key.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// The text of a DirectoryString or IA5String value; nil for other types or invalid bytes.
    static func text(of value: BERElement) -> String? {
        guard value.tag.tagClass == .universal, !value.tag.isConstructed else { return nil }
        let bytes = Array(value.content)
        switch value.tag.number {
        case 12: // UTF8String
            return String(validating: bytes, as: UTF8.self)
        case 19, 22: // PrintableString, IA5String: ASCII
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        case 20: // TeletexString: read as Latin-1, as most software does
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case 30: // BMPString: UTF-16 big-endian
            guard bytes.count % 2 == 0 else { return nil }
            let units = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(validating: units, as: UTF16.self)
        case 28: // UniversalString: UTF-32 big-endian
            guard bytes.count % 4 == 0 else { return nil }
            var scalars = String.UnicodeScalarView()
            for start in stride(from: 0, to: bytes.count, by: 4) {
                let value = bytes[start..<start + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            }
            return String(scalars)
        default:
            return nil
        }
    }
}
