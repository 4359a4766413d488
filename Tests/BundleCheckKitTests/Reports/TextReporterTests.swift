import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

@Suite struct TextReporterTests {
    private func bundle(_ path: String, kind: BundleKind = .app, plist: PlistDictionary?) -> InspectedBundle {
        InspectedBundle(
            path: path, kind: kind, parent: nil, infoPlistPath: "\(path)/Info.plist",
            infoPlist: plist.map { PropertyListDocument(format: .xml, root: .dictionary($0)) }
        )
    }

    private func finding(_ severity: Severity, bundle: String?, file: String? = nil, line: Int? = nil) -> Finding {
        Finding(
            rule: "some-rule", severity: severity, message: "something is off",
            bundle: bundle, file: file, keyPath: nil, line: line, appleCodes: []
        )
    }

    @Test func summaryUsesSingularForOne() {
        let input = InputReport(
            path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil,
            bundles: [bundle("Payload/A.app", plist: PlistDictionary())],
            findings: [finding(.error, bundle: "Payload/A.app"), finding(.note, bundle: nil), finding(.note, bundle: nil)],
            distribution: nil
        )
        let output = TextReporter(color: false).render(Report(toolVersion: "1", inputs: [input]))
        #expect(output.contains("\n1 input, 1 bundle: 1 error, 0 warnings, 2 notes\nFAILED: 1 error in 1 of 1 input\n"))
        #expect(output.hasPrefix("A.ipa (ipa, zip, 1 byte)\n"))
    }

    @Test func anEmptyRunSaysSo() {
        #expect(TextReporter(color: false).render(Report(toolVersion: "1", inputs: [])) == "0 inputs, 0 bundles: 0 errors, 0 warnings, 0 notes\nPASSED\n")
    }

