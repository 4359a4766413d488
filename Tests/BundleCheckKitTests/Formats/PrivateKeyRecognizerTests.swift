import Foundation
import Testing

@testable import BundleCheckFormats

/// Keys made at test time by `openssl` and `ssh-keygen` (never committed) read back from DER,
/// from PEM and from a file's first 64 bytes; certificates, CMS signatures, public keys,
/// placeholders and damaged input are not keys.
@Suite struct PrivateKeyRecognizerTests {
    static let toolsInstalled = ExternalTool.isInstalled("openssl") && ExternalTool.isInstalled("ssh-keygen")
    static let toolsMessage = "openssl or ssh-keygen is not installed (apt-get install openssl openssh-client)"

    /// The samples, or a failure naming the command that could not make them.
    static func samples() throws -> KeySamples {
        guard toolsInstalled else { throw KeySamples.Failure(description: toolsMessage + "; CI must have both") }
        return try KeySamples.shared.get()
    }

    // MARK: - DER

    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func derSamplesAreRecognisedAsTheirContainers() throws {
        let samples = try Self.samples()
        var expectations: [(String, PrivateKeyContainer)] = [
            ("rsa.der", .pkcs8(algorithm: "RSA")),
            ("ec.der", .pkcs8(algorithm: "EC")),
            ("ed25519.der", .pkcs8(algorithm: "Ed25519")),
            ("encrypted.der", .encryptedPKCS8),
            ("rsa-pkcs1.der", .rsaPKCS1),
            ("ec-sec1.der", .ecSEC1),
            ("identity.p12", .pkcs12),
        ]
        let optional: [(String, PrivateKeyContainer)] = [
            ("identity-legacy.p12", .pkcs12),
            ("encrypted-pbe.der", .encryptedPKCS8),
            ("dsa-pkcs8.der", .pkcs8(algorithm: "DSA")),
            ("dsa-traditional.der", .dsa),
        ]
        expectations += optional.filter { samples.has($0.0) }
        for (name, expected) in expectations {
            let bytes = try samples[name]
            #expect(PrivateKeyRecognizer.recognize(der: bytes) == expected, "\(name)")
        }
        // The encrypted PEM from genpkey holds PBES2 DER too.
        let encrypted = PrivateKeyRecognizer.privateKeyBlocks(in: try samples["encrypted.pem"][...]).first?.body ?? []
        #expect(PrivateKeyRecognizer.recognize(der: encrypted) == .encryptedPKCS8)
    }

    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func certificatesSignaturesAndOtherBytesAreNotKeys() throws {
        let samples = try Self.samples()
        for name in ["certificate.der", "signed.der"] {
            let bytes = try samples[name]
            #expect(PrivateKeyRecognizer.recognize(der: bytes) == nil, "\(name)")
        }
        var random = SeededRandom(seed: 0x6B65_7973)
        for length in [0, 1, 2, 64, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(PrivateKeyRecognizer.recognize(der: bytes) == nil)
            #expect(PrivateKeyRecognizer.recognize(header: bytes[...], fileSize: UInt64(length)) == nil)
        }
        // One trailing byte (a newline) makes a DER key no longer one element.
        let newline = try samples["rsa.der"] + [0x0A]
        #expect(PrivateKeyRecognizer.recognize(der: newline) == nil)
        // A SEQUENCE of INTEGERs is a key only with the counts and versions the formats have.
        let integers = { (values: [UInt8]) in Self.der(0x30, values.flatMap { Self.der(0x02, [$0]) }) }
        #expect(PrivateKeyRecognizer.recognize(der: integers([0, 5, 5, 5, 5, 5])) == .dsa)
        #expect(PrivateKeyRecognizer.recognize(der: integers([0, 5, 5, 5, 5])) == nil)
        #expect(PrivateKeyRecognizer.recognize(der: integers([2, 5, 5, 5, 5, 5, 5, 5, 5])) == nil)
        #expect(PrivateKeyRecognizer.recognize(der: integers([0, 5, 5, 5, 5, 5, 5, 5, 5])) == .rsaPKCS1)
        // An encrypted key needs a password-based scheme: AES alone (2.16.840.1.101.3.4.1.42) is not one.
        let aes = Self.der(0x30, Self.der(0x06, [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x2A]) + Self.der(0x30, []))
        #expect(PrivateKeyRecognizer.recognize(der: Self.der(0x30, aes + Self.der(0x04, [1, 2, 3]))) == nil)
    }

