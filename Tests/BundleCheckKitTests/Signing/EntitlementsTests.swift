import Testing

@testable import BundleCheckFormats

@Suite struct EntitlementsTests {
    @Test func theSigningKeysReadUnderApplesNames() {
        let entitlements = Entitlements(
            PlistDictionary([
                "application-identifier": .string("ABCDE12345.com.example.notes"),
                "com.apple.developer.team-identifier": .string("ABCDE12345"),
                "com.apple.security.application-groups": .array([.string("group.com.example.notes"), .integer(PlistInteger(1))]),
                "get-task-allow": .bool(true),
                "aps-environment": .string("production"),
                "keychain-access-groups": .array([.string("ABCDE12345.*")]),
            ]))
        #expect(entitlements.applicationIdentifier == "ABCDE12345.com.example.notes")
        #expect(entitlements.teamIdentifier == "ABCDE12345")
        #expect(entitlements.appGroups == ["group.com.example.notes"])
        #expect(entitlements.getTaskAllow)
        #expect(entitlements.apsEnvironment == "production")
        #expect(entitlements.keychainAccessGroups == ["ABCDE12345.*"])
        #expect(entitlements.dictionary.count == 6)
    }

    @Test func macOSKeysAreTheFallbacksForApplicationIdentifierAndPushEnvironment() {
        let entitlements = Entitlements(
            PlistDictionary([
                "com.apple.application-identifier": .string("ABCDE12345.com.example.mac"),
                "com.apple.developer.aps-environment": .string("development"),
            ]))
        #expect(entitlements.applicationIdentifier == "ABCDE12345.com.example.mac")
        #expect(entitlements.apsEnvironment == "development")
    }

    @Test func getTaskAllowIsTrueOnlyForTheBooleanTrue() {
        #expect(!Entitlements(PlistDictionary()).getTaskAllow)
        #expect(!Entitlements(PlistDictionary(["get-task-allow": .string("true")])).getTaskAllow)
        #expect(!Entitlements(PlistDictionary(["get-task-allow": .bool(false)])).getTaskAllow)
    }

    @Test func anEntitlementsFileReadsFromXML() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>application-identifier</key><string>ABCDE12345.com.example.notes</string>
            <key>com.apple.security.application-groups</key><array><string>group.notes</string></array>
            </dict></plist>
            """
        let entitlements = try Entitlements(propertyList: Array(xml.utf8), file: "notes.xcent")
        #expect(entitlements.applicationIdentifier == "ABCDE12345.com.example.notes")
        #expect(entitlements.appGroups == ["group.notes"])
    }

    @Test func anEntitlementsFileWhoseRootIsNotADictionaryIsMalformed() {
        let xml = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array/></plist>"#
        #expect(
            throws: BundleCheckError.malformedPropertyList(
                file: "x.xcent", reason: "the root is of type array; entitlements need a dictionary", line: nil)
        ) {
            try Entitlements(propertyList: Array(xml.utf8), file: "x.xcent")
        }
    }

    @Test func entitlementsSourcesHaveTheInventoryNames() {
        #expect(EntitlementsSource.allCases.map(\.rawValue) == ["signature", "xcent", "none"])
    }
}