    @Test func inputsThatCouldNotBeCheckedAreCountedInTheSummary() {
        let input = InputReport(
            path: "missing.ipa", kind: nil, container: nil, size: 0,
            error: .notFound(path: "missing.ipa"), bundles: [], findings: [], distribution: nil
        )
        let output = TextReporter(color: false).render(Report(toolVersion: "1", inputs: [input]))
        #expect(
            output == """
                missing.ipa
                  error: missing.ipa: no such file or directory

                1 input, 0 bundles: 0 errors, 0 warnings, 0 notes; 1 input could not be checked
                FAILED: 1 input could not be checked

                """)
    }

    @Test func findingsOfAnUnlistedBundleStayUnderTheInput() {
        let input = InputReport(
            path: "A.ipa", kind: .ipa, container: .zip, size: 10, error: nil, bundles: [],
            findings: [finding(.warning, bundle: "Payload/Gone.app", file: "Payload/Gone.app/Info.plist", line: 3)],
            distribution: nil
        )
        let output = TextReporter(color: false).render(Report(toolVersion: "1", inputs: [input]))
        #expect(output.contains("\n  warning[some-rule]: something is off\n    --> Payload/Gone.app/Info.plist:3\n"))
    }

    @Test func bundleDetailsSayWhatIsMissing() {
        #expect(TextReporter.details(of: bundle("X.app", plist: nil)) == "no readable Info.plist")
        #expect(TextReporter.details(of: bundle("X.app", plist: PlistDictionary())) == "(no bundle identifier) (no version)")
        #expect(TextReporter.details(of: bundle("X.app", plist: PlistDictionary(["CFBundleVersion": .string("7")]))) == "(no bundle identifier) ? (7)")
        let modern = PlistDictionary([
            "CFBundleIdentifier": .string("a.b.widget"),
            "CFBundleShortVersionString": .string("2.0"),
            "EXAppExtensionAttributes": .dictionary(PlistDictionary(["EXExtensionPointIdentifier": .string("com.apple.widgetkit-extension")])),
        ])
        #expect(TextReporter.details(of: bundle("W.appex", kind: .appex, plist: modern)) == "a.b.widget 2.0 (?), extension com.apple.widgetkit-extension")
    }

    @Test func locationJoinsFileLineAndKeyPath() {
        func location(file: String?, keyPath: JSONPointer?, line: Int?) -> String? {
            TextReporter.location(
                of: Finding(
                    rule: "r", severity: .note, message: "m", bundle: nil, file: file, keyPath: keyPath, line: line, appleCodes: []
                ))
        }
        #expect(location(file: "I.plist", keyPath: JSONPointer("a", "b/c"), line: 4) == "I.plist:4  /a/b~1c")
        #expect(location(file: "I.plist", keyPath: nil, line: nil) == "I.plist")
        #expect(location(file: nil, keyPath: JSONPointer("k"), line: nil) == "/k")
        #expect(location(file: nil, keyPath: nil, line: nil) == nil)
    }

    @Test(arguments: [
        (UInt64(0), "0 bytes"),
        (1, "1 byte"),
        (999, "999 bytes"),
        (1_000, "1.0 kB"),
        (1_049, "1.0 kB"),
        (1_050, "1.1 kB"),
        (999_949, "999.9 kB"),
        (999_950, "1.0 MB"),
        (1_482_211, "1.5 MB"),
        (4_000_000_000, "4.0 GB"),
        (UInt64.max, "18.4 EB"),
    ])
    func sizesAreHumanReadable(bytes: UInt64, text: String) {
        #expect(ReportText.byteCount(bytes) == text)
    }

    @Test func textFromThePackageCannotDriveTheTerminal() {
        #expect(ReportText.printable("a\u{1B}[2Jb") == #"a\u{1B}[2Jb"#)
        #expect(ReportText.printable("one\ntwo\tthree") == #"one\ntwo\tthree"#)
        #expect(ReportText.printable("abc\u{202E}fed") == #"abc\u{202E}fed"#)
        #expect(ReportText.printable("Caf\u{E9}.app") == "Caf\u{E9}.app")
    }

    /// An input of `kind` whose apps carry profiles of `kinds`.
    private func input(_ kind: InputKind, profiles kinds: [Distribution?], distribution: DistributionAssumption?) -> InputReport {
        let bundles = kinds.enumerated().map { index, profileKind in
            let path = "Products/Applications/App\(index).app"
            let profile = profileKind.map { kind in
                ProvisioningProfile(
                    propertyList: PlistDictionary([
                        "ProvisionedDevices": kind == .appStore || kind == .enterprise ? .array([]) : .array([.string("device")]),
                        "ProvisionsAllDevices": .bool(kind == .enterprise),
                        "Entitlements": .dictionary(PlistDictionary(["get-task-allow": .bool(kind == .development)])),
                    ]))
            }
            let signing = BundleSigning(
                executablePath: nil, executable: nil, entitlements: nil, entitlementsSource: .none, entitlementsPath: nil,
                profile: profile, profilePath: profile.map { _ in "\(path)/embedded.mobileprovision" }
            )
            return InspectedBundle(path: path, kind: .app, parent: nil, infoPlistPath: "\(path)/Info.plist", infoPlist: nil, signing: signing)
        }
        return InputReport(path: "A", kind: kind, container: .directory, size: 1, error: nil, bundles: bundles, findings: [], distribution: distribution)
    }

    @Test func theInventorySaysWhichDistributionWasCheckedAndWhy() {
        let unstated = DistributionAssumption(checked: nil, basis: .inputKind)
        let appStore = DistributionAssumption(checked: .appStore, basis: .inputKind)
        let stated = DistributionAssumption(checked: .adHoc, basis: .stated)
        #expect(
            TextReporter.distribution(unstated, of: input(.xcarchive, profiles: [.development], distribution: unstated))
                == "archive: development-signed; export re-signs it, so distribution checks are skipped (give --distribution to check them)")
        #expect(
            TextReporter.distribution(stated, of: input(.xcarchive, profiles: [.appStore], distribution: stated))
                == "archive: app-store-signed; checked for ad-hoc distribution, as stated")
        #expect(
            TextReporter.distribution(unstated, of: input(.xcarchive, profiles: [nil], distribution: unstated))
                .hasPrefix("archive: no provisioning profile; export re-signs it"))
        #expect(
            TextReporter.distribution(unstated, of: input(.xcarchive, profiles: [.development, .adHoc, .development], distribution: unstated))
                .hasPrefix("archive: signed with development and ad-hoc profiles; "))
        #expect(
            TextReporter.distribution(appStore, of: input(.ipa, profiles: [.development], distribution: appStore))
                == "checked for app-store distribution by default (give --distribution if it ships otherwise)")
        #expect(TextReporter.distribution(stated, of: input(.app, profiles: [], distribution: stated)) == "checked for ad-hoc distribution, as stated")
        let rendered = TextReporter(color: false).render(
            Report(toolVersion: "1", inputs: [input(.xcarchive, profiles: [.development], distribution: unstated)]))
        #expect(rendered.hasPrefix("A (xcarchive, directory, 1 byte)\n  archive: development-signed; export re-signs it"))
    }

    @Test func theSigningLineNamesTheCertificateAndItsLastDay() {
        let certificate = X509Certificate(
            subject: DistinguishedName(matchingKey: [1], commonName: "Apple Distribution: Example\u{1B}[2J (ABCDE12345)", organization: nil),
            issuer: DistinguishedName(matchingKey: [2], commonName: "Apple Worldwide Developer Relations Certification Authority", organization: nil),
            serialNumberBytes: [0x00, 0x8F], notBefore: Date(timeIntervalSince1970: 0), notAfter: Date(timeIntervalSince1970: 1_783_701_644)
        )
        let signing = BundleSigning(
            executablePath: nil, executable: nil, entitlements: nil, entitlementsSource: .none, entitlementsPath: nil,
            profile: nil, profilePath: nil, signingCertificate: certificate
        )
        #expect(TextReporter.signing(signing) == "certificate 'Apple Distribution: Example\u{1B}[2J (ABCDE12345)' until 2026-07-10")
        #expect(certificate.serialNumber == "8F")
        let app = InspectedBundle(path: "Payload/A.app", kind: .app, parent: nil, infoPlistPath: "Payload/A.app/Info.plist", infoPlist: nil, signing: signing)
        let rendered = TextReporter(color: false).render(
            Report(
                toolVersion: "1",
                inputs: [
                    InputReport(path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil, bundles: [app], findings: [], distribution: nil)
                ]))
        // The common name comes from the package: printed escaped.
        #expect(rendered.contains(#"certificate 'Apple Distribution: Example\u{1B}[2J (ABCDE12345)' until 2026-07-10"#))
    }

    @Test func plainOutputIsASCIIWithoutEscapes() {
        let output = TextReporter(color: false).render(SampleReport.make())
        #expect(output.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "\n" || $0.value >= 0x20) })
    }
}