    @Test func descriptionsAreShortWords() {
        #expect(PrivateKeyContainer.pkcs8(algorithm: "RSA").description == "PKCS#8 RSA private key")
        #expect(PrivateKeyContainer.pkcs8(algorithm: "1.2.3.4").description == "PKCS#8 private key (algorithm 1.2.3.4)")
        #expect(PrivateKeyContainer.encryptedPKCS8.description == "encrypted PKCS#8 private key")
        #expect(PrivateKeyContainer.pkcs12.description == "PKCS#12 (.p12) identity")
        #expect(PrivateKeyContainer.rsaPKCS1.description == "PKCS#1 RSA private key")
        #expect(PrivateKeyContainer.ecSEC1.description == "SEC 1 EC private key")
        #expect(PrivateKeyContainer.openSSH.description == "OpenSSH private key")
        #expect(PrivateKeyContainer.dsa.description == "DSA private key")
    }

    // MARK: - First bytes

    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func theFirst64BytesTellPFXAndPKCS8FromEverythingElse() throws {
        let samples = try Self.samples()
        var expectations: [(String, PrivateKeyContainer?)] = [
            ("identity.p12", .pkcs12),
            ("rsa.der", .pkcs8(algorithm: "RSA")),
            ("ec.der", .pkcs8(algorithm: "EC")),
            // 48 bytes: the whole file, so the full reading confirms it.
            ("ed25519.der", .pkcs8(algorithm: "Ed25519")),
            // PBES2's parameters push the ciphertext's header past byte 64.
            ("encrypted.der", .encryptedPKCS8),
            // The first bytes say only PFX or PKCS#8; the traditional keys need recognize(der:).
            ("rsa-pkcs1.der", nil),
            ("ec-sec1.der", nil),
            ("certificate.der", nil),
            ("signed.der", nil),
        ]
        let optional: [(String, PrivateKeyContainer?)] = [
            ("identity-legacy.p12", .pkcs12),
            ("encrypted-pbe.der", .encryptedPKCS8),
            ("dsa-pkcs8.der", .pkcs8(algorithm: "DSA")),
            ("dsa-traditional.der", nil),
        ]
        expectations += optional.filter { samples.has($0.0) }
        for (name, expected) in expectations {
            let bytes = try samples[name]
            let size = UInt64(bytes.count)
            #expect(PrivateKeyRecognizer.recognize(header: bytes.prefix(64), fileSize: size) == expected, "\(name)")
            // The same bytes in the middle of a buffer: offsets count from the slice's start.
            let padded = [UInt8](repeating: 0x30, count: 7) + bytes
            #expect(PrivateKeyRecognizer.recognize(header: padded[7..<(7 + min(64, bytes.count))], fileSize: size) == expected, "\(name) in a slice")
            // The outer length must account for the file exactly.
            #expect(PrivateKeyRecognizer.recognize(header: bytes.prefix(64), fileSize: size + 1) == nil, "\(name) with a byte more")
            #expect(PrivateKeyRecognizer.recognize(header: bytes.prefix(64), fileSize: size - 1) == nil, "\(name) with a byte less")
        }
    }

    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func anIndefiniteLengthPFXIsRecognisedFromItsBytesAndItsHeader() throws {
        let samples = try Self.samples()
        let pfx = Self.indefinite(try BERReader.read(try samples["identity.p12"]), levels: 3)
        #expect(pfx.starts(with: [0x30, 0x80, 0x02, 0x01, 0x03, 0x30, 0x80]))
        #expect(PrivateKeyRecognizer.recognize(der: pfx) == .pkcs12)
        #expect(PrivateKeyRecognizer.recognize(header: pfx.prefix(64), fileSize: UInt64(pfx.count)) == .pkcs12)
        // Keys are DER: an indefinite PKCS#8 header is not taken for one.
        let key = Self.indefinite(try BERReader.read(try samples["rsa.der"]), levels: 1)
        #expect(PrivateKeyRecognizer.recognize(header: key.prefix(64), fileSize: UInt64(key.count)) == nil)
    }

