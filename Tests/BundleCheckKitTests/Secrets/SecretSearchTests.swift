import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The pieces of the secrets search: the token scanner and its checksum, the executables'
/// screen, what counts as random-looking, and the redaction every report goes through.
struct SecretSearchTests {
    let scanner = TokenScanner()

    @Test func aGitHubTokenCountsOnlyWithItsChecksum() throws {
        let token = try #require(FakeSecrets.value("github-token"))
        #expect(GitHubTokenChecksum.verifies(token))
        #expect(scanner.hits(in: Array("token = \(token)\n".utf8)).map(\.value) == [token])
        // One character of the body changed: the checksum no longer holds, and it is no token.
        var changed = Array(token)
        changed[10] = changed[10] == "a" ? "b" : "a"
        #expect(!GitHubTokenChecksum.verifies(String(changed)))
        #expect(scanner.hits(in: Array(String(changed).utf8)).isEmpty)
        #expect(scanner.hits(in: Array(FakeSecrets.value("github-token-bad-checksum")!.utf8)).isEmpty)
    }

    @Test func theChecksumIsGitHubsBase62CRC() {
        // CRC-32 of "" is 0 and of "a" is 0xE8B7BE43 (zlib): in base 62, most significant first.
        #expect(String(decoding: GitHubTokenChecksum.encode(0), as: UTF8.self) == "000000")
        #expect(String(decoding: GitHubTokenChecksum.encode(0xE8B7_BE43), as: UTF8.self) == "4GEHKN")
        #expect(CRC32.checksum(Array("a".utf8)) == 0xE8B7_BE43)
    }

    @Test func aTokenInsideALongerWordIsNone() throws {
        let stripe = try #require(FakeSecrets.value("stripe-secret-key"))
        #expect(scanner.hits(in: Array("x\(stripe)".utf8)).isEmpty)
        #expect(scanner.hits(in: Array("\(stripe)x!".utf8)).count == 1)
        #expect(scanner.hits(in: Array("\"\(stripe)\"".utf8)).map(\.prefix) == ["sk_live_"])
        // Truncated below the documented length: nothing.
        #expect(scanner.hits(in: Array("sk_live_abc".utf8)).isEmpty)
    }

    @Test func everySeededKindIsFoundWithItsDocumentedPrefix() throws {
        let expected: [(String, String, String)] = [
            ("github-fine-grained-token", "github-fine-grained-token", "github_pat_"), ("gitlab-token", "gitlab-token", "glpat-"),
            ("slack-token", "slack-token", "xoxb-"), ("slack-webhook", "slack-webhook", "https://hooks.slack.com/services/"),
            ("stripe-test-secret-key", "stripe-test-secret-key", "sk_test_"), ("sendgrid-key", "sendgrid-key", "SG."),
            ("openai-key", "openai-key", "sk-"), ("anthropic-key", "anthropic-key", "sk-ant-"), ("fcm-server-key", "fcm-server-key", "AAAA"),
        ]
        for (fake, kind, prefix) in expected {
            let value = try #require(FakeSecrets.value(fake))
            let hits = scanner.hits(in: Array(" \(value) ".utf8))
            #expect(hits.map(\.token.kind.id) == [kind], "\(fake)")
            #expect(hits.first?.prefix == prefix, "\(fake)")
            #expect(hits.first?.value == value, "\(fake)")
        }
    }

    @Test func publicValuesAreRecognisedAsPublic() throws {
        let table = SecretTable.shipped
        #expect(table.isPublic(try #require(FakeSecrets.value("google-api-key"))))
        #expect(table.isPublic(try #require(FakeSecrets.value("stripe-publishable-key"))))
        #expect(!table.isPublic(try #require(FakeSecrets.value("stripe-secret-key"))))
        // And no token kind takes them.
        #expect(scanner.hits(in: Array(FakeSecrets.value("google-api-key")!.utf8)).isEmpty)
        #expect(scanner.hits(in: Array(FakeSecrets.value("stripe-publishable-key")!.utf8)).isEmpty)
    }

