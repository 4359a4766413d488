import BundleCheckFormats
import BundleCheckInspection
import Foundation

/// Turns the package description of a rule example (YAML) into a `FixturePackage`.
///
/// ```yaml
/// package:
///   layout: ipa                # ipa (default), xcarchive, app (a bare Notes.app, iOS or Mac) or pkg (a Mac installer package)
///   top-folder: Build          # optional folder around the whole package
///   app:
///     name: Notes              # Notes.app; id com.example.notes unless `id` is given
///     short-version: "2.3"     # default 1.0; `!absent` leaves the key out
///     version: "230"           # default 1
///     plist: {…}               # more Info.plist keys; `!bool true`, `!int 3`, `!real 1.5`,
///                              # `!date 2020-01-01T00:00:00Z`, `!data <base64>`; `!absent` removes
///     plist-format: binary     # default xml
///     platform: tvos           # what it is built for (FixtureBundle.built(for:)): ios, tvos,
///                              # watchos, visionos, macos, maccatalyst, or ios-simulator,
///                              # tvos-simulator, watchos-simulator, visionos-simulator; default: the
///                              # containing bundle's (watch bundles: watchos), else ios. Sets the platform and SDK keys, the
///                              # MinimumOSVersion (LSMinimumSystemVersion on the Mac) and
///                              # UIDeviceFamily, and the default executable's platform,
///                              # architectures and encryption; `plist` is applied after it.
///                              # macos and maccatalyst bundles are laid out the Mac's way:
///                              # Contents/ (Info.plist, MacOS/<executable>, Resources/,
///                              # _CodeSignature/), frameworks versioned (Versions/A/ and links)
///     info-plist: |            # or the whole Info.plist as text, written as it is
///     files: [PkgInfo, Frameworks/, {path: a.js, text: "…"}, {path: tool, macho: arm64}]
///                              # relative to the bundle; a Mac bundle's to its Contents/ (a Mac
///                              # framework's Versions/A/): `Resources/AppIcon.icns`, `MacOS/helper`;
///                              # `/` at the end: a folder entry; `macho`: a small Mach-O file
///                              # (or a mapping like `executable`'s: `{imports: [_stat]}`; or,
///                              # with `imports: […]`, `selectors: […]`); `plist: {…}`: a
///                              # property list (`plist-format: binary`); `encoding: utf-16`: the
///                              # text as UTF-16 with a BOM;
///                              # `png: 120x120`: a PNG of that size (`cgbi: true`: Xcode's CgBI kind);
///                              # `icns: [ic09, ic10]`: an .icns of PNGs of those types' sizes;
///                              # `icns: actool-partial`: the partial AppIcon.icns Xcode 26's
///                              # actool writes beside a Mac icon (ic13, ic11, ic04 ARGB, ic07);
///                              # `asset-catalog: {icon-sets: [{name, kind, app-store-icon}],
///                              # layout, hostile}`: a compiled Assets.car
///                              # (FixtureAssetCatalogDescription.swift says each value);
///                              # `{path: Assets.car, absent: true}`: without that default file;
///                              # `damaged: true`: the zip entry fails its CRC; a file replaces
///                              # one of the same path (the executable, say); `link: target`: a
///                              # symbolic link; `zip-name: n`: the entry is renamed to `n` in the
///                              # zip (same length; may repeat another name or hold `..`)
///     info-plist: !absent      # no Info.plist at all
///     privacy-manifest: {…}    # PrivacyInfo.xcprivacy from a mapping (XML), or its text as a string
///     plugins: […]             # PlugIns/*.appex: the same fields plus `point` and `attributes`
///     extensions: […]          # Extensions/*.appex
///     watch: […]               # Watch/*.app
///     app-clips: […]           # AppClips/*.app
///     frameworks: […]          # Frameworks/*.framework (vendor versions 5.2.1 by default)
///     xpc-services: […]        # XPCServices/*.xpc (FixtureBundle.xpcService: XPC!)
///     login-items: […]         # Library/LoginItems/*.app (FixtureBundle.loginItem)
///     system-extensions: […]   # Library/SystemExtensions/*.systemextension (SYSX)
///     helpers: […]             # Helpers/*.app, helper apps (FixtureBundle.helperApp); these
///                              # four are the Mac's: give the app `platform: macos` (or
///                              # maccatalyst), which they inherit, for Contents/ around them
///     executable: {…}          # a signed Mach-O sealing the bundle; after-signing: {…} edits it
///                              # afterwards (both in FixtureSigningDescription.swift); profile: {…}
///                              # embedded.mobileprovision (Mac: embedded.provisionprofile)
///   files: [__MACOSX/…]        # files relative to the container root
/// ```
///
/// Bundles look as Xcode 26.1 builds them for devices (`FixtureBundle.standardKeys`): the DT*
/// keys of the iOS 26.1 SDK (watch apps, and bundles given a `platform`: that platform's 26.1
/// SDK, `FixturePlatform`), and for apps the icon set `AppIcon` in `Assets.car` with the loose
/// `AppIcon60x60@2x.png` (120×120). `plist` and `files` change them.
public enum FixtureDescription {
    static func isICNSImageType(_ type: String) -> Bool {
        if case .image = ICNSElementKind.of(type) { return true }
        return false
    }

