import BundleCheckFormats
import BundleCheckInspection
import Foundation

/// The `executable`, `after-signing` and `profile` fields of a rule example's bundle: a signed
/// Mach-O (written with its bundle by `MachOWriter`, sealing it as codesign does), edits made
/// after signing, and an `embedded.mobileprovision` (`ProfileWriter`; a Mac bundle's
/// `embedded.provisionprofile`, of platform OSX).
///
/// ```yaml
/// executable:
///   architectures: [arm64]       # default: the platform's (arm64; arm64_32 for watchOS devices;
///                                # arm64 and x86_64 for macos and maccatalyst);
///                                # also arm64e, arm64_32, armv7, x86_64, i386 (more than one: fat)
///   platform: ios                # LC_BUILD_VERSION's platform: default the bundle's `platform`;
///                                # ios, tvos, watchos, visionos, macos, maccatalyst, or
///                                # ios-simulator, tvos-simulator, watchos-simulator, visionos-simulator
///   minimum-os: "16.0"           # LC_BUILD_VERSION's minos as written; default: the bundle's
///                                # MinimumOSVersion (LSMinimumSystemVersion on the Mac; for
///                                # maccatalyst the Mac Catalyst version of it, macOS 14.0: 17.0)
///   hardened-runtime: true       # the CodeDirectory's runtime flag (codesign --options runtime)
///   encryption-info: true        # LC_ENCRYPTION_INFO (default: true for iOS, tvOS, watchOS and
///                                # visionOS device builds)
///   bitcode: false               # an __LLVM segment
///   signed: true                 # LC_CODE_SIGNATURE (default true)
///   team: ABCDE12345             # the CodeDirectory's team id (default ABCDE12345)
///   entitlements: {…}            # default: application-identifier TEAM.<id> and the team id
///                                # (on the Mac com.apple.application-identifier, and the sandbox;
///                                # an app with app-clips names them, as Xcode's template does)
///   links: [/path/of/a.dylib]    # more LC_LOAD_DYLIBs besides Foundation and libSystem
///   weak-links: [/path/of/b.dylib]   # LC_LOAD_WEAK_DYLIBs (frameworks newer than minimum-os)
///   strings: ["painotes://import"]   # C strings (__TEXT,__cstring)
///   classes: [UIWebView]         # Objective-C class names; selectors: [openURL:]
///   imports: [_OBJC_CLASS_$_UIWebView]   # undefined external symbols (LC_SYMTAB)
///   uuids: [4F0C…]               # LC_UUID of each architecture, in order (default: none written)
///   text-size: 600 MB            # a __TEXT,__text section stating this size, no bytes written
///   file-type: execute           # the header's filetype: execute (default), dylib, bundle, or
///                                # dsym (a dSYM's DWARF file, with `signed: false`)
///   certificate:                 # a CMS blob with a signing chain (default: an empty blob, as
///                                # ad-hoc; a bundle without `executable` gets the default one,
///                                # signed with the team's Apple Distribution certificate)
///     name: "Apple Distribution: Example Team (ABCDE12345)"   # the leaf's common name (this default)
///     expires: 2030-01-01T00:00:00Z                          # the leaf's notAfter (this default)
/// after-signing:                 # what a script changed after codesign ran (signature untouched)
///   plist: {CFBundleVersion: "2"}   # Info.plist keys set (`!absent` removes)
///   files: [{path: a.json, text: "…"}]   # files replaced or added
///   remove: [a.json]             # files deleted
///   entitlements: {…}            # the signature's entitlements blob rewritten
///   patch-code: true             # a byte of __TEXT changed
/// profile:
///   kind: app-store              # app-store (default), ad-hoc, development, enterprise,
///                                # mac-app-store, developer-id (a Mac bundle's profile is a Mac one)
///   team: ABCDE12345
///   app-id: ABCDE12345.com.example.notes   # default TEAM.<id>
///   entitlements: {…}            # more profile entitlements (app groups, aps-environment …)
///   expires: 2030-01-01T00:00:00Z
///   encoding: der                # der (default) or ber (indefinite lengths, chunked content)
///   lists-signer: true           # DeveloperCertificates list the executable's `certificate`
///                                # (default true; false lists another of the team's; none is
///                                # listed for an ad-hoc executable)
/// ```
enum FixtureSigningDescription {
    static let defaultTeam = "ABCDE12345"