    @Test func aPairedTokenNeedsAPartnerThatMixesItsClasses() throws {
        let aws = try #require(SecretTable.shipped.tokens.first { $0.kind.id == "aws-access-key" }?.partner)
        #expect(SecretSearch.isPartner(try #require(FakeSecrets.value("aws-secret-access-key")), aws))
        // A SHA-1 in hexadecimal has the length but not the mix of cases.
        #expect(!SecretSearch.isPartner(String(repeating: "a1b2c3d4e5", count: 4), aws))
        #expect(!SecretSearch.isPartner("short", aws))
        let id = FakeSecrets.value("aws-access-key-id")!
        let text = Array("id=\(id) sha=\(String(repeating: "0f", count: 20))".utf8)
        #expect(SecretSearch.partnerCandidates(in: text, around: 3..<23, aws).allSatisfy { !SecretSearch.isPartner($0, aws) })
        // The partner must lie near the token: one far off in the same file is not taken.
        let secret = FakeSecrets.value("aws-secret-access-key")!
        let near = Array("id=\(id)\nsecret=\(secret)".utf8)
        #expect(SecretSearch.partnerCandidates(in: near, around: 3..<23, aws) == [secret])
        let far = Array("id=\(id)\n\(String(repeating: "x ", count: 400))secret=\(secret)".utf8)
        #expect(SecretSearch.partnerCandidates(in: far, around: 3..<23, aws).isEmpty)
    }

    @Test func manyHitsInOneFileCostLinearTime() throws {
        // 20,000 lines each holding an AWS key id and no partner: the partner search and the line
        // numbers are done once a text, not once a hit. Counted, not timed: the scanner's
        // hits stay one per line and the search finishes.
        let id = try #require(FakeSecrets.value("aws-access-key-id"))
        let text = Array(String(repeating: id + "\n", count: 20_000).utf8)
        #expect(TokenScanner().hits(in: text).count == 20_000)
        var lines = SecretSearch.LineNumbers(text)
        #expect(lines.line(of: 0) == 1 && lines.line(of: text.count - 1) == 20_000)
    }

    @Test func theExampleKeysOfAWSDocumentationArePublic() {
        #expect(SecretTable.shipped.isPublic("AKIAIOSFODNN7EXAMPLE"))
        #expect(SecretTable.shipped.isPublic("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"))
    }

    @Test func anExternallyComputedChecksumVector() {
        // zlib.crc32(b"abcdefghijklmnopqrstuvwxyz0123") in base 62 (0-9A-Za-z), computed with Python.
        #expect(GitHubTokenChecksum.verifies("ghp_abcdefghijklmnopqrstuvwxyz0123" + "2LolCm"))
        #expect(!GitHubTokenChecksum.verifies("ghp_abcdefghijklmnopqrstuvwxyz0123" + "2LolCn"))
    }

    @Test func theExecutablesScreenKeepsOnlyWhatTheSearchReads() throws {
        let wants = EvidenceWants(matchers: SecretSearch.evidence())
        func kept(_ value: String) -> Bool {
            wants.mightWant(.string, utf8: Array(value.utf8)[...]) && wants.wants(.string, value)
        }
        #expect(kept("Authorization: Bearer \(FakeSecrets.value("github-token")!)"))
        #expect(kept("-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBvO1nDTnKm2qJ4pX8zr0w3yF7sUoLmA9HkQ2ViCZtEg"))
        #expect(kept(FakeSecrets.value("aws-secret-access-key")!))
        // A prefix inside a word, a short string and an ordinary message are passed over.
        #expect(!kept("com.apple.MACaddressForTheDevice0000"))
        #expect(!kept("ghp_short"))
        #expect(!kept("The operation couldn't be completed because the disk is full."))
    }

    @Test func entropySeparatesRandomValuesFromWords() {
        #expect(SecretSearch.entropy(Array(FakeSecrets.value("random-value")!.utf8)) >= SecretTable.shipped.possibleSecretEntropy)
        #expect(SecretSearch.entropy(Array("set-by-the-server-at-login".utf8)) < SecretTable.shipped.possibleSecretEntropy)
        #expect(SecretSearch.entropy(Array("aaaaaaaaaaaaaaaaaaaaaaaa".utf8)) == 0)
    }

