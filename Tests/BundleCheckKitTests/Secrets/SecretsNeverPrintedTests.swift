import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Issue 48's promise: no output bundlecheck writes holds a secret it found. A package seeds
/// every kind, also where the inventory prints values (a purpose string, a URL scheme, an app
/// group of the entitlements); every format of the check, the SBOMs, the privacy report and the
/// review is searched for any 8-character run of each secret beyond its documented prefix.
struct SecretsNeverPrintedTests {
    static let tokenKinds = [
        "aws-access-key-id", "aws-secret-access-key", "github-token", "github-fine-grained-token", "gitlab-token", "slack-token", "slack-webhook",
        "stripe-secret-key", "stripe-test-secret-key", "twilio-account-sid", "twilio-auth-token", "sendgrid-key", "openai-key", "anthropic-key",
        "fcm-server-key",
    ]

    static let yaml = """
        app:
          name: Notes
          plist:
            NSCameraUsageDescription: "Scans receipts with key {{fake:openai-key}}"
            NSMicrophoneUsageDescription: "TODO {{fake:openai-key}}"
            CFBundleURLTypes:
              - CFBundleURLSchemes: ["{{fake:stripe-secret-key}}"]
          executable:
            strings: ["Bearer {{fake:github-token}}", "{{fake:slack-token}}"]
            entitlements:
              application-identifier: ABCDE12345.com.example.notes
              com.apple.security.application-groups: ["group.x.{{fake:anthropic-key}}"]
          files:
            - path: config.json
              text: >-
                {"github_pat": "{{fake:github-fine-grained-token}}", "gitlab": "{{fake:gitlab-token}}", "hook": "{{fake:slack-webhook}}",
                "sandbox": "{{fake:stripe-test-secret-key}}", "sendgrid": "{{fake:sendgrid-key}}", "fcm": "{{fake:fcm-server-key}}",
                "aws": {"id": "{{fake:aws-access-key-id}}", "secret": "{{fake:aws-secret-access-key}}"},
                "twilio": {"sid": "{{fake:twilio-account-sid}}", "token": "{{fake:twilio-auth-token}}"},
                "signing": "{{fake:pem-ec-json}}"}
            - {path: Keys/AuthKey_ABCDE12345.p8, key: pem-ec}
            - {path: Keys/identity.p12, key: p12}
            - {path: en.lproj/InfoPlist.strings, text: '"NSCameraUsageDescription" = "TODO {{fake:sendgrid-key}}";'}
          privacy-manifest:
            NSPrivacyTracking: !bool true
            NSPrivacyTrackingDomains: ["{{fake:gitlab-token}}.example.com"]
            NSPrivacyCollectedDataTypes: []
            NSPrivacyAccessedAPITypes: []
          frameworks:
            - name: Vendor
              info-plist: '<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleVersion</key><integer>{{fake:stripe-secret-key}}</integer></dict></plist>'
        """

