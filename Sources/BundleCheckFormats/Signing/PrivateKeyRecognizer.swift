/// Tells private keys and PKCS#12 identities from other DER, such as certificates and CMS
/// signatures, which an app package holds legitimately.
///
/// A match needs the whole outer structure of the container (versions, tags, element counts
/// and the algorithm OIDs that only keys use), not one telling prefix, so a certificate or a
/// provisioning profile is never taken for a key. Nothing is decrypted or checked further:
/// shipping the container at all is what matters. Nothing here throws or traps on hostile input.
package enum PrivateKeyRecognizer {
    /// Private keys are small and a PFX holds a few certificates; this is far above either.
    static let limits = BERLimits(maximumDepth: 32, maximumElementCount: 20_000)

    /// The container that `bytes` is, which must be exactly one element (DER, or BER as some PKCS#12 writers use); nil otherwise.
    package static func recognize(der bytes: [UInt8]) -> PrivateKeyContainer? {
        guard let root = try? BERReader.read(bytes, limits: limits), root.tag == .sequence, let first = root.children.first else { return nil }
        if first.tag == .sequence {
            return isEncryptedKeyInfo(root.children) ? .encryptedPKCS8 : nil
        }
        guard let version = smallInteger(first) else { return nil }
        let rest = root.children.dropFirst()
        switch version {
        case 3:
            return isPFX(rest) ? .pkcs12 : nil
        case 0, 1:
            if let algorithm = keyInfoAlgorithm(rest) { return .pkcs8(algorithm: algorithm) }
            if isRSAPrivateKey(version: version, rest) { return .rsaPKCS1 }
            if version == 1, isECPrivateKey(rest) { return .ecSEC1 }
            if version == 0, rest.count == 5, rest.allSatisfy(isPositiveInteger) { return .dsa }
            return nil
        default:
            return nil
        }
    }

    // MARK: - Whole structures

    /// PFX after its version: ContentInfo { data or signedData, [0] EXPLICIT content }, MacData OPTIONAL.
    private static func isPFX(_ rest: ArraySlice<BERElement>) -> Bool {
        guard let authSafe = rest.first, authSafe.tag == .sequence, authSafe.children.count == 2,
            let type = try? authSafe.children[0].objectIdentifier(), type == KeyOID.data || type == KeyOID.signedData,
            authSafe.children[1].tag == .contextSpecific(0), authSafe.children[1].children.count == 1
        else { return false }
        switch rest.count {
        case 1: return true
        case 2: return rest.last?.tag == .sequence
        default: return false
        }
    }

    /// The key algorithm of a PrivateKeyInfo after its version: AlgorithmIdentifier, OCTET STRING,
    /// then `[0] attributes` and `[1] publicKey`, each optional, in that order.
    private static func keyInfoAlgorithm(_ rest: ArraySlice<BERElement>) -> String? {
        let parts = Array(rest)
        guard parts.count >= 2, parts.count <= 4, parts[0].tag == .sequence,
            let oid = parts[0].children.first, let algorithm = try? oid.objectIdentifier(),
            parts[1].tag.isOctetString, !parts[1].content.isEmpty,
            hasOptionalTail(parts.dropFirst(2), numbers: [0, 1])
        else { return nil }
        return KeyOID.keyAlgorithmNames[algorithm] ?? algorithm
    }

    /// EncryptedPrivateKeyInfo: an AlgorithmIdentifier naming a password-based scheme, then the ciphertext.
    private static func isEncryptedKeyInfo(_ children: [BERElement]) -> Bool {
        guard children.count == 2, let oid = children[0].children.first, let scheme = try? oid.objectIdentifier(),
            KeyOID.isPasswordBasedEncryption(scheme),
            children[0].children.count == 2, children[0].children[1].tag == .sequence,
            children[1].tag.isOctetString, !children[1].content.isEmpty
        else { return false }
        return true
    }

    /// RSAPrivateKey after its version: n, e, d, p, q, dP, dQ, qInv; version 1 (multi-prime) adds otherPrimeInfos.
    private static func isRSAPrivateKey(version: Int, _ rest: ArraySlice<BERElement>) -> Bool {
        let integers = rest.prefix(8)
        guard integers.count == 8, integers.allSatisfy(isPositiveInteger) else { return false }
        switch (version, rest.count) {
        case (0, 8): return true
        case (1, 9): return rest.last?.tag == .sequence
        default: return false
        }
    }

    /// ECPrivateKey after its version: OCTET STRING privateKey, `[0]` parameters and `[1]` publicKey optional.
    private static func isECPrivateKey(_ rest: ArraySlice<BERElement>) -> Bool {
        guard let key = rest.first, key.tag == .octetString, !key.content.isEmpty else { return false }
        let tail = rest.dropFirst()
        // Both are EXPLICIT, so each wraps exactly one element; the public key is a BIT STRING.
        guard tail.allSatisfy({ $0.children.count == 1 }), hasOptionalTail(tail, numbers: [0, 1]) else { return false }
        if let publicKey = tail.first(where: { $0.tag == .contextSpecific(1) }) {
            return publicKey.children.first?.tag == BERTag(tagClass: .universal, isConstructed: false, number: 3)
        }
        return true
    }

    /// Whether `tail` is context-specific elements whose numbers rise within `numbers`, each at most once.
    private static func hasOptionalTail(_ tail: ArraySlice<BERElement>, numbers: [UInt64]) -> Bool {
        var allowed = numbers[...]
        for element in tail {
            guard element.tag.tagClass == .contextSpecific, let index = allowed.firstIndex(of: element.tag.number) else { return false }
            allowed = allowed[(index + 1)...]
        }
        return true
    }

    // MARK: - Integers

    /// A small non-negative INTEGER's value (a version), nil for anything else.
    private static func smallInteger(_ element: BERElement) -> Int? {
        guard element.tag == .integer, let first = element.content.first, first < 0x80, element.content.count <= 4 else { return nil }
        return element.content.reduce(0) { $0 << 8 | Int($1) }
    }

    /// Key components are positive: a non-empty INTEGER whose sign bit is clear.
    private static func isPositiveInteger(_ element: BERElement) -> Bool {
        guard element.tag == .integer, let first = element.content.first else { return false }
        return first < 0x80
    }
}

