import BundleCheckFormats
import Foundation

/// Secrets made up for the tests and rule examples, in each kind's documented shape (and with
/// GitHub's checksum): a fixture writes `{{fake:github-token}}` where one goes, and the value
/// is made when the fixture is built, so no token-shaped text is ever committed. The keys are
/// real keys: an EC P-256 or Ed25519 private key is 32 random bytes. Each kind gives the same
/// value throughout a process (a seeded generator), so a failure can be reproduced.
package enum FakeSecrets {
    /// `text` with every `{{fake:KIND}}` replaced by that kind's value.
    package static func expand(_ text: String) -> String {
        guard text.contains("{{fake:") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{fake:"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let kind = String(rest[open.upperBound..<close.lowerBound])
            result += value(kind) ?? "{{fake:\(kind)}}"
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    static let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let lower = Array("abcdefghijklmnopqrstuvwxyz")
    static let digits = Array("0123456789")
    static let alphanumeric = upper + lower + digits
    static let urlSafe = alphanumeric + ["_", "-"]
    static let hex = Array("0123456789abcdef")

    /// The value of one kind, or nil for a kind it does not know.
    package static func value(_ kind: String) -> String? {
        var random = SeededGenerator(seed: kind)
        func pick(_ count: Int, _ alphabet: [Character]) -> String { String((0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }) }
        // Random text that mixes upper and lower case letters and digits, as a key does.
        func mixed(_ count: Int, _ alphabet: [Character]) -> String { "aZ9" + pick(count - 3, alphabet) }
        switch kind {
        case "aws-access-key-id": return "AKIA" + pick(16, upper + Array("234567"))
        case "aws-secret-access-key": return mixed(40, alphanumeric + ["/", "+"])
        case "github-token":
            let body = pick(30, alphanumeric)
            return "ghp_" + body + String(decoding: githubChecksum(body), as: UTF8.self)
        case "github-token-bad-checksum":
            return "ghp_" + pick(30, alphanumeric) + "000000"
        case "github-fine-grained-token": return "github_pat_" + pick(22, alphanumeric) + "_" + pick(59, alphanumeric)
        case "gitlab-token": return "glpat-" + pick(20, urlSafe)
        case "slack-token": return "xoxb-" + pick(12, digits) + "-" + pick(13, digits) + "-" + pick(24, alphanumeric)
        case "slack-webhook":
            return "https://hooks.slack.com/services/T" + pick(10, upper + digits) + "/B" + pick(10, upper + digits) + "/" + pick(24, alphanumeric)
        case "stripe-secret-key": return "sk_live_" + pick(99, alphanumeric)
        case "stripe-test-secret-key": return "sk_test_" + pick(24, alphanumeric)
        case "stripe-publishable-key": return "pk_live_" + pick(99, alphanumeric)
        case "twilio-account-sid": return "AC" + pick(32, hex)
        case "twilio-auth-token": return "a1" + pick(30, hex)
        case "sendgrid-key": return "SG." + pick(22, urlSafe) + "." + pick(43, urlSafe)
        case "openai-key": return "sk-proj-" + pick(74, urlSafe) + "T3BlbkFJ" + pick(74, urlSafe)
        case "anthropic-key": return "sk-ant-api03-" + pick(93, urlSafe) + "AA"
        case "fcm-server-key": return "AAAA" + pick(7, urlSafe) + ":APA91b" + pick(134, urlSafe)
        case "google-api-key": return "AIza" + pick(35, urlSafe)
        case "random-value": return mixed(40, alphanumeric)
        case "pem-ec": return pem("PRIVATE KEY", ecPrivateKey(&random))
        case "pem-ec-json": return pem("PRIVATE KEY", ecPrivateKey(&random)).replacingOccurrences(of: "\n", with: "\\n")
        case "pem-ed25519": return pem("PRIVATE KEY", ed25519PrivateKey(&random))
        case "pem-placeholder": return "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n"
        default: return nil
        }
    }

    /// Key files by kind: `der-ec` (PKCS#8 DER), `p12` (a PKCS#12 PFX holding that key in a
    /// key bag), `pem-ec` (its PEM text).
    package static func keyFile(_ kind: String) -> [UInt8]? {
        var random = SeededGenerator(seed: kind)
        switch kind {
        case "der-ec": return ecPrivateKey(&random)
        case "p12": return pkcs12(holding: ecPrivateKey(&random))
        case "pem-ec", "pem-ed25519": return value(kind).map { Array($0.utf8) }
        default: return nil
        }
    }

    /// GitHub's checksum: the base-62 CRC-32 of the body, six digits.
    static func githubChecksum(_ body: String) -> [UInt8] {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        var rest = CRC32.checksum(Array(body.utf8))
        var digits = [UInt8](repeating: alphabet[0], count: 6)
        for position in stride(from: 5, through: 0, by: -1) {
            digits[position] = alphabet[Int(rest % 62)]
            rest /= 62
        }
        return digits
    }

    /// PKCS#8 PrivateKeyInfo of an EC P-256 key (RFC 5915's ECPrivateKey inside, no public key).
    static func ecPrivateKey(_ random: inout SeededGenerator) -> [UInt8] {
        let scalar = [UInt8(0x01)] + (0..<31).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let inner = BERNode.sequence([.integer(1), .octetString(scalar)]).encoded()
        return BERNode.sequence([
            .integer(0), .sequence([.objectIdentifier("1.2.840.10045.2.1"), .objectIdentifier("1.2.840.10045.3.1.7")]), .octetString(inner),
        ]).encoded()
    }

    /// PKCS#8 PrivateKeyInfo of an Ed25519 key (RFC 8410).
    static func ed25519PrivateKey(_ random: inout SeededGenerator) -> [UInt8] {
        let seed = (0..<32).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        return BERNode.sequence([.integer(0), .sequence([.objectIdentifier("1.3.101.112")]), .octetString(BERNode.octetString(seed).encoded())]).encoded()
    }

    /// A PFX (RFC 7292) whose authenticated safe holds one unencrypted key bag; no MAC.
    static func pkcs12(holding key: [UInt8]) -> [UInt8] {
        let data = "1.2.840.113549.1.7.1"
        let bag = BERNode.sequence([.objectIdentifier("1.2.840.113549.1.12.10.1.1"), .explicit(0, [.encoded(key)])])
        let safeContents = BERNode.sequence([bag]).encoded()
        let authenticatedSafe = BERNode.sequence([.sequence([.objectIdentifier(data), .explicit(0, [.octetString(safeContents)])])]).encoded()
        return BERNode.sequence([.integer(3), .sequence([.objectIdentifier(data), .explicit(0, [.octetString(authenticatedSafe)])])]).encoded()
    }

    static func pem(_ label: String, _ der: [UInt8]) -> String {
        let body = Data(der).base64EncodedString()
        var lines: [String] = []
        var rest = Substring(body)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(64)))
            rest = rest.dropFirst(64)
        }
        return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----\n"
    }
}

/// SplitMix64, seeded from a name: the same values for the same kind in every run.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: String) {
        state = seed.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