    @Test func credentialFileLinesAreReadAsTheirToolsReadThem() {
        #expect(SecretSearch.envAssignment("export API_TOKEN=\"abc def\"")?.value == "abc def")
        #expect(SecretSearch.envAssignment("API_URL = https://x")?.key == "API_URL")
        #expect(SecretSearch.envAssignment("# a comment") == nil)
        #expect(SecretSearch.assignment("//registry.npmjs.org/:_authToken=abc", keys: ["_authToken"]) == "abc")
        #expect(SecretSearch.assignment("registry=https://registry.npmjs.org/", keys: ["_authToken"]) == nil)
        #expect(SecretSearch.assignment("password: hunter2", keys: ["password"], separators: ["=", ":"]) == "hunter2")
    }

    @Test func redactionReplacesEverySecretInEveryStringOfTheReport() {
        let secret = "sk_live_" + String(repeating: "Ab3", count: 10)
        let redaction = SecretRedaction(secrets: [(secret, "sk_live_", "sha256:1a2b3c4d")])
        let standIn = "sk_live_…[secret sha256:1a2b3c4d]"
        #expect(redaction.redact("key=\(secret);again \(secret)") == "key=\(standIn);again \(standIn)")
        let plist = PlistValue.dictionary(PlistDictionary(["scheme": .array([.string(secret)]), secret: .string("as a key")]))
        let redacted = redaction.redact(plist)
        #expect(redacted.dictionaryValue?.entries.map(\.key) == ["scheme", standIn])
        #expect(redacted.dictionaryValue?.entries.first?.value.arrayValue?.first?.stringValue == standIn)
        let finding = Finding(
            rule: "url-scheme-invalid", severity: .error, message: "the scheme '\(secret)' is invalid", bundle: "A.app", file: "A.app/Info.plist",
            keyPath: JSONPointer("CFBundleURLTypes", "0", secret), line: 3, appleCodes: [], excerpt: secret)
        let clean = redaction.redact(finding)
        #expect(!clean.message.contains(secret) && !(clean.excerpt ?? "").contains(secret) && !(clean.keyPath?.description ?? "").contains(secret))
        #expect(clean.fingerprint == finding.fingerprint)
        // Text shorter than the shortest secret is left alone: it would be everywhere.
        #expect(SecretRedaction(secrets: [("abc", "", "sha256:00000000")]).isEmpty)
    }

    /// In an installer package the search reads what the one pass kept: key files and credential
    /// files whole, the first 64 bytes of the rest. No file costs a pass of its own.
    @Test func anInstallerPackageIsSearchedInItsOnePass() throws {
        let yaml = """
            layout: pkg
            app:
              name: Notes
              platform: macos
              files:
                - {path: Contents/Resources/AuthKey_ABCDE12345.p8, key: pem-ec}
                - {path: Contents/Resources/signing.p12, key: p12}
                - {path: Contents/Resources/.env, text: "SECRET_TOKEN=abc123\n"}
                - {path: Contents/Resources/raw-key, key: der-ec}
            """
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "pkg.yml"))
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.pkg")
        try FixtureDescription.package(from: node).write(to: path)
        let rules = RuleCatalogue.shipped.rules
        let settings = InspectionSettings()
        let evidence = EvidenceWants(rules: rules)
        let seals = SealWants(rules: rules, settings: settings)
        let container = try InstallerPackageContainer(path: path, plan: PayloadReadPlanner.plan(rules: rules, evidence: evidence, seals: seals))
        let report = PackageInspector(rules: rules, settings: settings).inspect(container, path: path, evidence: evidence, seals: seals)
        let files = Set(report.findings.filter { $0.rule == "embedded-secret" }.compactMap { $0.file.map(PackagePath.name) })
        #expect(files == ["AuthKey_ABCDE12345.p8", "signing.p12", ".env", "raw-key"])
        #expect(container.passes == 1)
    }
}