    public struct Problem: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func package(from node: YAMLNode) throws -> FixturePackage {
        let fields = try mapping(node, allowed: ["layout", "top-folder", "app", "files", "installer"])
        guard let appNode = fields["app"] else { throw Problem(line: node.line, message: "a package needs an 'app'") }
        let app = try bundle(appNode, kind: .app, parentIdentifier: nil)
        let topFolder = try fields["top-folder"].map { try scalar($0) }
        let extraFiles = try fields["files"].map { try files($0) } ?? []
        let layout = try fields["layout"].map { try scalar($0) } ?? "ipa"
        var package: FixturePackage
        switch layout {
        case "ipa": package = try .ipa(app, topLevelFolder: topFolder)
        case "xcarchive": package = try .xcarchive(app, name: app.name.replacingOccurrences(of: ".app", with: ""), rootFolder: topFolder)
        case "app": package = try .app(app, topLevelFolder: topFolder)
        case "pkg": package = try .installerPackage(app, options: try fields["installer"].map(installerOptions) ?? FixtureInstallerOptions())
        default: throw Problem(line: fields["layout"]?.line ?? node.line, message: "layout '\(layout)' is not ipa, xcarchive, app or pkg")
        }
        if fields["installer"] != nil && layout != "pkg" {
            throw Problem(line: fields["installer"]!.line, message: "'installer' describes a pkg layout")
        }
        package.files += extraFiles
        return package
    }