    /// Every prefix of a PFX and of PKCS#8 keys: `recognize(der:)` refuses each, `recognize(header:)`
    /// names nothing else, and from 64 bytes on names the container.
    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func everyPrefixOfAPFXOrAKeyIsRefusedOrNamedRight() throws {
        let samples = try Self.samples()
        let cases: [(String, PrivateKeyContainer)] = [
            ("identity.p12", .pkcs12), ("rsa.der", .pkcs8(algorithm: "RSA")), ("ec.der", .pkcs8(algorithm: "EC")),
            ("encrypted.der", .encryptedPKCS8),
        ]
        for (name, expected) in cases {
            let bytes = try samples[name]
            let size = UInt64(bytes.count)
            for length in 0..<bytes.count {
                let prefix = bytes.prefix(length)
                #expect(PrivateKeyRecognizer.recognize(der: Array(prefix)) == nil, "\(name) cut to \(length)")
                let fromHeader = PrivateKeyRecognizer.recognize(header: prefix, fileSize: size)
                if length >= 64 {
                    #expect(fromHeader == expected, "\(name) header of \(length) bytes")
                } else if let fromHeader {
                    #expect(fromHeader == expected, "\(name) header of \(length) bytes")
                }
                // A file that is itself cut short is no key.
                #expect(PrivateKeyRecognizer.recognize(header: prefix, fileSize: UInt64(length)) == nil, "\(name) file cut to \(length)")
            }
        }
    }