extension PrivateKeyRecognizer {
    /// Whether the first bytes of a file say it is a PKCS#12 PFX, a PKCS#8 key or an encrypted
    /// PKCS#8 key; nil when they say otherwise, or too little to be sure.
    ///
    /// `bytes` is the start of a file of `fileSize` bytes: at least 64 bytes, or the whole file.
    /// Only element headers are read, so the elements may be cut off, but every header must lie
    /// within its parent and the file, and a definite outer length must cover the file exactly.
    /// When `bytes` is the whole file, the full reading of `recognize(der:)` must agree.
    package static func recognize(header bytes: ArraySlice<UInt8>, fileSize: UInt64) -> PrivateKeyContainer? {
        let walk = HeaderWalk(bytes: bytes, fileSize: fileSize)
        guard let outer = walk.header(at: 0), outer.tag == 0x30, let first = walk.header(at: outer.contentStart, within: outer) else { return nil }
        if let end = outer.end, end != fileSize { return nil }
        var found: PrivateKeyContainer?
        switch first.tag {
        case 0x02:
            guard first.length == 1, let version = walk.byte(at: first.contentStart) else { return nil }
            if version == 3 {
                found = walk.isPFX(outer: outer, at: first.contentStart + 1) ? .pkcs12 : nil
            } else if version <= 1, outer.end != nil {
                // Only a PFX may come in BER with indefinite lengths; keys are DER.
                found = walk.keyInfoAlgorithm(outer: outer, at: first.contentStart + 1).map { .pkcs8(algorithm: $0) }
            }
        case 0x30:
            found = outer.end != nil && walk.isEncryptedKeyInfo(outer: outer, algorithm: first) ? .encryptedPKCS8 : nil
        default:
            break
        }
        guard let found else { return nil }
        guard UInt64(bytes.count) >= fileSize, let size = Int(exactly: fileSize) else { return found }
        return recognize(der: Array(bytes.prefix(size))) == found ? found : nil
    }
}

/// Element headers read by hand from a file's first bytes, whose contents may be cut off.
/// Offsets count from the start of the file; nothing is read past the bytes given.
private struct HeaderWalk {
    struct Header {
        /// The identifier octet: every tag needed here fits in one.
        let tag: UInt8
        let contentStart: Int
        /// Nil for an indefinite length.
        let length: UInt64?
        /// Where a definite-length element ends; `header(at:within:)` checked it does not overflow.
        let end: UInt64?
    }

