import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// The SBOMs (`--format cyclonedx`, `--format spdx`) of a package with an app, an extension, a
/// listed SDK's framework and a fat loose library: the components are the JSON report's
/// inventory, each hash the SHA-256 of the file as the package holds it, each LC_UUID the
/// report's, the signer and the SDK's vendor where the formats put them, nesting as the graph.
@Suite struct SBOMTests {
    static let app = "Payload/Notes.app"
    static let created = Date(timeIntervalSince1970: 1_796_515_200)

    static let yaml = """
        app:
          name: Notes
          plist: {CFBundleShortVersionString: "2.1", CFBundleVersion: "210"}
          executable: {uuids: [0C1D2E3F-4A5B-4C6D-8E7F-8091A2B3C4D5], certificate: {name: "Apple Distribution: Example Team (ABCDE12345)"}}
          files:
            - path: Frameworks/libvendor.dylib
              macho: {architectures: [arm64, x86_64], uuids: [11111111-2222-4333-8444-555555555555, 66666666-7777-4888-8999-AAAAAAAAAAAA]}
            - path: PrivacyInfo.xcprivacy
              plist:
                NSPrivacyTracking: !bool false
                NSPrivacyCollectedDataTypes:
                  - NSPrivacyCollectedDataType: NSPrivacyCollectedDataTypeEmailAddress
                    NSPrivacyCollectedDataTypeLinked: !bool true
                    NSPrivacyCollectedDataTypeTracking: !bool false
                    NSPrivacyCollectedDataTypePurposes: [NSPrivacyCollectedDataTypePurposeAppFunctionality]
                NSPrivacyAccessedAPITypes:
                  - NSPrivacyAccessedAPIType: NSPrivacyAccessedAPICategoryUserDefaults
                    NSPrivacyAccessedAPITypeReasons: [CA92.1]
          frameworks:
            - name: Alamofire
              plist: {CFBundleShortVersionString: "5.9.1", CFBundleVersion: "1"}
          plugins:
            - name: Share
        """

    static func fixture(layout: String = "ipa") throws -> FixturePackage {
        let node = try #require(try YAMLParser.parse(Array(("layout: \(layout)\n" + yaml).utf8), file: "fixture.yml"))
        return try FixtureDescription.package(from: node)
    }

    static let digesting = InspectionSettings(digestsBinaries: true)

    /// `path`'s bytes in the fixture, as the test wrote them.
    static func bytes(of path: String, in package: FixturePackage) throws -> [UInt8] {
        try #require(package.files.first { $0.path == path }, "no file \(path)").contents
    }

    static func properties(_ component: JSONValue) -> [(String, String)] {
        guard case .array(let properties)? = component["properties"] else { return [] }
        return properties.compactMap { property in
            guard case .string(let name)? = property["name"], case .string(let value)? = property["value"] else { return nil }
            return (name, value)
        }
    }

    static func components(_ document: JSONValue) -> [JSONValue] {
        guard case .array(let components)? = document["components"] else { return [] }
        return components
    }