    /// The slices of an `executable`: one per architecture, signed unless `signed: false`.
    /// `minimumOS`: the bundle's, as its Info.plist states it (on the Mac, the macOS version).
    static func executable(
        _ node: YAMLNode, identifier: String, minimumOS: String?, platform bundlePlatform: FixturePlatform = .iOS
    ) throws -> [MachOSliceDescription] {
        let fields = try FixtureDescription.mapping(
            node,
            allowed: [
                "architectures", "platform", "minimum-os", "encryption-info", "bitcode", "signed", "team", "entitlements", "links",
                "weak-links", "strings", "classes", "selectors", "imports", "certificate", "hardened-runtime", "uuids", "file-type", "text-size",
                "dylib-version",
            ])
        let links =
            try (fields["links"].map(strings) ?? []).map { LinkedDylib(path: $0) }
            + (fields["weak-links"].map(strings) ?? []).map { LinkedDylib(path: $0, kind: .weak) }
        let platform = try fields["platform"].map(FixtureDescription.platform) ?? bundlePlatform
        let architectures = try fields["architectures"].map(strings) ?? platform.architectures.map(\.rawValue)
        let givenMinimum = try fields["minimum-os"].map(FixtureDescription.scalar)
        let minimumText = givenMinimum ?? minimumOS ?? "16.0"
        guard let stated = MachOVersion(minimumText) else {
            throw FixtureDescription.Problem(line: node.line, message: "minimum-os '\(minimumText)' is not a version")
        }
        // `minimum-os` is the load command's; the bundle's is its Info.plist's, Mac Catalyst's a macOS version.
        let minimum = givenMinimum == nil ? platform.machOMinimumOS(stated) : stated
        let encrypted = try flag(fields["encryption-info"], default: platform.hasEncryptionInfo)
        let bitcode = try flag(fields["bitcode"], default: false)
        let signed = try flag(fields["signed"], default: true)
        let team = try fields["team"].map(FixtureDescription.scalar) ?? defaultTeam
        let evidence = (
            strings: try fields["strings"].map(strings) ?? [],
            classes: try fields["classes"].map(strings) ?? [],
            selectors: try fields["selectors"].map(strings) ?? [],
            imports: try fields["imports"].map(strings) ?? []
        )

        var signature: FixtureCodeSignature?
        if signed {
            var entitlements = PlistDictionary()
            if let node = fields["entitlements"] {
                guard case .dictionary(let given) = try FixtureDescription.plistValue(node) else {
                    throw FixtureDescription.Problem(line: node.line, message: "entitlements must be a mapping")
                }
                entitlements = given
            } else {
                entitlements = defaultEntitlements(identifier: identifier, team: team, platform: platform)
            }
            signature = FixtureCodeSignature(
                identifier: identifier, teamIdentifier: team,
                entitlementsXML: XMLPropertyListWriter.write(.dictionary(entitlements)),
                signer: try fields["certificate"].map { try signer($0, team: team) }
            )
            if try flag(fields["hardened-runtime"], default: false) { signature?.codeDirectoryFlags = CodeSignature.runtimeFlag }
        }
        // One LC_UUID per architecture, in order, as `dwarfdump --uuid` lists them.
        let uuids = try fields["uuids"].map(strings)?.map { text -> MachOUUID in
            guard let uuid = MachOUUID(text) else {
                throw FixtureDescription.Problem(line: node.line, message: "uuid '\(text)' is not 8-4-4-4-12 hexadecimal digits")
            }
            return uuid
        }
        if let uuids, uuids.count != architectures.count {
            throw FixtureDescription.Problem(line: node.line, message: "uuids lists \(uuids.count) for \(architectures.count) architectures")
        }
        let fileType =
            try fields["file-type"].map { node -> MachOFileType in
                switch try FixtureDescription.scalar(node) {
                case "execute": return .execute
                case "dylib": return .dylib
                case "bundle": return .bundle
                case "dsym": return .dsym
                default: throw FixtureDescription.Problem(line: node.line, message: "file-type is execute, dylib, bundle or dsym")
                }
            } ?? .execute
        return try architectures.enumerated().map { index, name -> MachOSliceDescription in
            guard let architecture = MachOFixtureArchitecture(rawValue: name) else {
                throw FixtureDescription.Problem(
                    line: node.line,
                    message: "architecture '\(name)' is not one of \(MachOFixtureArchitecture.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var slice = MachOSliceDescription(
                architecture: architecture,
                fileType: fileType,
                platformVersion: .buildVersion(platform.machOPlatform, minimumOS: minimum, sdk: platform.executableSDK),
                uuid: uuids?[index],
                cryptID: encrypted ? 0 : nil,
                hasBitcodeSegment: bitcode,
                linkedDylibs: MachOSliceDescription().linkedDylibs + links,
                codeSignature: signature
            )
            slice.cStrings = evidence.strings
            slice.objcClassNames = evidence.classes
            slice.objcSelectors = evidence.selectors
            slice.importedSymbols = evidence.imports
            slice.declaredTextSize = try fields["text-size"].map { UInt64(try FixtureDescription.declaredSize($0)) }
            // `dylib-version: 5.2.1`: a library's LC_ID_DYLIB, with that current version.
            if let node = fields["dylib-version"] {
                guard let version = MachOVersion(try FixtureDescription.scalar(node)) else {
                    throw FixtureDescription.Problem(line: node.line, message: "dylib-version is X.Y or X.Y.Z")
                }
                slice.dylibIdentity = MachODylibIdentity(installName: "@rpath/\(identifier).dylib", currentVersion: version)
            }
            return slice
        }
    }

    /// The `after-signing` field of a bundle: what a script changed after codesign ran.
    static func editsAfterSigning(_ node: YAMLNode) throws -> FixtureEditsAfterSigning {
        let fields = try FixtureDescription.mapping(node, allowed: ["plist", "files", "remove", "entitlements", "patch-code"])
        var edits = FixtureEditsAfterSigning()
        for pair in fields["plist"]?.mapping ?? [] {
            let value = pair.value.tag == "!absent" ? nil : try FixtureDescription.plistValue(pair.value)
            edits.infoPlist.append(.init(key: try FixtureDescription.scalar(pair.key), value: value))
        }
        edits.files = try fields["files"].map { try FixtureDescription.files($0) } ?? []
        edits.removedFiles = try fields["remove"].map(strings) ?? []
        if let node = fields["entitlements"] {
            guard case .dictionary(let entitlements) = try FixtureDescription.plistValue(node) else {
                throw FixtureDescription.Problem(line: node.line, message: "entitlements must be a mapping")
            }
            edits.entitlementsXML = XMLPropertyListWriter.write(.dictionary(entitlements))
        }
        edits.patchesCode = try flag(fields["patch-code"], default: false)
        return edits
    }

    /// What Xcode signs an app or extension with: its application identifier and team. On the
    /// Mac (Mac Catalyst too) the identifier's key is `com.apple.application-identifier`, and
    /// Xcode's templates turn on the App Sandbox (`com.apple.security.app-sandbox`), which the
    /// Mac App Store requires.
    /// An app holding App Clips (`appClips`, their bundle identifiers) names each in its
    /// associated App Clip identifiers, as Xcode's App Clip target template writes
    /// (`$(AppIdentifierPrefix)<clip's id>`).
    static func defaultEntitlements(
        identifier: String, team: String = defaultTeam, platform: FixturePlatform = .iOS, appClips: [String] = []
    ) -> PlistDictionary {
        var entitlements = PlistDictionary()
        entitlements.append(key: applicationIdentifierKey(platform), value: .string("\(team).\(identifier)"))
        entitlements.append(key: "com.apple.developer.team-identifier", value: .string(team))
        if platform.os.isMac {
            entitlements.append(key: "com.apple.security.app-sandbox", value: .bool(true))
        }
        if !appClips.isEmpty {
            entitlements.append(key: appClipsKey, value: .array(appClips.map { .string("\(team).\($0)") }))
        }
        return entitlements
    }

    static let appClipsKey = "com.apple.developer.associated-appclip-app-identifiers"

    /// The executable of an app whose `executable` field gave no entitlements, signed again with
    /// the default ones once its App Clips are known (they are read after the executable).
    static func namingAppClips(_ slices: [MachOSliceDescription], identifier: String, platform: FixturePlatform, appClips: [String]) -> [MachOSliceDescription]
    {
        guard !appClips.isEmpty else { return slices }
        return slices.map { slice in
            var copy = slice
            guard let team = slice.codeSignature?.teamIdentifier, slice.codeSignature?.entitlementsXML != nil else { return slice }
            let entitlements = defaultEntitlements(identifier: identifier, team: team, platform: platform, appClips: appClips)
            copy.codeSignature?.entitlementsXML = XMLPropertyListWriter.write(.dictionary(entitlements))
            return copy
        }
    }

    /// The entitlement of the application identifier: `application-identifier`, on the Mac
    /// `com.apple.application-identifier`.
    static func applicationIdentifierKey(_ platform: FixturePlatform) -> String {
        platform.os.isMac ? "com.apple.application-identifier" : "application-identifier"
    }

    /// A signed executable, the default of every fixture bundle: built for `platform` (its
    /// Mach-O platform and architectures, thin for one and fat for more; arm64 iOS by default),
    /// with `LC_ENCRYPTION_INFO` when `encrypted`, signed with `defaultCertificate`. `minimumOS`
    /// is the Info.plist's.
    static func signedExecutable(
        identifier: String, minimumOS: MachOVersion, entitlements: PlistDictionary?, encrypted: Bool,
        fileType: MachOFileType = .execute, team: String = defaultTeam, platform: FixturePlatform = .iOS
    ) -> [UInt8] {
        let signature = FixtureCodeSignature(
            identifier: identifier, teamIdentifier: team,
            entitlementsXML: entitlements.map { XMLPropertyListWriter.write(.dictionary($0)) },
            signer: .apple(defaultCertificate(team: team))
        )
        let slices = platform.executableSlices(
            MachOSliceDescription(fileType: fileType, codeSignature: signature), minimumOS: minimumOS, encrypted: encrypted
        )
        return slices.count == 1 ? MachOWriter.thin(slices[0]) : MachOWriter.fat(slices)
    }

    /// The certificate Xcode's export signs a bundle's default executable with (and the
    /// examples', which their profiles list): the team's Apple Distribution certificate, valid
    /// until 2030.
    static func defaultCertificate(team: String, teamName: String = "Example Team") -> FixtureCertificate {
        .signing(commonName: "Apple Distribution: \(teamName) (\(team))", team: team, notAfter: Date(timeIntervalSince1970: 1_893_456_000))
    }

    /// The `certificate` field: Apple's chain around a team certificate with the given name and expiry.
    static func signer(_ node: YAMLNode, team: String) throws -> FixtureSigner {
        let fields = try FixtureDescription.mapping(node, allowed: ["name", "expires"])
        let name = try fields["name"].map(FixtureDescription.scalar) ?? "Apple Distribution: Example Team (\(team))"
        var expiry = Date(timeIntervalSince1970: 1_893_456_000) // 2030-01-01
        if let expires = fields["expires"] {
            expiry = try date(expires)
        }
        return .apple(.signing(commonName: name, team: team, notAfter: expiry))
    }

    static func date(_ node: YAMLNode) throws -> Date {
        guard let date = ISO8601DateFormatter().date(from: try FixtureDescription.scalar(node)) else {
            throw FixtureDescription.Problem(line: node.line, message: "expires is an ISO 8601 timestamp such as 2030-01-01T00:00:00Z")
        }
        return date
    }

    /// A Mac bundle's (`platform` macOS or Mac Catalyst) is a Mac profile: platform OSX, the
    /// application identifier under `com.apple.application-identifier`.
    /// `signer`: the certificate the bundle's executable is signed with, which the profile's
    /// `DeveloperCertificates` list unless `lists-signer: false`.
    static func profile(_ node: YAMLNode, identifier: String, platform: FixturePlatform = .iOS, signer: FixtureCertificate? = nil) throws -> [UInt8] {
        let fields = try FixtureDescription.mapping(node, allowed: ["kind", "team", "app-id", "entitlements", "expires", "encoding", "lists-signer"])
        let kind = try fields["kind"].map(FixtureDescription.scalar) ?? "app-store"
        let team = try fields["team"].map(FixtureDescription.scalar) ?? defaultTeam
        var entitlements = PlistDictionary()
        if let node = fields["entitlements"] {
            guard case .dictionary(let given) = try FixtureDescription.plistValue(node) else {
                throw FixtureDescription.Problem(line: node.line, message: "entitlements must be a mapping")
            }
            entitlements = given
        }
        var devices: [String]?
        var allDevices = false
        switch kind {
        case "app-store": break
        case "ad-hoc": devices = ["00008030-000000000000001E"]
        case "development":
            devices = ["00008030-000000000000001E"]
            if entitlements["get-task-allow"] == nil { entitlements.append(key: "get-task-allow", value: .bool(true)) }
        case "enterprise": allDevices = true
        // The Mac's (TN3125): the Mac App Store's lists no devices, Developer ID's allows all.
        case "mac-app-store": break
        case "developer-id": allDevices = true
        default:
            throw FixtureDescription.Problem(
                line: node.line, message: "kind is app-store, ad-hoc, development, enterprise, mac-app-store or developer-id"
            )
        }
        var profile = FixtureProfile(
            name: "\(identifier) \(kind)", team: team,
            applicationIdentifier: try fields["app-id"].map(FixtureDescription.scalar) ?? "\(team).\(identifier)",
            entitlements: entitlements, devices: devices, provisionsAllDevices: allDevices,
            platforms: platform.os.isMac ? ["OSX"] : ["iOS"]
        )
        if let expires = fields["expires"] {
            profile.expirationDate = try date(expires)
        }
        if let signer {
            // Not listing the signer: another certificate of the team, as in a profile made
            // before the certificate was renewed.
            var other = signer
            other.serialNumber = other.serialNumber.map { $0 ^ 0x5A }
            profile.developerCertificates = [try flag(fields["lists-signer"], default: true) ? signer : other]
        }
        let encoding: ProfileEncoding = try fields["encoding"].map(FixtureDescription.scalar) == "ber" ? .indefiniteBER(chunkSize: 512) : .der
        return ProfileWriter.write(profile, encoding: encoding)
    }

    static func strings(_ node: YAMLNode) throws -> [String] {
        if let single = node.scalar { return [FakeSecrets.expand(single)] }
        guard let items = node.sequence else { throw FixtureDescription.Problem(line: node.line, message: "expected a list") }
        return try items.map(FixtureDescription.scalar)
    }

    static func flag(_ node: YAMLNode?, default value: Bool) throws -> Bool {
        guard let node else { return value }
        switch try FixtureDescription.scalar(node) {
        case "true": return true
        case "false": return false
        default: throw FixtureDescription.Problem(line: node.line, message: "expected true or false")
        }
    }
}