    // MARK: - PEM

    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func everyPEMKeyIsOneBlockWithItsLabelContainerAndBody() throws {
        let samples = try Self.samples()
        // Name, label, container, and the DER the body must equal (nil: checked otherwise below).
        var expectations: [(String, String, PrivateKeyContainer, String?)] = [
            ("rsa.pem", "PRIVATE KEY", .pkcs8(algorithm: "RSA"), "rsa.der"),
            ("ec.pem", "PRIVATE KEY", .pkcs8(algorithm: "EC"), "ec.der"),
            ("ed25519.pem", "PRIVATE KEY", .pkcs8(algorithm: "Ed25519"), "ed25519.der"),
            ("encrypted.pem", "ENCRYPTED PRIVATE KEY", .encryptedPKCS8, nil),
            ("rsa-pkcs1.pem", "RSA PRIVATE KEY", .rsaPKCS1, "rsa-pkcs1.der"),
            ("rsa-pkcs1-encrypted.pem", "RSA PRIVATE KEY", .rsaPKCS1, nil),
            ("ec-sec1.pem", "EC PRIVATE KEY", .ecSEC1, "ec-sec1.der"),
            ("ec-sec1-encrypted.pem", "EC PRIVATE KEY", .ecSEC1, nil),
            ("id_ed25519", "OPENSSH PRIVATE KEY", .openSSH, nil),
            ("id_ed25519-encrypted", "OPENSSH PRIVATE KEY", .openSSH, nil),
        ]
        let optional: [(String, String, PrivateKeyContainer, String?)] = [
            ("dsa-traditional.pem", "DSA PRIVATE KEY", .dsa, "dsa-traditional.der"),
            ("dsa.pem", "PRIVATE KEY", .pkcs8(algorithm: "DSA"), "dsa-pkcs8.der"),
        ]
        expectations += optional.filter { samples.has($0.0) }
        for (name, label, container, derName) in expectations {
            let text = try samples[name]
            let blocks = PrivateKeyRecognizer.privateKeyBlocks(in: text[...])
            guard let block = blocks.first, blocks.count == 1 else {
                Issue.record("\(name): \(blocks.count) blocks")
                continue
            }
            #expect(block.label == label, "\(name)")
            #expect(block.container == container, "\(name)")
            #expect(block.line == 1, "\(name)")
            // The whole file but its final newline.
            #expect(block.range == 0..<(text.count - 1), "\(name)")
            if let derName {
                let der = try samples[derName]
                #expect(block.body == der, "\(name)")
            }
        }
        // An encrypted traditional key's body is ciphertext: whole AES blocks.
        for name in ["rsa-pkcs1-encrypted.pem", "ec-sec1-encrypted.pem"] {
            let body = PrivateKeyRecognizer.privateKeyBlocks(in: try samples[name][...]).first?.body ?? []
            #expect(!body.isEmpty && body.count % 16 == 0, "\(name)")
            #expect(PrivateKeyRecognizer.recognize(der: body) == nil, "\(name)")
        }
        // ssh-keygen's body is openssh-key-v1 whether or not a passphrase encrypts it.
        for name in ["id_ed25519", "id_ed25519-encrypted"] {
            let body = PrivateKeyRecognizer.privateKeyBlocks(in: try samples[name][...]).first?.body ?? []
            #expect(body.starts(with: Array("openssh-key-v1\0".utf8)), "\(name)")
        }
    }

    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func keysAmongCertificatesInCRLFIndentedTextKeepTheirLinesAndRanges() throws {
        let samples = try Self.samples()
        let text = (try ["certificate.pem", "rsa-pkcs1.pem", "public.pem", "ec.pem"].map { String(decoding: try samples[$0], as: UTF8.self) })
        // Line 1 a comment; the certificate; the RSA key indented by two spaces; the public key; the EC key.
        let indented = text[1].split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
        let joined = "# keys\n" + text[0] + indented + text[2] + text[3]
        let crlf = Array(joined.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        // In the middle of a larger buffer, so ranges are the slice's indices.
        let buffer = Array("xx".utf8) + crlf + Array("yy".utf8)
        let slice = buffer[2..<(2 + crlf.count)]
        let blocks = PrivateKeyRecognizer.privateKeyBlocks(in: slice)
        #expect(blocks.map(\.label) == ["RSA PRIVATE KEY", "PRIVATE KEY"])
        #expect(blocks.map(\.container) == [.rsaPKCS1, .pkcs8(algorithm: "EC")])
        let lines = { (name: String) in String(decoding: (try? samples[name]) ?? [], as: UTF8.self).split(separator: "\n").count }
        let rsaLine = 2 + lines("certificate.pem")
        #expect(blocks.map(\.line) == [rsaLine, rsaLine + lines("rsa-pkcs1.pem") + lines("public.pem")])
        let bodies = [try samples["rsa-pkcs1.der"], try samples["ec.der"]]
        #expect(blocks.map(\.body) == bodies)
        for block in blocks {
            let marked = String(decoding: buffer[block.range], as: UTF8.self)
            #expect(marked.hasPrefix("-----BEGIN \(block.label)-----\r\n"))
            #expect(marked.hasSuffix("-----END \(block.label)-----"))
        }
    }

    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func aKeyInsideAJSONStringIsFound() throws {
        let samples = try Self.samples()
        let pem = String(decoding: try samples["rsa.pem"], as: UTF8.self)
        let der = try samples["rsa.der"]
        // A service account file: the PEM's line ends as `\n` escapes, and `/` as `\/` the way
        // JSONSerialization writes it.
        for slashes in ["/", "\\/"] {
            let escaped = pem.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "/", with: slashes)
            let json = "{\n  \"type\": \"service_account\",\n  \"private_key\": \"\(escaped)\",\n  \"client_email\": \"a@b.iam.gserviceaccount.com\"\n}\n"
            let blocks = PrivateKeyRecognizer.privateKeyBlocks(in: Array(json.utf8)[...])
            #expect(blocks.count == 1, "slashes as \(slashes)")
            #expect(blocks.first?.line == 3)
            #expect(blocks.first?.container == .pkcs8(algorithm: "RSA"))
            #expect(blocks.first?.body == der)
        }
    }

    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func certificatesPublicKeysAndPlaceholdersAreNotKeys() throws {
        let samples = try Self.samples()
        for name in ["certificate.pem", "public.pem"] {
            let text = try samples[name]
            #expect(PrivateKeyRecognizer.privateKeyBlocks(in: text[...]).isEmpty, "\(name)")
        }
        let rsaPKCS8 = Self.pemBody(try samples["rsa.pem"])
        let ecPKCS8 = Self.pemBody(try samples["ec.pem"])
        let ecSEC1 = Self.pemBody(try samples["ec-sec1.pem"])
        let bodies: [(String, String)] = [
            ("PRIVATE KEY", "..."),
            ("PRIVATE KEY", "<your key here>"),
            ("PRIVATE KEY", ""),
            ("RSA PRIVATE KEY", "\n"),
            ("PRIVATE KEY", "YOUR_PRIVATE_KEY"),
            ("PRIVATE KEY", "AAAA"),
            ("PRIVATE KEY", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC..."),
            // Real base64, cut after three lines: no whole DER element.
            ("PRIVATE KEY", rsaPKCS8.split(separator: "\n").prefix(3).joined(separator: "\n")),
            // Bodies that are not what their labels say.
            ("RSA PRIVATE KEY", rsaPKCS8),
            ("PRIVATE KEY", ecSEC1),
            ("ENCRYPTED PRIVATE KEY", rsaPKCS8),
            ("EC PRIVATE KEY", rsaPKCS8),
            ("OPENSSH PRIVATE KEY", rsaPKCS8),
            // The openssh-key-v1 magic with nothing after it.
            ("OPENSSH PRIVATE KEY", "b3BlbnNzaC1rZXktdjEA"),
            // Headers only OpenSSL's traditional keys carry, and encryption headers over no ciphertext.
            ("PRIVATE KEY", "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\n" + rsaPKCS8),
            ("RSA PRIVATE KEY", "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\n..."),
            ("RSA PRIVATE KEY", "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,<iv>\n\n" + rsaPKCS8),
            ("RSA PRIVATE KEY", "Proc-Type: 4,ENCRYPTED\n\n" + rsaPKCS8),
            // A P-256 PKCS#8 key's 138 bytes are not whole 16-byte blocks.
            ("EC PRIVATE KEY", "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\n" + ecPKCS8),
        ]
        for (label, body) in bodies {
            let text = "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
            #expect(PrivateKeyRecognizer.privateKeyBlocks(in: Array(text.utf8)[...]).isEmpty, "\(label): \(body.prefix(40))")
        }
        #expect(try samples["ec.der"].count % 16 != 0, "the last case needs a key that is not whole blocks")
        // Markers that do not pair: a missing END, another END label, a block opened inside another.
        let unpaired = [
            "-----BEGIN PRIVATE KEY-----\n\(rsaPKCS8)\n",
            "-----BEGIN PRIVATE KEY-----\n\(rsaPKCS8)\n-----END RSA PRIVATE KEY-----\n",
            "-----BEGIN PRIVATE KEY-----\n\(rsaPKCS8)\n-----BEGIN CERTIFICATE-----\n-----END PRIVATE KEY-----\n",
            "-----BEGIN PRIVATE KEY -----\n\(rsaPKCS8)\n-----END PRIVATE KEY -----\n",
            "-----BEGIN private key-----\n\(rsaPKCS8)\n-----END private key-----\n",
        ]
        for text in unpaired {
            #expect(PrivateKeyRecognizer.privateKeyBlocks(in: Array(text.utf8)[...]).isEmpty, "\(text.prefix(60))")
        }
        // The pairing is undone by the inner BEGIN only: the inner block still counts.
        let nested = "-----BEGIN CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----\n\(rsaPKCS8)\n-----END PRIVATE KEY-----\n"
        #expect(PrivateKeyRecognizer.privateKeyBlocks(in: Array(nested.utf8)[...]).map(\.line) == [2])
    }

    @Test func blockCountAndBodySizeAreCapped() {
        let key = Self.der(0x30, Self.der(0x02, [0]) + Self.der(0x30, Self.der(0x06, [0x2A, 0x03])) + Self.der(0x04, [0x5A]))
        #expect(PrivateKeyRecognizer.recognize(der: key) == .pkcs8(algorithm: "1.2.3"))
        let one = Self.pem("PRIVATE KEY", key)
        let many = String(repeating: one, count: 100)
        let blocks = PrivateKeyRecognizer.privateKeyBlocks(in: Array(many.utf8)[...])
        #expect(blocks.count == PrivateKeyRecognizer.maximumPEMBlocks)
        #expect(blocks.last?.line == 1 + (PrivateKeyRecognizer.maximumPEMBlocks - 1) * 3)
        // A key of the unknown algorithm 1.2.3 whose body is just under or over 64 KiB.
        let sized = { (size: Int) -> [UInt8] in
            let header = Self.der(0x02, [0]) + Self.der(0x30, Self.der(0x06, [0x2A, 0x03]))
            // Four-byte headers for the OCTET STRING and the outer SEQUENCE at these sizes.
            let padding = size - header.count - 8
            return Self.der(0x30, header + Self.der(0x04, [UInt8](repeating: 0xA5, count: padding)))
        }
        let fits = sized(PrivateKeyRecognizer.maximumPEMBodyBytes)
        let tooLarge = sized(PrivateKeyRecognizer.maximumPEMBodyBytes + 3)
        #expect(fits.count == PrivateKeyRecognizer.maximumPEMBodyBytes)
        #expect(PrivateKeyRecognizer.recognize(der: tooLarge) == .pkcs8(algorithm: "1.2.3"))
        #expect(PrivateKeyRecognizer.privateKeyBlocks(in: Array(Self.pem("PRIVATE KEY", fits).utf8)[...]).map(\.body) == [fits])
        #expect(PrivateKeyRecognizer.privateKeyBlocks(in: Array(Self.pem("PRIVATE KEY", tooLarge).utf8)[...]).isEmpty)
    }

    @Test func base64IsStandardWithPaddingOnlyAtTheEnd() {
        let decode = { (text: String) in PrivateKeyRecognizer.decodeBase64(Array(text.utf8), limit: 100) }
        #expect(decode("TWFu") == Array("Man".utf8))
        #expect(decode("TWE=") == Array("Ma".utf8))
        #expect(decode("TQ==") == Array("M".utf8))
        #expect(decode("TW Fu\t") == Array("Man".utf8))
        #expect(decode("") == [])
        for bad in ["TWE", "TQ=", "T===", "=TWE", "TQ==TWFu", "TWE==", "TWFu=", "TW-u", "TW_u", "TWF\u{00}"] {
            #expect(decode(bad) == nil, "\(bad)")
        }
        #expect(PrivateKeyRecognizer.decodeBase64(Array("TWFuTWFu".utf8), limit: 5) == nil)
        #expect(PrivateKeyRecognizer.decodeBase64(Array("TWFuTWE=".utf8), limit: 5) == Array("ManMa".utf8))
    }

    /// Byte flips, cuts and splices of real PEM text and DER end in some answer, never a trap or a hang.
    @Test(.enabled(if: toolsInstalled || RepositoryPaths.isCI, Comment(rawValue: toolsMessage)))
    func damagedInputEndsInAnAnswer() throws {
        let samples = try Self.samples()
        var random = SeededRandom(seed: 0x7065_6D6B)
        let pem = try ["rsa-pkcs1-encrypted.pem", "ec.pem", "id_ed25519", "certificate.pem"].flatMap { try samples[$0] }
        let specials = Array("-\\=:\n\r ".utf8)
        for _ in 0..<300 {
            var text = pem
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let index = Int.random(in: 0..<text.count, using: &random)
                text[index] = Bool.random(using: &random) ? UInt8.random(in: 0...255, using: &random) : specials.randomElement(using: &random) ?? 0
            }
            let cut = Int.random(in: 0...text.count, using: &random)
            let blocks = PrivateKeyRecognizer.privateKeyBlocks(in: text[..<cut])
            #expect(blocks.count <= 3)
            for block in blocks {
                #expect(block.range.upperBound <= cut && text[block.range].starts(with: Array("-----BEGIN ".utf8)))
            }
        }
        for name in ["identity.p12", "rsa.der", "encrypted.der"] {
            let bytes = try samples[name]
            for _ in 0..<300 {
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    damaged[Int.random(in: 0..<min(80, damaged.count), using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                _ = PrivateKeyRecognizer.recognize(der: damaged)
                let size = Bool.random(using: &random) ? UInt64(damaged.count) : UInt64.random(in: 0...UInt64.max, using: &random)
                _ = PrivateKeyRecognizer.recognize(header: damaged.prefix(64), fileSize: size)
            }
        }
        // Headers claiming lengths as long as 8 octets allow, and the largest file size.
        let huge: [UInt8] = [0x30, 0x88] + [UInt8](repeating: 0xFF, count: 8) + [0x02, 0x01, 0x03, 0x30, 0x88] + [UInt8](repeating: 0xFF, count: 8)
        #expect(PrivateKeyRecognizer.recognize(header: huge[...], fileSize: UInt64.max) == nil)
        #expect(PrivateKeyRecognizer.recognize(der: huge) == nil)
    }

    /// Lengths that end near `Int.max`: the walk must not overflow, and with the key's header out
    /// of reach only an algorithm that names a key (or a password-based scheme) is taken for one.
    @Test func headersWithLengthsNearIntMaxNeitherTrapNorGuess() {
        let outer: [UInt8] = [0x30, 0x88, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF5]
        let algorithm: [UInt8] = [0x30, 0x88, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xE0]
        let version: [UInt8] = [0x02, 0x01, 0x00]
        let rsa: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
        let unknown: [UInt8] = [0x06, 0x02, 0x2A, 0x03]
        let pbes2: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0D, 0x30, 0x00]
        let size = UInt64(Int.max)
        #expect(PrivateKeyRecognizer.recognize(header: (outer + version + algorithm + rsa)[...], fileSize: size) == .pkcs8(algorithm: "RSA"))
        #expect(PrivateKeyRecognizer.recognize(header: (outer + version + algorithm + unknown)[...], fileSize: size) == nil)
        #expect(PrivateKeyRecognizer.recognize(header: (outer + algorithm + pbes2)[...], fileSize: size) == .encryptedPKCS8)
        // The same with a size the outer length does not cover.
        #expect(PrivateKeyRecognizer.recognize(header: (outer + algorithm + pbes2)[...], fileSize: UInt64.max) == nil)
        #expect(PrivateKeyRecognizer.recognize(header: (outer + version + algorithm + rsa)[...], fileSize: size - 1) == nil)
    }

    // MARK: - Helpers

    /// A DER element with a one-octet tag.
    static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let count = content.count
        let length: [UInt8] =
            switch count {
            case ..<0x80: [UInt8(count)]
            case ..<0x100: [0x81, UInt8(count)]
            case ..<0x1_0000: [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
            default: [0x83, UInt8(count >> 16), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
            }
        return [tag] + length + content
    }

    /// `bytes` as a PEM block of 64-character lines.
    static func pem(_ label: String, _ bytes: [UInt8]) -> String {
        let base64 = Data(bytes).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n"
    }

    /// The base64 lines of a one-block PEM file.
    static func pemBody(_ text: [UInt8]) -> String {
        String(decoding: text, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined(separator: "\n")
    }

    /// `element` re-encoded with indefinite lengths on its constructed elements `levels` deep.
    static func indefinite(_ element: BERElement, levels: Int) -> [UInt8] {
        guard levels > 0, element.tag.isConstructed, let identifier = element.encoded.first else { return Array(element.encoded) }
        return [identifier, 0x80] + element.children.flatMap { indefinite($0, levels: levels - 1) } + [0x00, 0x00]
    }
}

/// Keys, certificates and a CMS signature made once by openssl and ssh-keygen in a temporary
/// folder, read into memory, the folder then removed.
struct KeySamples {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let files: [String: [UInt8]]

    static let shared = Result<KeySamples, any Error> { try generate() }

    subscript(name: String) -> [UInt8] {
        get throws {
            guard let bytes = files[name] else { throw Failure(description: "no sample named \(name)") }
            return bytes
        }
    }

    /// Whether this OpenSSL could make the sample `name`.
    func has(_ name: String) -> Bool {
        files[name] != nil
    }

    private static let required: [[String]] = [
        ["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "rsa.pem"],
        ["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", "rsa.pem", "-outform", "DER", "-out", "rsa.der"],
        ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "ec.pem"],
        ["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", "ec.pem", "-outform", "DER", "-out", "ec.der"],
        ["openssl", "genpkey", "-algorithm", "ED25519", "-out", "ed25519.pem"],
        ["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", "ed25519.pem", "-outform", "DER", "-out", "ed25519.der"],
        ["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-aes256", "-pass", "pass:x", "-out", "encrypted.pem"],
        ["openssl", "pkcs8", "-topk8", "-in", "ec.pem", "-v2", "aes256", "-passout", "pass:x", "-outform", "DER", "-out", "encrypted.der"],
        ["openssl", "rsa", "-in", "rsa.pem", "-traditional", "-out", "rsa-pkcs1.pem"],
        ["openssl", "rsa", "-in", "rsa.pem", "-traditional", "-outform", "DER", "-out", "rsa-pkcs1.der"],
        ["openssl", "rsa", "-in", "rsa.pem", "-traditional", "-aes128", "-passout", "pass:x", "-out", "rsa-pkcs1-encrypted.pem"],
        ["openssl", "ec", "-in", "ec.pem", "-out", "ec-sec1.pem"],
        ["openssl", "ec", "-in", "ec.pem", "-outform", "DER", "-out", "ec-sec1.der"],
        ["openssl", "ec", "-in", "ec.pem", "-aes256", "-passout", "pass:x", "-out", "ec-sec1-encrypted.pem"],
        ["openssl", "pkey", "-in", "ec.pem", "-pubout", "-out", "public.pem"],
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "certificate-key.pem", "-out", "certificate.pem",
            "-subj", "/CN=t", "-days", "1",
        ],
        ["openssl", "req", "-x509", "-key", "certificate-key.pem", "-subj", "/CN=t", "-days", "1", "-outform", "DER", "-out", "certificate.der"],
        ["openssl", "pkcs12", "-export", "-in", "certificate.pem", "-inkey", "certificate-key.pem", "-passout", "pass:x", "-out", "identity.p12"],
        [
            "openssl", "cms", "-sign", "-binary", "-in", "public.pem", "-signer", "certificate.pem", "-inkey", "certificate-key.pem",
            "-outform", "DER", "-out", "signed.der",
        ],
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "t", "-f", "id_ed25519"],
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "x", "-a", "2", "-C", "t", "-f", "id_ed25519-encrypted"],
    ]