    static func package(in directory: TemporaryDirectory) throws -> String {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "secrets.yml"))
        let path = directory.path("Secrets.ipa")
        try FixtureDescription.package(from: node).write(to: path)
        return path
    }

    /// Every 8-character run of each seeded secret past its documented prefix, and of each PEM body line.
    static var forbiddenRuns: [(kind: String, run: String)] {
        var runs: [(String, String)] = []
        for kind in tokenKinds {
            let value = FakeSecrets.value(kind)!
            let prefix = SecretTable.shipped.tokens.flatMap(\.prefixes).filter { value.hasPrefix($0) }.map(\.count).max() ?? 0
            let rest = Array(value.dropFirst(prefix))
            for start in 0...(rest.count - 8) { runs.append((kind, String(rest[start..<(start + 8)]))) }
        }
        for line in FakeSecrets.value("pem-ec")!.split(separator: "\n") where !line.hasPrefix("-----") {
            let characters = Array(line)
            for start in stride(from: 0, through: characters.count - 8, by: 1) { runs.append(("pem-ec", String(characters[start..<(start + 8)]))) }
        }
        return runs
    }

    @Test func theCheckFindsEverySeededSecret() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.package(in: directory)
        let (_, console) = CapturingConsole.run(["--format", "json", path])
        let report = try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any]
        let inputs = try #require(report?["inputs"] as? [[String: Any]])
        let findings = try #require(inputs.first?["findings"] as? [[String: Any]]).filter { $0["rule"] as? String == "embedded-secret" }
        let places = Set(findings.map { "\($0["file"] as? String ?? "") \($0["keyPath"] as? String ?? "")" })
        for expected in [
            "Payload/Notes.app/Info.plist /NSCameraUsageDescription", "Payload/Notes.app/Info.plist /CFBundleURLTypes/0/CFBundleURLSchemes/0",
            "Payload/Notes.app/Notes ", "Payload/Notes.app/config.json /github_pat", "Payload/Notes.app/config.json /gitlab",
            "Payload/Notes.app/config.json /hook", "Payload/Notes.app/config.json /sandbox", "Payload/Notes.app/config.json /sendgrid",
            "Payload/Notes.app/config.json /fcm", "Payload/Notes.app/config.json /aws/id", "Payload/Notes.app/config.json /twilio/sid",
            "Payload/Notes.app/config.json /signing", "Payload/Notes.app/Keys/AuthKey_ABCDE12345.p8 ", "Payload/Notes.app/Keys/identity.p12 ",
            "Payload/Notes.app/en.lproj/InfoPlist.strings /NSCameraUsageDescription", "Payload/Notes.app/PrivacyInfo.xcprivacy /NSPrivacyTrackingDomains/0",
            "Payload/Notes.app/Frameworks/Vendor.framework/Info.plist ",
        ] {
            #expect(places.contains(expected), "no embedded-secret finding at \(expected); found \(places.sorted())")
        }
        #expect(findings.allSatisfy { ($0["secret"] as? String).map(IgnoreEntry.isSecretFingerprint) == true })
    }

    @Test func noOutputHoldsASecret() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.package(in: directory)
        var outputs: [(String, String)] = []
        for format in ["text", "json", "sarif", "junit", "github", "gitlab", "html", "cyclonedx", "spdx"] {
            let (_, console) = CapturingConsole.run(
                ["--format", format, "--color", "never", path].filter { format != "cyclonedx" && format != "spdx" || $0 != "--color" && $0 != "never" })
            outputs.append((format, console.output + console.error))
        }
        for format in ["text", "json", "markdown", "html"] {
            let (_, console) = CapturingConsole.run(["privacy", "--format", format, path])
            outputs.append(("privacy \(format)", console.output + console.error))
        }
        let report = directory.path("old.json")
        let (_, previous) = CapturingConsole.run(["--format", "json", path])
        try previous.output.write(toFile: report, atomically: true, encoding: .utf8)
        for format in ["text", "json", "markdown", "html"] {
            let (_, console) = CapturingConsole.run(["diff", "--format", format, report, path])
            outputs.append(("diff \(format)", console.output + console.error))
        }
        #expect(outputs.allSatisfy { !$0.1.isEmpty })
        // The report itself must say something of the secrets, or the search would pass vacuously;
        // and the rules that quote a value cut short, or what broke a file, must have run.
        let json = outputs.first { $0.0 == "json" }?.1 ?? ""
        for rule in ["embedded-secret", "purpose-string-placeholder", "info-plist-malformed"] {
            #expect(json.contains("\"rule\" : \"\(rule)\"") || json.contains("\"rule\":\"\(rule)\"") || json.contains("\"\(rule)\""), "\(rule) did not run")
        }
        let runs = Self.forbiddenRuns
        for (format, output) in outputs {
            for (kind, run) in runs where output.contains(run) {
                Issue.record("the \(format) output holds '\(run)' of the \(kind) secret")
                break
            }
        }
    }
}