    @Test func cycloneDXListsTheInventoryWithEachExecutablesHashAndUUIDs() throws {
        let package = try Self.fixture()
        let input = try inspect(package, named: "Notes.ipa", settings: Self.digesting)
        #expect(input.error == nil)
        let document = CycloneDXReporter(created: Self.created).document(for: input, toolVersion: "test")
        let components = Self.components(document)
        let inventory = input.bundles.flatMap { [$0.path] + ($0.signing?.libraries.map(\.path) ?? []) }
        #expect(components.map { $0["bom-ref"] } == inventory.map(JSONValue.string))
        #expect(inventory.contains("\(Self.app)/Frameworks/libvendor.dylib"))
        #expect(inventory.count == 4)

        for (component, bundle) in zip(components, input.bundles.flatMap { b in [(b.path, b)] + (b.signing?.libraries.map { ($0.path, b) } ?? []) }) {
            let facts = Self.properties(component)
            let executable = try #require(facts.first { $0.0 == "bundlecheck:executable" }?.1, "\(bundle.0) names no executable")
            let sha256 = Hex.lowercase(try Digest.hash(try Self.bytes(of: executable, in: package), .sha256))
            #expect(component["hashes"] == [["alg": "SHA-256", "content": .string(sha256)]], "\(bundle.0)")
            // The LC_UUIDs are the JSON report's.
            let json = JSONReporter().document(for: Report(toolVersion: "test", inputs: [input]))
            let reported = bundle.1.path == bundle.0 ? try JSONReportInventoryTests.bundle(bundle.0, in: json)["uuids"] : nil
            if case .array(let slices)? = reported {
                let expected = slices.compactMap { slice -> (String, String)? in
                    guard case .string(let architecture)? = slice["architecture"], case .string(let uuid)? = slice["uuid"] else { return nil }
                    return ("bundlecheck:lc-uuid:\(architecture)", uuid)
                }
                #expect(facts.filter { $0.0.hasPrefix("bundlecheck:lc-uuid:") }.map { "\($0.0)=\($0.1)" } == expected.map { "\($0.0)=\($0.1)" })
            }
        }
        let library = try #require(components.first { $0["bom-ref"] == .string("\(Self.app)/Frameworks/libvendor.dylib") })
        #expect(library["type"] == "library")
        #expect(
            Self.properties(library).filter { $0.0.hasPrefix("bundlecheck:lc-uuid:") }.map { "\($0.0)=\($0.1)" } == [
                "bundlecheck:lc-uuid:arm64=11111111-2222-4333-8444-555555555555", "bundlecheck:lc-uuid:x86_64=66666666-7777-4888-8999-AAAAAAAAAAAA",
            ])
        let app = try #require(components.first { $0["bom-ref"] == .string(Self.app) })
        #expect(Self.properties(app).filter { $0.0.hasPrefix("bundlecheck:lc-uuid:") }.map(\.1) == ["0C1D2E3F-4A5B-4C6D-8E7F-8091A2B3C4D5"])
    }

    @Test func theSignerIsTheSupplierAndAListedSDKsVendorItsPublisher() throws {
        let input = try inspect(Self.fixture(), named: "Notes.ipa", settings: Self.digesting)
        let document = CycloneDXReporter(created: Self.created).document(for: input, toolVersion: "test")
        let app = try #require(Self.components(document).first { $0["bom-ref"] == .string(Self.app) })
        let bundle = try #require(input.bundles.first { $0.path == Self.app })
        let certificate = try #require(bundle.signing?.signingCertificate)
        #expect(app["type"] == "application")
        #expect(app["name"] == "Notes")
        #expect(app["version"] == "2.1")
        #expect(app["supplier"] == ["name": .string(try #require(certificate.subject.organization))])
        let facts = Self.properties(app)
        #expect(facts.contains { $0 == ("bundlecheck:build-version", "210") })
        #expect(facts.contains { $0 == ("bundlecheck:team-identifier", bundle.signing?.teamIdentifier ?? "none") })
        #expect(facts.contains { $0 == ("bundlecheck:signing-certificate-sha256", Hex.lowercase(certificate.fingerprint ?? [])) })
        // The manifest's declarations, each as the manifest words it.
        #expect(facts.contains { $0 == ("bundlecheck:privacy:tracking", "false") })
        #expect(
            facts.contains {
                $0 == (
                    "bundlecheck:privacy:collected-data",
                    "NSPrivacyCollectedDataTypeEmailAddress; linked=true; tracking=false; purposes=NSPrivacyCollectedDataTypePurposeAppFunctionality"
                )
            })
        #expect(facts.contains { $0 == ("bundlecheck:privacy:accessed-api", "NSPrivacyAccessedAPICategoryUserDefaults: CA92.1") })

        let alamofire = try #require(Self.components(document).first { $0["name"] == "Alamofire" })
        #expect(alamofire["type"] == "framework")
        #expect(alamofire["version"] == "5.9.1")
        #expect(alamofire["publisher"] == "Alamofire Software Foundation")
        #expect(Self.properties(alamofire).contains { $0 == ("bundlecheck:listed-sdk", "Alamofire") })
        // The extension is no listed SDK, and nothing claims a package-manager identity.
        let share = try #require(Self.components(document).first { $0["name"] == "Share" })
        #expect(share["publisher"] == nil)
        #expect(!JSONWriter().string(from: document).contains("\"purl\""))
    }

    @Test func nestingIsTheDependencyGraph() throws {
        let input = try inspect(Self.fixture(), named: "Notes.ipa", settings: Self.digesting)
        let document = CycloneDXReporter(created: Self.created).document(for: input, toolVersion: "test")
        guard case .array(let dependencies)? = document["dependencies"] else {
            Issue.record("no dependencies")
            return
        }
        var graph: [String: [String]] = [:]
        for entry in dependencies {
            guard case .string(let ref)? = entry["ref"], case .array(let on)? = entry["dependsOn"] else { continue }
            graph[ref] = on.compactMap { if case .string(let text) = $0 { text } else { nil } }
        }
        #expect(graph[CycloneDXReporter.packageReference] == [Self.app])
        #expect(
            Set(graph[Self.app] ?? []) == [
                "\(Self.app)/Frameworks/libvendor.dylib", "\(Self.app)/Frameworks/Alamofire.framework", "\(Self.app)/PlugIns/Share.appex",
            ])
        #expect(graph["\(Self.app)/PlugIns/Share.appex"] == [])
        #expect(document["metadata"]?["component"]?["name"] == "Notes.ipa")
        #expect(document["metadata"]?["component"]?["version"] == "2.1")
        #expect(document["metadata"]?["timestamp"] == "2026-12-06T00:00:00Z")
    }

    @Test func spdxStatesTheSameFacts() throws {
        let package = try Self.fixture()
        let input = try inspect(package, named: "Notes.ipa", settings: Self.digesting)
        let document = SPDXReporter(created: Self.created).document(for: input, toolVersion: "test")
        guard case .array(let packages)? = document["packages"], case .array(let relationships)? = document["relationships"] else {
            Issue.record("no packages or relationships")
            return
        }
        #expect(packages.count == 5)
        let files = packages.dropFirst().compactMap { if case .string(let path)? = $0["packageFileName"] { path } else { nil } }
        #expect(files == input.bundles.flatMap { [$0.path] + ($0.signing?.libraries.map(\.path) ?? []) })
        let library = try #require(packages.first { $0["packageFileName"] == .string("\(Self.app)/Frameworks/libvendor.dylib") })
        let sha256 = Hex.lowercase(try Digest.hash(try Self.bytes(of: "\(Self.app)/Frameworks/libvendor.dylib", in: package), .sha256))
        #expect(library["checksums"] == [["algorithm": "SHA256", "checksumValue": .string(sha256)]])
        #expect(library["primaryPackagePurpose"] == "LIBRARY")
        let alamofire = try #require(packages.first { $0["name"] == "Alamofire" })
        #expect(alamofire["originator"] == "Organization: Alamofire Software Foundation")
        #expect(alamofire["versionInfo"] == "5.9.1")
        // Who holds whom: the document describes the package, which contains the app, which contains the rest.
        func id(_ path: String) -> JSONValue? { packages.first { $0["packageFileName"] == .string(path) }?["SPDXID"] }
        let contains = relationships.filter { $0["relationshipType"] == "CONTAINS" }
        #expect(contains.filter { $0["spdxElementId"] == "SPDXRef-Package" }.map { $0["relatedSpdxElement"] } == [id(Self.app)])
        #expect(contains.filter { $0["spdxElementId"] == id(Self.app) }.count == 3)
        #expect(relationships.first == ["spdxElementId": "SPDXRef-DOCUMENT", "relationshipType": "DESCRIBES", "relatedSpdxElement": "SPDXRef-Package"])
    }

    /// Only a run that writes an SBOM reads every binary to its end.
    @Test func withoutAnSBOMNoBinaryIsHashed() throws {
        let input = try inspect(Self.fixture(), named: "Notes.ipa")
        let document = CycloneDXReporter(created: Self.created).document(for: input, toolVersion: "test")
        #expect(Self.components(document).count == 4)
        #expect(Self.components(document).allSatisfy { $0["hashes"] == nil })
    }

    /// Every executable's and library's hash is the SHA-256 of its bytes as the fixture wrote
    /// them, from every container: a zip, a folder, and an installer package's payload (read in
    /// one pass, each Mach-O prefetched as it streams by). A package's paths differ by container
    /// (`Applications/Notes.app/…` in a pkg): the fixture's file is the one the path ends with.
    @Test(arguments: ["ipa", "folder", "pkg"])
    func everyContainerHashesTheFilesItHolds(container: String) throws {
        let directory = try TemporaryDirectory()
        let package: FixturePackage
        let path: String
        switch container {
        case "folder":
            package = try Self.fixture(layout: "xcarchive")
            path = directory.path("Notes.xcarchive")
            try package.writeDirectory(to: path)
        case "pkg":
            let node = try #require(try YAMLParser.parse(Array(Self.macYAML.utf8), file: "mac.yml"))
            package = try FixtureDescription.package(from: node)
            path = directory.path("Notes.pkg")
            try package.write(to: path)
        default:
            package = try Self.fixture()
            path = directory.path("Notes.ipa")
            try package.writeZip(to: path)
        }
        let report = PackageInspector(settings: Self.digesting).inspect(path: path)
        #expect(report.error == nil)
        let binaries = report.bundles.flatMap { bundle in
            (bundle.signing?.executablePath.map { [($0, bundle.signing?.executable?.sha256)] } ?? [])
                + (bundle.signing?.libraries.map { ($0.path, $0.file.sha256) } ?? [])
        }
        #expect(binaries.count >= 2, "\(binaries)")
        for (binary, sha256) in binaries {
            let file = try #require(
                package.files.filter { binary == $0.path || binary.hasSuffix("/" + $0.path) }.max { $0.path.count < $1.path.count },
                "no fixture file for \(binary)")
            #expect(sha256 == Hex.lowercase(try Digest.hash(file.contents, .sha256)), "\(container): \(binary)")
        }
    }

    static let macYAML = """
        layout: pkg
        app:
          name: Notes
          platform: macos
          files:
            - path: Frameworks/libvendor.dylib
              macho: {architectures: [arm64, x86_64]}
        """

    /// An executable that is no Mach-O (a script) still ships: it is named by its bytes, read in a pass of its own.
    @Test func anExecutableTheReaderCannotReadIsStillHashed() throws {
        let yaml = """
            app:
              name: Notes
              plist: {CFBundleExecutable: Run}
              files:
                - path: Run
                  text: "#!/bin/sh\\necho notes\\n"
            """
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "fixture.yml"))
        let package = try FixtureDescription.package(from: node)
        let input = try inspect(package, named: "Notes.ipa", settings: Self.digesting)
        let app = try #require(input.bundles.first)
        #expect(app.signing?.executable == nil)
        let expected = Hex.lowercase(try Digest.hash(try Self.bytes(of: "\(Self.app)/Run", in: package), .sha256))
        #expect(app.signing?.executableSHA256 == expected)
        let document = CycloneDXReporter(created: Self.created).document(for: input, toolVersion: "test")
        #expect(Self.components(document).first?["hashes"] == [["alg": "SHA-256", "content": .string(expected)]])
    }

    /// The signer's organisation comes from the package: SPDX's actor syntax must not be broken by it.
    @Test(arguments: [
        ("Example Team", "Organization: Example Team"), ("Evil (evil@example.com)", "Organization: Evil [evil@example.com]"),
        ("Two\nLines", "Organization: Two\\nLines"), ("  ", nil),
    ])
    func spdxActorsStayOneNameOnOneLine(name: String, expected: String?) {
        #expect(SPDXReporter.organization(name) == expected)
    }

    // MARK: With the ecosystem's validators

    static let validatorsAvailable =
        ReportValidator.isCI || (try? ReportValidator.run(["python3", "-c", "import cyclonedx.validation.json, spdx_tools"]).status) == 0

    @Test(.enabled(if: validatorsAvailable, "needs python3 with cyclonedx-python-lib[json-validation] and spdx-tools (pip install)"))
    func bothValidatorsAcceptTheDocumentsAndTheirCrossCheck() throws {
        let package = try Self.fixture()
        let directory = try TemporaryDirectory()
        let ipa = directory.path("Notes.ipa")
        try package.writeZip(to: ipa)
        let input = PackageInspector(settings: Self.digesting).inspect(path: ipa)
        let report = directory.path("Notes.json")
        let cdx = directory.path("Notes.cdx.json")
        let spdx = directory.path("Notes.spdx.json")
        try JSONReporter().render(Report(toolVersion: "test", inputs: [input])).write(toFile: report, atomically: true, encoding: .utf8)
        try CycloneDXReporter(created: Self.created).render(input, toolVersion: "test").write(toFile: cdx, atomically: true, encoding: .utf8)
        try SPDXReporter(created: Self.created).render(input, toolVersion: "test").write(toFile: spdx, atomically: true, encoding: .utf8)
        let script = ReportValidator.repositoryRoot.appendingPathComponent("scripts/validate-sbom.py").path
        let outcome = try ReportValidator.run(["python3", script, "--package", ipa, "--report", report, cdx, spdx])
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.contains("valid CycloneDX 1.6, 4 components as the report lists them"), "\(outcome.output)")
        #expect(outcome.output.contains("valid SPDX 2.3, 4 components as the report lists them"), "\(outcome.output)")
    }

    @Test(.enabled(if: validatorsAvailable, "needs python3 with cyclonedx-python-lib[json-validation] and spdx-tools (pip install)"))
    func theValidatorsRefuseABrokenDocument() throws {
        let input = try inspect(Self.fixture(), named: "Notes.ipa", settings: Self.digesting)
        let directory = try TemporaryDirectory()
        // A hash that is no SHA-256, and an SPDX identifier with a space.
        let cdx = directory.path("broken.cdx.json")
        let spdx = directory.path("broken.spdx.json")
        let badHash = CycloneDXReporter(created: Self.created).render(input, toolVersion: "test").replacingOccurrences(of: "\"SHA-256\"", with: "\"SHA-257\"")
        let badID = SPDXReporter(created: Self.created).render(input, toolVersion: "test").replacingOccurrences(of: "SPDXRef-1-Notes", with: "SPDXRef-1 Notes")
        try badHash.write(toFile: cdx, atomically: true, encoding: .utf8)
        try badID.write(toFile: spdx, atomically: true, encoding: .utf8)
        let script = ReportValidator.repositoryRoot.appendingPathComponent("scripts/validate-sbom.py").path
        for path in [cdx, spdx] {
            let outcome = try ReportValidator.run(["python3", script, path])
            #expect(outcome.status == 1, "\(path): \(outcome.output)")
        }
    }
}