    /// What an OpenSSL build may lack (the legacy provider, DSA); each list stops at its first failure.
    private static let optional: [[[String]]] = [
        [
            [
                "openssl", "pkcs12", "-export", "-legacy", "-in", "certificate.pem", "-inkey", "certificate-key.pem", "-passout", "pass:x",
                "-out", "identity-legacy.p12",
            ]
        ],
        [["openssl", "pkcs8", "-topk8", "-in", "ec.pem", "-v1", "PBE-SHA1-3DES", "-passout", "pass:x", "-outform", "DER", "-out", "encrypted-pbe.der"]],
        [
            ["openssl", "genpkey", "-genparam", "-algorithm", "DSA", "-pkeyopt", "dsa_paramgen_bits:1024", "-out", "dsa-parameters.pem"],
            ["openssl", "genpkey", "-paramfile", "dsa-parameters.pem", "-out", "dsa.pem"],
            ["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", "dsa.pem", "-outform", "DER", "-out", "dsa-pkcs8.der"],
            ["openssl", "dsa", "-in", "dsa.pem", "-out", "dsa-traditional.pem"],
            ["openssl", "dsa", "-in", "dsa.pem", "-outform", "DER", "-out", "dsa-traditional.der"],
        ],
    ]

    private static func generate() throws -> KeySamples {
        let directory = try TemporaryDirectory()
        for command in required {
            let outcome = try ExternalTool.run(command, in: directory.url)
            guard outcome.status == 0 else {
                throw Failure(description: "`\(command.joined(separator: " "))` exited \(outcome.status): \(outcome.output)")
            }
        }
        for commands in optional {
            for command in commands {
                let outcome = try ExternalTool.run(command, in: directory.url)
                guard outcome.status == 0 else {
                    print("note: `\(command.joined(separator: " "))` failed, so its samples are left out: \(outcome.output.prefix(200))")
                    break
                }
            }
        }
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
            files[name] = Array(try Data(contentsOf: directory.url.appendingPathComponent(name)))
        }
        return KeySamples(files: files)
    }
}