    let bytes: ArraySlice<UInt8>
    let fileSize: UInt64

    func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return bytes[bytes.startIndex + offset]
    }

    /// The header at `offset`, when all its octets are present and a definite length ends
    /// within the file and within `parent`.
    func header(at offset: Int, within parent: Header? = nil) -> Header? {
        guard offset >= 0 else { return nil }
        if let parentEnd = parent?.end, UInt64(offset) >= parentEnd { return nil }
        guard let tag = byte(at: offset), tag & 0x1F != 0x1F, let lengthOctet = byte(at: offset + 1) else { return nil }
        var cursor = offset + 2
        if lengthOctet == 0x80 {
            // X.690 allows an indefinite length only on a constructed element.
            guard tag & 0x20 != 0 else { return nil }
            return Header(tag: tag, contentStart: cursor, length: nil, end: nil)
        }
        var length = UInt64(lengthOctet)
        if lengthOctet & 0x80 != 0 {
            let octets = Int(lengthOctet & 0x7F)
            guard octets <= 8 else { return nil }
            length = 0
            for _ in 0..<octets {
                guard let octet = byte(at: cursor) else { return nil }
                length = length << 8 | UInt64(octet)
                cursor += 1
            }
        }
        let (end, overflow) = UInt64(cursor).addingReportingOverflow(length)
        guard !overflow, end <= fileSize else { return nil }
        if let parentEnd = parent?.end, end > parentEnd { return nil }
        return Header(tag: tag, contentStart: cursor, length: length, end: end)
    }

    func header(at offset: UInt64, within parent: Header) -> Header? {
        Int(exactly: offset).flatMap { header(at: $0, within: parent) }
    }

    /// The dotted form of the OBJECT IDENTIFIER whose header is `oid`, when all of it is present.
    func objectIdentifier(at start: Int, _ oid: Header) -> String? {
        guard oid.tag == 0x06, let end = oid.end.flatMap({ Int(exactly: $0) }), end <= bytes.count, start < end else { return nil }
        let encoded = bytes[(bytes.startIndex + start)..<(bytes.startIndex + end)]
        return try? BERReader.read(Array(encoded)).objectIdentifier()
    }

    /// PFX after INTEGER 3: ContentInfo { data or signedData, [0] { OCTET STRING or SignedData } }, then MacData only.
    func isPFX(outer: Header, at offset: Int) -> Bool {
        guard let authSafe = header(at: offset, within: outer), authSafe.tag == 0x30,
            let type = header(at: authSafe.contentStart, within: authSafe),
            let contentType = objectIdentifier(at: authSafe.contentStart, type),
            contentType == KeyOID.data || contentType == KeyOID.signedData,
            let typeEnd = type.end, let content = header(at: typeEnd, within: authSafe), content.tag == 0xA0,
            let inner = header(at: content.contentStart, within: content)
        else { return false }
        // data wraps the AuthenticatedSafe in an OCTET STRING, chunked (constructed) in BER.
        let innerTags: Set<UInt8> = contentType == KeyOID.data ? [0x04, 0x24] : [0x30]
        guard innerTags.contains(inner.tag) else { return false }
        if let contentEnd = content.end, let authSafeEnd = authSafe.end, contentEnd != authSafeEnd { return false }
        if let authSafeEnd = authSafe.end, let outerEnd = outer.end, authSafeEnd < outerEnd,
            let next = Int(exactly: authSafeEnd).flatMap(byte(at:)), next != 0x30
        {
            return false
        }
        return true
    }

    /// PrivateKeyInfo after INTEGER 0 or 1: AlgorithmIdentifier, OCTET STRING, then only `[0]` or `[1]`.
    func keyInfoAlgorithm(outer: Header, at offset: Int) -> String? {
        guard let outerEnd = outer.end, let algorithm = header(at: offset, within: outer), algorithm.tag == 0x30,
            let algorithmEnd = algorithm.end, algorithmEnd < outerEnd,
            let oid = header(at: algorithm.contentStart, within: algorithm),
            let name = objectIdentifier(at: algorithm.contentStart, oid)
        else { return nil }
        let knownName = KeyOID.keyAlgorithmNames[name]
        guard let key = header(at: algorithmEnd, within: outer) else {
            // Parameters (DSA's p, q and g, an explicit curve) may push the key's header past the
            // bytes given; then only an algorithm that names a key is evidence enough.
            return isCutOff(at: algorithmEnd, tag: 0x04) ? knownName : nil
        }
        guard key.tag == 0x04, key.length != 0, let keyEnd = key.end else { return nil }
        if keyEnd < outerEnd, let next = Int(exactly: keyEnd).flatMap(byte(at:)), ![0xA0, 0x81, 0xA1].contains(next) { return nil }
        return knownName ?? name
    }

    /// EncryptedPrivateKeyInfo: AlgorithmIdentifier { password-based scheme, SEQUENCE parameters }, OCTET STRING to the end.
    func isEncryptedKeyInfo(outer: Header, algorithm: Header) -> Bool {
        guard let algorithmEnd = algorithm.end, let outerEnd = outer.end, algorithmEnd < outerEnd,
            let oid = header(at: algorithm.contentStart, within: algorithm),
            let scheme = objectIdentifier(at: algorithm.contentStart, oid), KeyOID.isPasswordBasedEncryption(scheme),
            let oidEnd = oid.end, oidEnd < algorithmEnd
        else { return false }
        if let parameters = Int(exactly: oidEnd).flatMap(byte(at:)), parameters != 0x30 { return false }
        if let data = header(at: algorithmEnd, within: outer) {
            return data.tag == 0x04 && data.length != 0 && data.end == outerEnd
        }
        // PBES2 parameters are long, so the ciphertext's header may lie past the bytes given.
        return isCutOff(at: algorithmEnd, tag: 0x04)
    }

    /// Whether the header at `offset` went unread only because the bytes given stop before its end
    /// (and before the file's); a tag octet that is there must be `tag`.
    func isCutOff(at offset: UInt64, tag: UInt8) -> Bool {
        guard let start = Int(exactly: offset), UInt64(bytes.count) < fileSize else { return false }
        guard let found = byte(at: start) else { return true }
        guard found == tag, let lengthOctet = byte(at: start + 1) else { return found == tag }
        // Present octets that still made no header are a malformed one, unless long-form length octets are missing.
        return lengthOctet & 0x80 != 0 && lengthOctet != 0x80 && Int(lengthOctet & 0x7F) > bytes.count - start - 2
    }
}