    /// `installer:` of a pkg layout: `signer` (none, mac-installer-distribution, the default,
    /// third-party-mac-developer, developer-id), `shape` (product, component), `bundle-id` and
    /// `short-version` written in place of the app's, `checksum: damaged`, `payload: truncated`,
    /// `bom: stale` (a Bom of another build).
    static func installerOptions(_ node: YAMLNode) throws -> FixtureInstallerOptions {
        let fields = try mapping(node, allowed: ["signer", "shape", "bundle-id", "short-version", "checksum", "payload", "bom"])
        var options = FixtureInstallerOptions()
        if let signer = fields["signer"] {
            guard let parsed = FixtureInstallerOptions.Signer(rawValue: try scalar(signer)) else {
                throw Problem(line: signer.line, message: "signer is one of \(FixtureInstallerOptions.Signer.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.signer = parsed
        }
        if let shape = fields["shape"] {
            switch try scalar(shape) {
            case "product": options.shape = .productArchive
            case "component": options.shape = .componentPackage
            default: throw Problem(line: shape.line, message: "shape is product or component")
            }
        }
        options.bundleIdentifier = try fields["bundle-id"].map { try scalar($0) }
        options.shortVersion = try fields["short-version"].map { try scalar($0) }
        if let checksum = fields["checksum"] {
            guard try scalar(checksum) == "damaged" else { throw Problem(line: checksum.line, message: "checksum is damaged") }
            options.damagedChecksum = true
        }
        if let payload = fields["payload"] {
            guard try scalar(payload) == "truncated" else { throw Problem(line: payload.line, message: "payload is truncated") }
            options.truncatedPayload = true
        }
        if let bom = fields["bom"] {
            guard try scalar(bom) == "stale" else { throw Problem(line: bom.line, message: "bom is stale") }
            options.staleBom = true
        }
        return options
    }

    enum Kind {
        /// `watch` is an app built for watchOS.
        case app, watch, appex, framework
        /// The Mac's nested bundles (`FixtureBundle.xpcService` …).
        case xpcService, loginItem, systemExtension, helperApp
    }

    /// `parentPlatform`: what the containing bundle is built for, which a nested bundle is built
    /// for too unless it says otherwise (a watch app: watchOS, or its simulator).
    static func bundle(_ node: YAMLNode, kind: Kind, parentIdentifier: String?, parentPlatform: FixturePlatform? = nil) throws -> FixtureBundle {
        let fields = try mapping(
            node,
            allowed: [
                "name", "id", "short-version", "version", "point", "attributes", "plist", "plist-format",
                "info-plist", "files", "plugins", "extensions", "watch", "app-clips", "frameworks",
                "executable", "after-signing", "profile", "privacy-manifest", "platform",
                "xpc-services", "login-items", "system-extensions", "helpers",
            ])
        guard let nameNode = fields["name"] else { throw Problem(line: node.line, message: "a bundle needs a 'name'") }
        let name = try scalar(nameNode)
        let defaultIdentifier: String
        switch kind {
        case .framework: defaultIdentifier = "com.vendor." + name.lowercased()
        case .app, .watch, .appex, .xpcService, .loginItem, .systemExtension, .helperApp:
            defaultIdentifier = (parentIdentifier ?? "com.example") + "." + name.lowercased()
        }
        let identifier = try optionalScalar(fields["id"], default: defaultIdentifier) ?? ""
        let vendorVersion = kind == .framework ? "5.2.1" : nil
        let shortVersion = try optionalScalar(fields["short-version"], default: vendorVersion ?? "1.0")
        let version = try optionalScalar(fields["version"], default: vendorVersion ?? "1")
        let format: PropertyListFormat =
            try fields["plist-format"].map { node in
                guard let format = PropertyListFormat(rawValue: try scalar(node)) else {
                    throw Problem(line: node.line, message: "plist-format is xml or binary")
                }
                return format
            } ?? .xml

        let inherited = kind == .watch ? FixturePlatform(.watchOS, simulator: parentPlatform?.simulator ?? false) : parentPlatform ?? .iOS
        let target = try fields["platform"].map(platform) ?? inherited
        var bundle: FixtureBundle
        switch kind {
        case .app:
            bundle = .app(name, bundleIdentifier: identifier, shortVersion: shortVersion, version: version, plistFormat: format)
        case .watch:
            bundle = FixtureBundle.app(name, bundleIdentifier: identifier, shortVersion: shortVersion, version: version, plistFormat: format)
        case .framework:
            bundle = .framework(name, bundleIdentifier: identifier, shortVersion: shortVersion ?? "", version: version ?? "")
            if shortVersion == nil { bundle = bundle.removing("CFBundleShortVersionString") }
            if version == nil { bundle = bundle.removing("CFBundleVersion") }
        case .appex:
            let point = try fields["point"].map { try scalar($0) } ?? "com.apple.share-services"
            let attributes = try fields["attributes"].map { node -> PlistDictionary in
                guard case .dictionary(let dictionary) = try plistValue(node) else {
                    throw Problem(line: node.line, message: "attributes must be a mapping")
                }
                return dictionary
            }
            bundle = .appex(
                name, bundleIdentifier: identifier, extensionPoint: point, attributes: attributes,
                shortVersion: shortVersion, version: version, plistFormat: format)
        case .xpcService:
            bundle = .xpcService(name, bundleIdentifier: identifier, shortVersion: shortVersion, version: version, platform: target)
        case .loginItem:
            bundle = .loginItem(name, bundleIdentifier: identifier, shortVersion: shortVersion, version: version, platform: target)
        case .systemExtension:
            bundle = .systemExtension(name, bundleIdentifier: identifier, shortVersion: shortVersion, version: version, platform: target)
        case .helperApp:
            bundle = .helperApp(name, bundleIdentifier: identifier, shortVersion: shortVersion, version: version, platform: target)
        }
        if [.xpcService, .loginItem, .systemExtension, .helperApp].contains(kind) { bundle.plistFormat = format }
        // Before `plist`, which may change any key it sets.
        bundle = bundle.built(for: target)
        if fields["id"]?.tag == "!absent" { bundle = bundle.removing("CFBundleIdentifier") }

        if let plist = fields["plist"] {
            for pair in plist.mapping ?? [] {
                let key = try scalar(pair.key)
                if pair.value.tag == "!absent" {
                    bundle = bundle.removing(key)
                } else {
                    bundle = bundle.setting(key, to: try plistValue(pair.value))
                }
            }
        }
        if let node = fields["executable"] {
            let executableName = bundle.infoPlist["CFBundleExecutable"]?.stringValue ?? name
            let slices = try FixtureSigningDescription.executable(
                node, identifier: identifier, minimumOS: bundle.infoPlist[bundle.platform.minimumOSKey]?.stringValue, platform: bundle.platform
            )
            bundle.files.removeAll { $0.path == executableName }
            bundle.executable = FixtureExecutable(name: executableName, slices: slices)
        }
        if let node = fields["after-signing"] {
            bundle.editsAfterSigning = try FixtureSigningDescription.editsAfterSigning(node)
        }
        if let node = fields["profile"] {
            let signer = bundle.executable?.slices.lazy.compactMap { $0.codeSignature?.signer?.certificates.first }.first
            let profile = try FixtureSigningDescription.profile(node, identifier: identifier, platform: bundle.platform, signer: signer)
            bundle.files.append(FixtureFile(path: bundle.profilePath, contents: profile))
        }
        if let node = fields["privacy-manifest"] {
            bundle.files.append(FixtureFile(path: "PrivacyInfo.xcprivacy", contents: try propertyList(node, format: nil)))
        }
        if let raw = fields["info-plist"] {
            bundle = raw.tag == "!absent" ? bundle.withoutInfoPlist() : bundle.withRawInfoPlist(Array(try scalar(raw).utf8))
        }
        if let list = fields["files"] {
            let (absent, present) = try absentFiles(list)
            bundle.files.removeAll { absent.contains($0.path) }
            for file in try files(present, platform: bundle.platform) {
                // A listed file replaces one of the same path (the executable, say, with a script).
                bundle.files.removeAll { $0.path == file.path }
                bundle.files.append(file)
            }
        }
        let children: [(String, String, Kind)] = [
            ("plugins", "PlugIns", .appex), ("extensions", "Extensions", .appex), ("watch", "Watch", .watch),
            ("app-clips", "AppClips", .app), ("frameworks", "Frameworks", .framework),
            ("xpc-services", "XPCServices", .xpcService), ("login-items", "Library/LoginItems", .loginItem),
            ("system-extensions", "Library/SystemExtensions", .systemExtension), ("helpers", "Helpers", .helperApp),
        ]
        for (field, folder, childKind) in children {
            guard let list = fields[field] else { continue }
            guard let items = list.sequence else { throw Problem(line: list.line, message: "'\(field)' must be a list of bundles") }
            for item in items {
                bundle = bundle.adding(try self.bundle(item, kind: childKind, parentIdentifier: identifier, parentPlatform: bundle.platform), in: folder)
            }
        }
        if let node = fields["executable"], node.mapping?.contains(where: { $0.key.scalar == "entitlements" }) != true, var executable = bundle.executable {
            executable.slices = FixtureSigningDescription.namingAppClips(
                executable.slices, identifier: identifier, platform: bundle.platform, appClips: bundle.appClipIdentifiers)
            bundle.executable = executable
        }
        return bundle
    }

    /// A `platform` field, of a bundle or an executable: `ios` … `visionos-simulator`, `macos`, `maccatalyst`.
    static func platform(_ node: YAMLNode) throws -> FixturePlatform {
        let name = try scalar(node)
        guard let platform = FixturePlatform(name: name) else {
            throw Problem(line: node.line, message: "platform '\(name)' is not one of \(FixturePlatform.all.map(\.name).joined(separator: ", "))")
        }
        return platform
    }

    /// `2.5 GB` (decimal units: kB, MB, GB), below 4 GiB, the most a zip entry states without zip64.
    static func declaredSize(_ node: YAMLNode) throws -> UInt32 {
        let text = try scalar(node)
        let parts = text.split(separator: " ")
        let units: [Substring: Double] = ["bytes": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9]
        guard parts.count == 2, let count = Double(parts[0]), let unit = units[parts[1]], count >= 0,
            count * unit < Double(UInt32.max)
        else { throw Problem(line: node.line, message: "declared-size is a size below 4 GiB such as '2.5 GB' or '600 MB'") }
        return UInt32(count * unit)
    }

    /// `[a/b, Folder/, {path: x, text: "..."}]`; a `macho` file of a Mac bundle (`platform`) is
    /// built for the Mac.
    static func files(_ node: YAMLNode, platform: FixturePlatform = .iOS) throws -> [FixtureFile] {
        guard let items = node.sequence else { throw Problem(line: node.line, message: "'files' must be a list") }
        return try items.map { item in
            if let path = item.scalar {
                return path.hasSuffix("/") ? .folder(String(path.dropLast())) : FixtureFile(path: path, contents: Array("fixture\n".utf8))
            }
            let fields = try mapping(
                item,
                allowed: [
                    "path", "text", "macho", "plist", "plist-format", "damaged", "link", "zip-name", "png", "cgbi",
                    "imports", "selectors", "encoding", "icns", "asset-catalog", "declared-size", "key",
                ])
            guard let path = fields["path"] else { throw Problem(line: item.line, message: "a file needs a 'path'") }
            if let node = fields["plist"] {
                return FixtureFile(path: try scalar(path), contents: try propertyList(node, format: fields["plist-format"]))
            }
            if let kind = fields["key"] {
                // A private-key file made when the fixture is built (`FakeSecrets.keyFile`): der-ec, p12, pem-ec.
                guard let bytes = FakeSecrets.keyFile(try scalar(kind)) else {
                    throw Problem(line: kind.line, message: "key is der-ec, p12, pem-ec or pem-ed25519")
                }
                return FixtureFile(path: try scalar(path), contents: bytes)
            }
            if let size = fields["png"] {
                // A valid PNG of that many pixels, for rules about icons; `cgbi: true` for Xcode's variant.
                let parts = try scalar(size).split(separator: "x", omittingEmptySubsequences: false).compactMap { Int($0) }
                guard parts.count == 2, try scalar(size).filter({ $0 == "x" }).count == 1, parts.allSatisfy({ (1...4096).contains($0) }) else {
                    throw Problem(line: size.line, message: "png is a size such as 120x120 (1 to 4096 pixels each way)")
                }
                let cgbi = try fields["cgbi"].map { try scalar($0) == "true" } ?? false
                return FixtureFile(path: try scalar(path), contents: PNGWriter.write(width: parts[0], height: parts[1], cgbi: cgbi))
            }
            if let description = fields["asset-catalog"] {
                // A compiled asset catalogue written as actool writes one (FixtureAssetCatalog).
                return FixtureFile(path: try scalar(path), contents: try FixtureAssetCatalog.described(description).bytes())
            }
            if let types = fields["icns"] {
                if types.scalar == "actool-partial" {
                    // What actool writes beside a catalogue that holds the Mac icon (ICNSWriter.actoolPartial).
                    return FixtureFile(path: try scalar(path), contents: ICNSWriter.actoolPartial())
                }
                // An icon file of those elements, each a PNG of its type's size (ICNSWriter.appIcon).
                guard let names = types.sequence?.compactMap(\.scalar), !names.isEmpty, names.allSatisfy(Self.isICNSImageType) else {
                    throw Problem(line: types.line, message: "icns lists image types such as [ic09, ic10], or is actool-partial")
                }
                return FixtureFile(path: try scalar(path), contents: ICNSWriter.appIcon(types: names))
            }
            if let description = fields["macho"], description.mapping != nil {
                // A library or tool with the evidence an executable description gives.
                let slices =
                    try platform.os.isMac
                    ? FixtureSigningDescription.executable(
                        description, identifier: "com.vendor.library", minimumOS: platform.minimumOSVersion, platform: platform)
                    : FixtureSigningDescription.executable(description, identifier: "com.vendor.library", minimumOS: nil)
                return FixtureFile(path: try scalar(path), contents: slices.count == 1 ? MachOWriter.thin(slices[0]) : MachOWriter.fat(slices))
            }
            if let architecture = fields["macho"] {
                // A small unsigned Mach-O of that architecture, for rules about binaries.
                guard let parsed = MachOFixtureArchitecture(rawValue: try scalar(architecture)) else {
                    throw Problem(line: architecture.line, message: "macho names an architecture such as arm64")
                }
                var slice = MachOSliceDescription(architecture: parsed)
                if platform.os.isMac, let minimum = MachOVersion(platform.minimumOSVersion) {
                    slice = platform.executableSlices(slice, minimumOS: minimum, encrypted: false)[0]
                    slice.architecture = parsed
                }
                slice.importedSymbols = try fields["imports"].map(FixtureSigningDescription.strings) ?? []
                slice.objcSelectors = try fields["selectors"].map(FixtureSigningDescription.strings) ?? []
                return FixtureFile(path: try scalar(path), contents: MachOWriter.thin(slice))
            }
            let text = try fields["text"].map { try scalar($0) } ?? ""
            if let encoding = fields["encoding"] {
                // UTF-16 with a byte-order mark, as old .strings files are.
                guard try scalar(encoding) == "utf-16" else { throw Problem(line: encoding.line, message: "encoding is utf-16 (UTF-8 is the default)") }
                return FixtureFile(path: try scalar(path), contents: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            }
            var file = FixtureFile(path: try scalar(path), text: text)
            file.isDamaged = try fields["damaged"].map { try scalar($0) == "true" } ?? false
            if let size = fields["declared-size"] {
                // `2.5 GB`, `600 MB`: decimal units, as Apple's size limits are written.
                file.declaredSize = try Self.declaredSize(size)
            }
            if let target = fields["link"] {
                file = FixtureFile(path: file.path, text: try scalar(target))
                file.isSymbolicLink = true
            }
            file.zipName = try fields["zip-name"].map { try scalar($0) }
            return file
        }
    }

    /// A property list file: a mapping written as XML (or `format: binary`), or a string as it is
    /// (for manifests that do not parse).
    static func propertyList(_ node: YAMLNode, format: YAMLNode?) throws -> [UInt8] {
        if let text = node.scalar { return Array(FakeSecrets.expand(text).utf8) }
        let value = try plistValue(node)
        switch try format.map(scalar) ?? "xml" {
        case "xml": return XMLPropertyListWriter.write(value)
        case "binary": return try BinaryPropertyListWriter.write(value)
        default: throw Problem(line: format?.line ?? node.line, message: "plist-format is xml or binary")
        }
    }

    /// Splits `{path: Assets.car, absent: true}` entries, default files a bundle goes without,
    /// from the files it gets.
    static func absentFiles(_ node: YAMLNode) throws -> (absent: Set<String>, present: YAMLNode) {
        guard let items = node.sequence else { throw Problem(line: node.line, message: "'files' must be a list") }
        var absent: Set<String> = []
        var present: [YAMLNode] = []
        for item in items {
            guard item["absent"] != nil else {
                present.append(item)
                continue
            }
            let fields = try mapping(item, allowed: ["path", "absent"])
            guard let path = fields["path"], try fields["absent"].map(scalar) == "true" else {
                throw Problem(line: item.line, message: "an absent file is {path: NAME, absent: true}")
            }
            absent.insert(try scalar(path))
        }
        return (absent, YAMLNode(value: .sequence(present), line: node.line, column: node.column))
    }

    /// A YAML node as a plist value: plain scalars are strings; tags type them.
    static func plistValue(_ node: YAMLNode) throws -> PlistValue {
        switch node.value {
        case .sequence(let items):
            return .array(try items.map(plistValue))
        case .mapping(let pairs):
            var dictionary = PlistDictionary()
            for pair in pairs { dictionary.append(key: try scalar(pair.key), value: try plistValue(pair.value)) }
            return .dictionary(dictionary)
        case .scalar(let text):
            switch node.tag {
            case nil, "!str", "tag:yaml.org,2002:str":
                return .string(FakeSecrets.expand(text))
            case "!bool":
                guard text == "true" || text == "false" else { throw Problem(line: node.line, message: "!bool is true or false") }
                return .bool(text == "true")
            case "!int":
                guard let integer = PlistInteger(parsing: text) else { throw Problem(line: node.line, message: "'\(text)' is no integer") }
                return .integer(integer)
            case "!real":
                guard let real = Double(text) else { throw Problem(line: node.line, message: "'\(text)' is no real") }
                return .real(real)
            case "!date":
                guard let date = ISO8601DateFormatter().date(from: text) else { throw Problem(line: node.line, message: "'\(text)' is no ISO 8601 date") }
                return .date(date)
            case "!data":
                guard let data = Data(base64Encoded: text) else { throw Problem(line: node.line, message: "'\(text)' is no base64") }
                return .data(Array(data))
            case let tag?:
                throw Problem(line: node.line, message: "unknown tag \(tag); use !bool, !int, !real, !date, !data or !absent")
            }
        }
    }

    static func mapping(_ node: YAMLNode, allowed: Set<String>) throws -> [String: YAMLNode] {
        guard let pairs = node.mapping else { throw Problem(line: node.line, message: "expected a mapping") }
        var result: [String: YAMLNode] = [:]
        for pair in pairs {
            let key = try scalar(pair.key)
            guard allowed.contains(key) else {
                throw Problem(line: pair.key.line, message: "unknown field '\(key)'; expected one of: \(allowed.sorted().joined(separator: ", "))")
            }
            result[key] = pair.value
        }
        return result
    }

    /// A scalar; `{{fake:KIND}}` in it becomes a made-up secret of that kind (`FakeSecrets`).
    static func scalar(_ node: YAMLNode) throws -> String {
        guard let text = node.scalar else { throw Problem(line: node.line, message: "expected a scalar, found \(node.kindName)") }
        return FakeSecrets.expand(text)
    }

    /// A scalar field, its default when absent, or nil when tagged `!absent`.
    static func optionalScalar(_ node: YAMLNode?, default value: String) throws -> String? {
        guard let node else { return value }
        if node.tag == "!absent" { return nil }
        return try scalar(node)
    }
}
