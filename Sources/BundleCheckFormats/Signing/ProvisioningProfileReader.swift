/// Reads an `embedded.mobileprovision`: a CMS SignedData envelope (RFC 5652)
/// whose encapsulated content is the profile's XML property list.
///
/// The walk is ContentInfo (content type signedData) → SignedData → version,
/// digestAlgorithms, encapContentInfo (content type data) → `[0] EXPLICIT`
/// OCTET STRING, which Apple often writes in BER with indefinite lengths and as a
/// constructed OCTET STRING of chunks; `BERReader` handles both.
///
/// The signature is not verified: bundlecheck runs offline, without Apple's
/// certificates or any trust store, and only reports what the profile says.
/// The certificates in the envelope are counted, not checked.
package enum ProvisioningProfileReader {
    /// Object identifier of CMS `id-signedData`.
    static let signedDataOID = "1.2.840.113549.1.7.2"
    /// Object identifier of CMS `id-data`.
    static let dataOID = "1.2.840.113549.1.7.1"

    /// Reads the profile in `bytes`; `file` names it in errors.
    ///
    /// - Throws: `ProvisioningProfileError` when the envelope is not readable or
    ///   not a profile; `BundleCheckError.malformedPropertyList` when the plist inside is not.
    package static func read(_ bytes: [UInt8], file: String, limits: BERLimits = .standard) throws -> ProvisioningProfile {
        let (content, certificateCount) = try envelopeContent(bytes, file: file, limits: limits)
        let document = try PropertyListParser.parse(content, file: file)
        guard let dictionary = document.root.dictionaryValue else {
            throw BundleCheckError.malformedPropertyList(
                file: file, reason: "the profile's root is of type \(document.root.typeName), not dictionary", line: nil)
        }
        return ProvisioningProfile(propertyList: dictionary, envelopeCertificateCount: certificateCount)
    }

    /// The encapsulated content (the plist bytes) of the SignedData envelope in `bytes`.
    ///
    /// - Throws: `ProvisioningProfileError`.
    static func propertyListBytes(_ bytes: [UInt8], file: String, limits: BERLimits = .standard) throws -> [UInt8] {
        try envelopeContent(bytes, file: file, limits: limits).content
    }

    private static func envelopeContent(
        _ bytes: [UInt8], file: String, limits: BERLimits
    ) throws -> (content: [UInt8], certificateCount: Int) {
        do {
            let contentInfo = try BERReader.read(bytes, limits: limits)
            try expect(contentInfo, .sequence, "a ContentInfo SEQUENCE")
            let contentType = try child(0, of: contentInfo, .objectIdentifier, "the content type")
            let type = try contentType.objectIdentifier()
            guard type == signedDataOID else {
                throw ProvisioningProfileError.unexpectedContent(
                    file: file, offset: contentType.offset, reason: "the content type is \(type), not signedData (\(signedDataOID))")
            }
            let explicitContent = try child(1, of: contentInfo, .contextSpecific(0), "the [0] content")
            let signedData = try child(0, of: explicitContent, .sequence, "a SignedData SEQUENCE")
            _ = try child(0, of: signedData, .integer, "the SignedData version")
            _ = try child(1, of: signedData, .set, "the digestAlgorithms SET")
            let encapsulated = try child(2, of: signedData, .sequence, "an encapContentInfo SEQUENCE")
            let eContentType = try child(0, of: encapsulated, .objectIdentifier, "the encapsulated content type")
            let innerType = try eContentType.objectIdentifier()
            guard innerType == dataOID else {
                throw ProvisioningProfileError.unexpectedContent(
                    file: file, offset: eContentType.offset, reason: "the signed content type is \(innerType), not data (\(dataOID))")
            }
            guard encapsulated.children.count > 1 else {
                throw ProvisioningProfileError.unexpectedContent(
                    file: file, offset: encapsulated.offset, reason: "the signature is detached: the envelope holds no content")
            }
            let eContent = try child(1, of: encapsulated, .contextSpecific(0), "the [0] eContent")
            guard let octets = eContent.children.first, eContent.children.count == 1 else {
                throw BERError.unexpectedElement(
                    offset: eContent.offset, expected: "one OCTET STRING", found: "\(eContent.children.count) elements")
            }
            let content = try octets.octetStringBytes()
            // certificates is the optional [0] IMPLICIT SET OF after encapContentInfo.
            let certificates = signedData.children.dropFirst(3).first { $0.tag == .contextSpecific(0) }
            return (content, certificates?.children.count ?? 0)
        } catch let error as BERError {
            throw ProvisioningProfileError.malformedEnvelope(file: file, error)
        }
    }

    private static func expect(_ element: BERElement, _ tag: BERTag, _ what: String) throws(BERError) {
        guard element.tag == tag else {
            throw BERError.unexpectedElement(offset: element.offset, expected: what, found: element.tag.description)
        }
    }

    private static func child(_ index: Int, of parent: BERElement, _ tag: BERTag, _ what: String) throws(BERError) -> BERElement {
        guard index < parent.children.count else {
            throw BERError.unexpectedElement(offset: parent.offset, expected: what, found: "the end of \(parent.tag)")
        }
        let element = parent.children[index]
        try expect(element, tag, what)
        return element
    }
}

/// Why an `embedded.mobileprovision` could not be read down to its property list.
///
/// A damaged property list inside a sound envelope is reported as
/// `BundleCheckError.malformedPropertyList` instead, as for any other plist.
package enum ProvisioningProfileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not valid BER, or not shaped as CMS SignedData.
    case malformedEnvelope(file: String, BERError)
    /// A well-formed envelope that holds something else than a profile.
    case unexpectedContent(file: String, offset: Int, reason: String)

    /// Stable identifier for reports, as `BundleCheckError.code`.
    package var code: String { "malformed-profile" }

    /// What is wrong, without the file name (the caller's error adds it).
    package var reason: String {
        switch self {
        case .malformedEnvelope(_, let error):
            "\(error)"
        case .unexpectedContent(_, let offset, let reason):
            "offset \(offset): \(reason)"
        }
    }

    package var description: String {
        switch self {
        case .malformedEnvelope(let file, let error):
            "\(file): not a readable provisioning profile: \(error)"
        case .unexpectedContent(let file, let offset, let reason):
            "\(file): offset \(offset): not a provisioning profile: \(reason)"
        }
    }
}