/// The object identifiers the recognizer compares, dotted and (where the header is read by hand) encoded.
private enum KeyOID {
    static let data = "1.2.840.113549.1.7.1"
    static let signedData = "1.2.840.113549.1.7.2"

    static let keyAlgorithmNames: [String: String] = [
        "1.2.840.113549.1.1.1": "RSA",
        // RSASSA-PSS keys are RSA keys restricted to one padding.
        "1.2.840.113549.1.1.10": "RSA",
        "1.2.840.10045.2.1": "EC",
        "1.2.840.10040.4.1": "DSA",
        "1.3.101.110": "X25519",
        "1.3.101.111": "X448",
        "1.3.101.112": "Ed25519",
        "1.3.101.113": "Ed448",
    ]

    /// PBES1 (PKCS#5 pbeWith… 1, 3, 4, 6, 10, 11), PBES2 (13) and the PKCS#12 PBE schemes (12.1.1 to 12.1.6).
    static func isPasswordBasedEncryption(_ oid: String) -> Bool {
        let pkcs5 = "1.2.840.113549.1.5."
        let pkcs12 = "1.2.840.113549.1.12.1."
        if oid.hasPrefix(pkcs5), let arc = Int(oid.dropFirst(pkcs5.count)) {
            return [1, 3, 4, 6, 10, 11, 13].contains(arc)
        }
        if oid.hasPrefix(pkcs12), let arc = Int(oid.dropFirst(pkcs12.count)) {
            return (1...6).contains(arc)
        }
        return false
    }

    /// The content octets of 1.2.840.113549 (RSADSI), which every PKCS OID here starts with.
    static let rsadsi: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D]
    /// pkcs-7 data and signedData, encoded: the two content types a PFX's authSafe may have.
    static let dataEncoded: [UInt8] = rsadsi + [0x01, 0x07, 0x01]
    static let signedDataEncoded: [UInt8] = rsadsi + [0x01, 0x07, 0x02]
}
