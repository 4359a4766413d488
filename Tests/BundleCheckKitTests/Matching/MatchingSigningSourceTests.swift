import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The `plist` matcher reads entitlements and profiles as well as Info.plist.
@Suite struct MatchingSigningSourceTests {
    static func rule(id: String, source: String, key: String, condition: String) throws -> RuleDefinition {
        let text = """
            id: \(id)
            title: t
            severity: warning
            category: c
            rationale: r
            fix: f
            scope:
              kinds: [app]
            match:
              plist:
                source: \(source)
                key: \(key)
                \(condition)
            """
        return try RuleLoader.load(text: text, file: "pack/\(id).yml", isBuiltIn: false)
    }

    static func package(groups: [String], allDevices: Bool) throws -> FixturePackage {
        var entitlements = PlistDictionary()
        entitlements.append(key: "application-identifier", value: .string("ABCDE12345.com.example.notes"))
        entitlements.append(key: "com.apple.security.application-groups", value: .array(groups.map(PlistValue.string)))
        let executable = MachOWriter.thin(
            MachOSliceDescription(
                codeSignature: FixtureCodeSignature(
                    identifier: "com.example.notes", teamIdentifier: "ABCDE12345",
                    entitlementsXML: XMLPropertyListWriter.write(.dictionary(entitlements))
                )))
        let profile = ProfileWriter.write(FixtureProfile(provisionsAllDevices: allDevices), encoding: .indefiniteBER(chunkSize: 100))
        var app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
        app.files.removeAll { $0.path == "Notes" }
        app = app.adding(file: "Notes", contents: executable).adding(file: "embedded.mobileprovision", contents: profile)
        return try .ipa(app)
    }

    static func findings(of rule: RuleDefinition, in package: FixturePackage) throws -> [Finding] {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try package.writeZip(to: path)
        return PackageInspector(rules: [rule]).inspect(path: path).findings
    }

    @Test func entitlementsSourceReadsTheSignedEntitlements() throws {
        let rule = try Self.rule(
            id: "foreign-group", source: "entitlements", key: "/com.apple.security.application-groups/*", condition: "matches: '^group\\.org\\.'")
        let findings = try Self.findings(of: rule, in: Self.package(groups: ["group.com.example.notes", "group.org.other"], allDevices: false))
        #expect(findings.map { $0.keyPath?.description } == ["/com.apple.security.application-groups/1"])
        #expect(findings.first?.file == "Payload/Notes.app/Notes")
        #expect(findings.first?.line == nil)
        #expect(try Self.findings(of: rule, in: Self.package(groups: ["group.com.example.notes"], allDevices: false)).isEmpty)
    }

    @Test func profileSourceReadsThePlistInsideTheEnvelope() throws {
        let rule = try Self.rule(id: "no-enterprise", source: "profile", key: "/ProvisionsAllDevices", condition: "equals: 'true'")
        let enterprise = try Self.findings(of: rule, in: Self.package(groups: [], allDevices: true))
        #expect(enterprise.map(\.file) == ["Payload/Notes.app/embedded.mobileprovision"])
        #expect(try Self.findings(of: rule, in: Self.package(groups: [], allDevices: false)).isEmpty)
    }
}
