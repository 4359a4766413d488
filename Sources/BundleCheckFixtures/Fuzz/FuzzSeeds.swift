import BundleCheckFormats
import BundleCheckModel
import Foundation

/// The seeds of the fuzz harnesses in `Fuzz/Harnesses`, written by the fixture builder so they can
/// be regenerated (`swift run bundlecheck-fixtures fuzz-seeds Fuzz/Seeds`): a few small, valid
/// inputs per parser that reach its main paths, for libFuzzer to mutate. The deep seeds (250
/// levels of dictionaries, just under the 256-level cap) are there because mutation of small
/// seeds never reaches the shapes whose cost grows with depth × width.
public enum FuzzSeeds {
    /// The package with each `Assets.car` replaced by a catalogue of one 32-pixel App Store
    /// image: the examples' own (a 1024-pixel icon, about 57 KB) would make each package seed
    /// mostly pixels, which mutation gains nothing from; the seal no longer matches, which the
    /// harness does not mind.
    static func withSmallCatalogues(_ package: FixturePackage) throws -> FixturePackage {
        let small = try FixtureAssetCatalog(iconSets: [
            FixtureIconSet(name: "AppIcon", renditions: [FixtureIconRendition(idiom: .marketing, points: 32, scale: 1, pixels: .flat)])
        ]).bytes()
        var copy = package
        for index in copy.files.indices where copy.files[index].path.hasSuffix("/Assets.car") {
            copy.files[index].contents = small
        }
        return copy
    }

    /// Nesting of the deep XML seeds: the plist parser refuses more than 256 levels.
    public static let deepLevels = 250

    /// Every seed, by harness (the folder name under `Fuzz/Harnesses`), then file name.
    public static func all() throws -> [String: [String: [UInt8]]] {
        let packages = [
            ("PaiNotes", try withSmallCatalogues(try ExamplePackages.paiNotes())), ("PaiScan", try withSmallCatalogues(try ExamplePackages.paiScan())),
        ]
        var seeds: [String: [String: [UInt8]]] = [:]
        func add(_ harness: String, _ name: String, _ bytes: [UInt8]) {
            seeds[harness, default: [:]][name] = bytes
        }

        let everyType = everyTypePlist()
        add("xml-plist", "every-type.plist", XMLPropertyListWriter.write(everyType))
        add("xml-plist", "deep.plist", compactXML(deepLevels))
        add("binary-plist", "every-type.bplist", try BinaryPropertyListWriter.write(everyType))
        add("binary-plist", "deep.bplist", try BinaryPropertyListWriter.write(nested(deepLevels)))
        for (name, manifest) in [
            ("privacy-manifest", privacyManifest(withProblems: false)), ("privacy-manifest-problems", privacyManifest(withProblems: true)),
        ] {
            add("xml-plist", "\(name).xcprivacy", XMLPropertyListWriter.write(manifest))
            add("binary-plist", "\(name).xcprivacy", try BinaryPropertyListWriter.write(manifest))
        }

        for (name, package) in packages {
            for file in package.files {
                let fileName = PackagePath.name(file.path)
                let label = "\(name)-\(fileName)"
                switch fileName {
                case "Info.plist", "PrivacyInfo.xcprivacy":
                    add("xml-plist", label, file.contents)
                    if let document = try? PropertyListParser.parse(file.contents, file: file.path) {
                        add("binary-plist", label, try BinaryPropertyListWriter.write(document.root))
                        if case .dictionary(let info) = document.root,
                            let rule = info["NSExtension"]?.dictionaryValue?["NSExtensionAttributes"]?.dictionaryValue?["NSExtensionActivationRule"]
                        {
                            if case .string(let text) = rule {
                                add("predicate", "\(name)-rule.txt", Array(text.utf8))
                            } else {
                                add("predicate", "\(name)-rule.plist", XMLPropertyListWriter.write(rule))
                            }
                        }
                    }
                case "embedded.mobileprovision":
                    add("profile", label, file.contents)
                    add("cms", label, file.contents)
                default:
                    if MachOReader.startsLikeMachO(Array(file.contents.prefix(8))) {
                        add("macho", label, file.contents)
                    }
                }
            }
        }

        let fat = MachOWriter.fat([
            MachOSliceDescription(
                architecture: .arm64, cStrings: ["https://example.com"], objcClassNames: ["AppDelegate"],
                objcSelectors: ["viewDidLoad"], importedSymbols: ["_OBJC_CLASS_$_UIWebView"]),
            MachOSliceDescription(architecture: .armv7, fileType: .dylib, hasBitcodeSegment: true),
        ])
        add("macho", "fat-unsigned", fat)

        let signer = FixtureSigner.apple(
            .signing(
                commonName: "Apple Distribution: Fuzz (AB12CD34EF)", team: "AB12CD34EF",
                notAfter: Date(timeIntervalSince1970: 1_900_000_000)))
        add("cms", "code-signature-cms", CodeSignatureCMSWriter.write(signer))
        let profile = FixtureProfile(
            name: "Fuzz Development", team: "AB12CD34EF", teamName: "Fuzz",
            applicationIdentifier: "AB12CD34EF.*", entitlements: PlistDictionary(), devices: ["00008030-001A2B3C4D5E6F70"])
        add("profile", "development-der.mobileprovision", ProfileWriter.write(profile, encoding: .der))
        add("profile", "certificates-ber.mobileprovision", ProfileWriter.write(profileWithCertificates(), encoding: .indefiniteBER(chunkSize: 512)))

        for (index, text) in predicates.enumerated() {
            add("predicate", "predicate-\(index).txt", Array(text.utf8))
        }

        // Rule files of each kind of matcher and a built-in one, as shipped.
        for file in EmbeddedRulePacks.files where ruleSeedNames.contains(file.name) {
            add("rule-file", file.name, Array(file.text.utf8))
        }

        for (name, package) in packages {
            let bytes = try zipped(package)
            add("zip", "\(name).ipa", bytes)
            add("package", "\(name).ipa", bytes)
        }
        add(
            "zip", "shapes.zip",
            try zipped(
                FixturePackage(files: [
                    FixtureFile.folder("Payload/Empty"),
                    FixtureFile(path: "Payload/stored.txt", contents: Array("stored".utf8), compression: .stored),
                    FixtureFile(path: "Payload/deflated.txt", contents: Array(repeating: 0x41, count: 5000)),
                    {
                        var link = FixtureFile(path: "Payload/link", contents: Array("stored.txt".utf8))
                        link.isSymbolicLink = true
                        return link
                    }(),
                ])))
        let deepApp = FixtureBundle.app("Deep", bundleIdentifier: "com.example.deep")
            .setting("Deep", to: nested(deepLevels - 2))
        add("package", "deep-info-plist.ipa", try zipped(FixturePackage.ipa(deepApp)))
        add("package", "privacy-and-expired-certificate.ipa", try zipped(FixturePackage.ipa(privacyApp())))
        for (name, bytes) in icnsSeeds() { add("icns", name, bytes) }
        for (name, bytes) in try pbzxSeeds() { add("pbzx", name, bytes) }
        for (name, bytes) in bomSeeds() { add("bom", name, bytes) }
        for (name, bytes) in try pkgSeeds() { add("pkg", name, bytes) }
        for (name, bytes) in lzfseSeeds() { add("lzfse", name, bytes) }
        for (name, bytes) in try carSeeds() { add("car", name, bytes) }
        for (name, bytes) in try jsonSeeds() { add("json", name, bytes) }
        for (name, bytes) in try reportSeeds() { add("report", name, bytes) }
        return seeds
    }

    /// Installer packages (`FixtureInstallerPackage`): the Mac example as a signed product
    /// archive, a component package, a pbzx payload, payload names that climb out, and the
    /// xar shapes bundlecheck refuses before libarchive sees them (`refused-`): a huge declared
    /// table of contents, a member past the heap, two members sharing their bytes, a bad checksum.
    static func pkgSeeds() throws -> [(String, [UInt8])] {
        let app = ExamplePackages.paiNotesMacApp()
        let files = try FixturePackage.app(app).files
        func package(_ adjust: (inout FixtureInstallerPackage) throws -> Void = { _ in }) throws -> [UInt8] {
            var package = try FixtureInstallerOptions().installerPackage(of: app, files: files)
            try adjust(&package)
            return try package.bytes()
        }
        return [
            ("product-archive.pkg", try package()),
            ("component.pkg", try package { $0.shape = .componentPackage }),
            ("pbzx.pkg", try package { $0.payload = .custom(try PBZXWriter.write($0.payloadArchive.bytes(), chunkSize: 4096)) }),
            ("unsafe-names.pkg", try package { $0.files.append(FixtureFile(path: "../../etc/evil", contents: [0x78])) }),
            ("refused-huge-toc.pkg", try package { $0.hostile.declaredTOCLength = 1 << 40 }),
            ("refused-past-heap.pkg", try package { $0.hostile.dataOverrides["PaiNotes.pkg/Payload"] = .init(offset: 1 << 40) }),
            ("refused-overlap.pkg", try package { $0.hostile.dataOverrides["PaiNotes.pkg/PackageInfo"] = .init(sameRangeAs: "PaiNotes.pkg/Bom") }),
            ("refused-checksum.pkg", try package { $0.hostile.badTOCChecksum = true }),
        ]
    }

    /// LZFSE streams Apple's reference encoder wrote (Python's `lzfse.compress`, once; the
    /// fixtures cannot run it), of each kind of block: 20 bytes stored raw (`bvx-`), 300 bytes of
    /// text in LZVN (`bvxn`), 6,000 bytes of text, 32 × 32 RGBA pixels and 100,000 zeros in LZFSE
    /// (`bvx2`), the zeros again with their header unpacked to `bvx1` (a shape the encoder never
    /// writes), and three of them joined into one stream. Then a raw LZVN stream (the `bvxn`
    /// block's payload) behind the harness's marker and output count. Those named `refused-`
    /// start the fuzzer on error paths: a stream cut in half, an LZVN match reaching before the
    /// output, and ninety zero blocks, 9,000,000 bytes, past the harness's 8 MiB cap.
    static func lzfseSeeds() -> [(String, [UInt8])] {
        func bytes(_ lines: String...) -> [UInt8] {
            guard let data = Data(base64Encoded: lines.joined()) else { preconditionFailure("an LZFSE seed is not base64") }
            return Array(data)
        }
        let raw = bytes(
            "YnZ4LRQAAABoZWxsbywgaGVsbG8sIGhlbGxvIWJ2eCQ="
        )
        let lzvnBlock = bytes(
            "YnZ4biwBAACJAAAA7HRoZSBDb250ZW50czgJ+elidW5kbGUgCiAIKOdjYXRhbG9nOB7lcGl4ZWw4Dzgg9zAJCD4YLeZpY29uIAow",
            "K+Vhc3NldBgVGCBocwowPORBcHBJCCAYKygOMB8YNygXaBxp9WhPCvIgByh4GDYoDig+GBY46/IYdedwaXhlbCBDBgAAAAAAAABi",
            "dngk"
        )
        let text = bytes(
            "YnZ4MnAXAABkAPACAD0CMEvC9rLCsQMQqgAAAD8QMAL/wVBEAAAQAXswT+bI6OoWELrPxtXF3ncndzeXJ0c3l4cH62K0K2PYGAEA",
            "AAAAAAAAAH4eAAAAAAAeBgAAAAAAAACAE44BOAEAAAAAAP6Akz/g5Evg5A/4O+AP4GH4Df4A+ANehxM4AQAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAIEOYecXm0s7EguS8WVnopqPahz9TfvajbSpk8vsrgUGW9GCH4FRU3T8mw6gGDgAAAAAAAAAA",
            "AADQBxQSpwSziPgdeTyi0A64tQ5eKnCgcm06d/gzyZdHwgkV7wItWVQ304W9sd/Yb9Phv+56dlo0XDRyUovLDdsrUVW0i5KeGFY2",
            "W5VlQ5iqeVj6zXB2JNtVeRiA9v4fKUQtdjjKqw4f1MCRmRGZj4URm8KHGrmIDZzV1gKi5/5bK12pc0F5+ZBhTICC4n8rkrGisnEZ",
            "F/O0TJ/tBuHiAbOFaKTU3uEp/xHZ1+NmRsFI769y6GBk6DdBdR9FSGOMcDBR2Gu/H2UY3CaM2ewuyuAuJn2tnSlaz0BfuLEMDY+Q",
            "VOxzagnlUuyfISzjoWNoSu0W5Ic2y8fRKIjA0KQ400GKxZawYdN+olHnxb7MC7/mbhFpmQpID5sIq4HyDtRm582AkkUNDHRfTIzc",
            "LGOpdolCY+NIccumjC6mIITNc/DLdCAvSdbtOBX7zR0/w2x3e/8WsWPM4LgYQ5fipxZFElOUqMClvZVrJHX5bVKa7D6BDsrSwKv8",
            "zCxosecAorJUuCuHI7/7Fi9z2w3SfQh8MToh4Z1pxohKoCX+wf/7CkeU8+f4XPr8AkVod5tLkmxDLQj8HAbdvWh2dh/ZHVKyaMPS",
            "nhRRfUKOFFdXOTdapgFg3OybM5VokyT5EMek7juQfasAKqbgMO++z7Hs7D0h7Ecmtwax10Vc85pcy0GC0nPas40OuBtSnhkL2tsk",
            "21DskuMEkcSNFHJNp7eR8Kgi6rMo/gFdfeNuomG4mLsrwYyf65Auf78cxSWMQ/ESdfQ+S6jz40fNSF1GJ8a4S01yznGUCdg+3lK3",
            "GsuzMWY0ooc7dI6rGRxozHevkzevD59DG7EC7q8bBE2JxqkACn6mtoKZ9kLQcbvDNpoIsajTcbkATZJGD0DnlTbtEoMKcRAMDqov",
            "s+NLoopo/V4j2gBZxPCWX0PWjppLcPptywBhtxuwIl2AIOOo2k9CHlTF0fObl/7IKWvHbhTZlud0CyZBikN17WEn3V25ge3nJyb5",
            "MNA0tQTUt2VqLVOBe/OgxCzgdam3QxwxpK6YVdtPE6mnuDzPqwTee/VMl9IOLxHCq7vgxcUNCrcJ+vTVlqspmih7c795Lw4JATvm",
            "DuEWPQTNoUDuuDsmTLT7MbsTiQCS2gTYboL7d7cLJ7hkjapMvIinbjGn5caO1kCjD8YHJnkrmi5f64ef6EQoCkz5ZsQ2Nx/USgNE",
            "x9wNxVsChHOXYsca5OA6c5qbN5RO4qDPZLhseAWZz0JMmApyAGJ2eCQ="
        )
        let pixels = bytes(
            "YnZ4MgAQAAAECFBBAAgAII4oosj/FABQqgAAADiw0AsABwAAAPAgPAgAAAAAcPCIPAoAAAAAAAAAAPAIAAAAAAAAAA8IcAAcAAfA",
            "AwAcAAfAAfAAAAfAAXAAPADAAXAAHAAPAHAAHAAHwAMAHAAHwAHwAAAHwAFwADwAwAFwABwAhwAAAMAhAAAAcAgAAAAcAgAAAIcA",
            "wKMBABwCAAAAhwAAAMAhAAAAPDoAAAAYj/Y92+dwX3M/z3059+Hc99xrs29+n9y+bifsvt5dvLteu/TsurnL3q7mHpq7Yu6Cueu5",
            "v2fP/h69Pd3u2z21e2j31u44a36u87euuZ7nupzrcK57rrVZN79Obl23EnZd7yreVa9VelbdXGVvVXMNzVUxV8Fc9Vzfs2Z/jd6a",
            "bvXtmto1tGtrdZwtP7f529bcznNbzm04tz232myb3ya3rdsIu613E++m1yY9m25usrepuYXmppibYG56bu/Zsr9Fb0u3+XZL7Rba",
            "rbU5zpKfyfwlaybnmSxnMpzJnkltks0nk0vWJYRN1puIN9ErkZ5ENxPZS9RMQjNRzEQwEz2T9yTZT6KXpEt8m6Q2CW3SShwnz098",
            "/vA18fPElxMfTnxPvDb45vHJ4etwwuLrxcWL64VLD66buOzhauKhiSsmLpi4nvh78Ozj0cPT4b7FU4uHFm/hjoPmJzp/6JroeaLL",
            "iQ4nuidaG3Tz6OTQdShh0fWi4kX1QqUH1U1U9lA10dBEFRMVTFRP9D1o9tHooelQ36KpRUOLtlDHwfITmz9sTew8seXEhhPbE6sN",
            "tnlsctg6jLDYejHxYnph0oPpJiZ7mJpYaGKKiQkmpif2Hiz7WPSwdJhvsdRiocVamOMg+YnMH7Imcp7IciLDieyJ1AbZPDI5ZB1C",
            "WGS9iHgRvRDpQXQTkT1ETSQ0EcVEBBPRE3kPkn0kekg6xLdIapHQIi3EcWB+mvk7a57zPMt5hvPseWpzNn8md9Ydwp71HvEevY70",
            "HN08snfUPKF5FPMI5tHzvOdk/0TvpDu+Pak9oT2t4zg3P+v81TXredblrMNZ96y1qZuvk6vrKmHreqt4q15VeqpuVtmratbQrIpZ",
            "BbPqWd9Ts1+jV9NV39bU1tDWVnWckp9k/sia5DzJcpLhJHuS2pDNk8mRdYSwZL1EvEQvIj1EN4nsETVJaBLFJIJJ9CTvIdkn0SPp",
            "iG9JakloSYs4Ds1POX9yTXmecjnlcMo9ZW3k5uXk5DpJWLleKV6pl5QeqZtS9qSaMjSlYkrBlHrK98jsy+jJdNK3MrUytLIlHUfk",
            "Z5i/sGY4z7CcYTjDnqE2YfNhcmFdIGxYbxBv0CtIT9DNIHtBzRCaQTGDYAY9w3tC9kP0Qrrg25DaENrQCo4T8/PN31vznedbzjec",
            "b89Xm7f5N7m37hH2rfeJ9+n1pOfp5pO9p+YLzaeYTzCfnu89L/svei/d8+1L7Qvtaz3H+fnZ56+v2c+zL2cfzr5nr03ffJ9cX9cJ",
            "29fbxdv16tLTdbPLXlezh2ZXzC6YXc/+np79Hr2ervu2p7aHtrdynPOz+XtNz9PldDjd09q4eSfnOgnrehWveik96qayp5qGpoqp",
            "YKqn7zH7Rs90+tbUGloDAAAAAAAAAACAAIgNMf/9//v/7z9idngk"
        )
        let zeros = bytes(
            "YnZ4MqCGAQAEAAAAACwAcAAAAAAARwAwgQAAAD5cwA9vgggAAAAgAAAAAPwJL84EAAAAAAAAAAAAAAAAAACARx8AAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA4KX/////////////",
            "///////////////////////////////////////////f/////////////3/////5PwVidngk"
        )
        let unpackedZeros = bytes(
            "YnZ4MaCGAQBHAAAABAAAACwAAAAAAAAARwAAAAAAAAAAAAAAAAAAAPz///8+ABcA/AA+AAEAAAABAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/APoABgAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAOCl////////////////////////////////////////////////////////",
            "3/////////////9/////+T8FYnZ4JA=="
        )
        let endOfStream = Array("bvx$".utf8)
        func withoutEnd(_ stream: [UInt8]) -> [UInt8] { Array(stream.dropLast(endOfStream.count)) }
        func lzvn(_ count: Int, _ stream: ArraySlice<UInt8>) -> [UInt8] {
            [FuzzTarget.lzvnMarker] + (0..<4).map { UInt8(truncatingIfNeeded: count >> (8 * $0)) } + stream
        }
        // The `bvxn` block: magic, decoded size, payload size, then the payload.
        let lzvnPayloadLength = lzvnBlock[8..<12].reversed().reduce(0) { $0 << 8 | Int($1) }
        let lzvnPayload = lzvnBlock[12..<(12 + lzvnPayloadLength)]
        return [
            ("raw.lzfse", raw),
            ("lzvn-block.lzfse", lzvnBlock),
            ("text.lzfse", text),
            ("pixels.lzfse", pixels),
            ("zeros.lzfse", zeros),
            ("unpacked-header.lzfse", unpackedZeros),
            ("several-blocks.lzfse", withoutEnd(raw) + withoutEnd(lzvnBlock) + pixels),
            ("raw.lzvn", lzvn(300, lzvnPayload)),
            ("refused-truncated.lzfse", Array(text.prefix(text.count / 2))),
            ("refused-distance.lzvn", lzvn(4, [0xE1, 0x41, 0x00, 0x05, 0x06, 0, 0, 0, 0, 0, 0, 0])),
            ("refused-over-8-mib.lzfse", Array(repeatElement(withoutEnd(zeros), count: 90).joined()) + endOfStream),
        ]
    }

    /// Writes `all()` under `folder`, one folder per harness, replacing what was there.
    public static func write(to folder: String) throws {
        let fileManager = FileManager.default
        for (harness, files) in try all().sorted(by: { $0.key < $1.key }) {
            let directory = folder + "/" + harness
            try? fileManager.removeItem(atPath: directory)
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, bytes) in files {
                try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
            }
        }
    }

    static let ruleSeedNames: Set<String> = [
        "junk-file.yml", "ats-arbitrary-loads.yml", "private-framework.yml", "version-mismatch.yml", "unexpanded-variable.yml",
    ]

    static let predicates = [
        "TRUEPREDICATE",
        "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.url\").@count >= 1).@count == 1",
        "NOT (name BEGINSWITH[cd] 'a') AND (size + 2) * 3 ** 2 < -4.5 OR ANY tags IN {1, 'two', nil} AND FUNCTION(x, 'y:', $v)[LAST] != $(VAR)",
    ]

    /// A privacy manifest with every key Apple documents filled in: tracking domains, collected
    /// data types with all their fields, accessed API types with reasons. `withProblems` misspells
    /// a category, gives a reason of another category, an unknown data type and purpose, and
    /// tracking without domains, so the validator's problem paths have something to start from.
    static func privacyManifest(withProblems: Bool) -> PlistValue {
        func dictionary(_ entries: [(String, PlistValue)]) -> PlistValue {
            var dictionary = PlistDictionary()
            for (key, value) in entries { dictionary.append(key: key, value: value) }
            return .dictionary(dictionary)
        }
        let collected = dictionary([
            ("NSPrivacyCollectedDataType", .string(withProblems ? "NSPrivacyCollectedDataTypeEmail Address" : "NSPrivacyCollectedDataTypeEmailAddress")),
            ("NSPrivacyCollectedDataTypeLinked", .bool(true)),
            ("NSPrivacyCollectedDataTypeTracking", .bool(false)),
            (
                "NSPrivacyCollectedDataTypePurposes",
                .array([
                    .string("NSPrivacyCollectedDataTypePurposeAppFunctionality"),
                    .string(withProblems ? "NSPrivacyCollectedDataTypePurposeAdverts" : "NSPrivacyCollectedDataTypePurposeAnalytics"),
                ])
            ),
        ])
        let accessed: [PlistValue] = [
            dictionary([
                ("NSPrivacyAccessedAPIType", .string(withProblems ? "NSPrivacyAccessedAPICategoryFileTimeStamp" : "NSPrivacyAccessedAPICategoryFileTimestamp")),
                ("NSPrivacyAccessedAPITypeReasons", .array([.string("C617.1"), .string(withProblems ? "CA92.1" : "3B52.1")])),
            ]),
            dictionary([
                ("NSPrivacyAccessedAPIType", .string(withProblems ? "SystemBootTime" : "NSPrivacyAccessedAPICategorySystemBootTime")),
                ("NSPrivacyAccessedAPITypeReasons", .array([.string("35F9.1")])),
            ]),
            dictionary([
                ("NSPrivacyAccessedAPIType", .string("NSPrivacyAccessedAPICategoryUserDefaults")),
                ("NSPrivacyAccessedAPITypeReasons", .array(withProblems ? [] : [.string("CA92.1")])),
            ]),
        ]
        return dictionary([
            ("NSPrivacyTracking", .bool(true)),
            ("NSPrivacyTrackingDomains", .array(withProblems ? [] : [.string("tracking.example.com")])),
            ("NSPrivacyCollectedDataTypes", .array([collected])),
            ("NSPrivacyAccessedAPITypes", .array(accessed)),
        ])
    }

    /// An ad hoc profile whose `DeveloperCertificates` hold one certificate expired in 2021
    /// (its dates as UTCTime) and one valid until 2051 (GeneralizedTime, from 2050 on).
    static func profileWithCertificates() -> FixtureProfile {
        let team = "AB12CD34EF"
        return FixtureProfile(
            name: "Fuzz Ad Hoc", team: team, teamName: "Fuzz", applicationIdentifier: "\(team).com.example.fuzz",
            devices: ["00008030-001A2B3C4D5E6F70"],
            developerCertificates: [
                .signing(commonName: "Apple Distribution: Fuzz (\(team))", team: team, notAfter: Date(timeIntervalSince1970: 1_609_459_200)),
                .signing(commonName: "Apple Development: Fuzz (\(team))", team: team, notAfter: Date(timeIntervalSince1970: 2_556_144_000)),
            ]
        )
    }

    /// An ad hoc app whose privacy manifest has problems and whose executable is signed with a
    /// certificate that expired in 2021, for the package harness's privacy and expiry checks.
    static func privacyApp() -> FixtureBundle {
        let profile = profileWithCertificates()
        let expired = FixtureSigner.apple(profile.developerCertificates[0])
        let signature = FixtureCodeSignature(
            identifier: "com.example.fuzz", teamIdentifier: profile.team,
            entitlementsXML: XMLPropertyListWriter.write(
                .dictionary(
                    PlistDictionary([
                        "application-identifier": .string(profile.applicationIdentifier),
                        "com.apple.developer.team-identifier": .string(profile.team),
                    ]))),
            signer: expired
        )
        return FixtureBundle.app("Privacy", bundleIdentifier: "com.example.fuzz")
            .adding(file: "PrivacyInfo.xcprivacy", contents: XMLPropertyListWriter.write(privacyManifest(withProblems: true)))
            .adding(file: "embedded.mobileprovision", contents: ProfileWriter.write(profile))
            .with(FixtureExecutable(name: "Privacy", slices: [MachOSliceDescription(codeSignature: signature)]))
    }

    /// Icon files: the small sizes as whole PNGs (`ICNSWriter.appIcon`), and one of every kind
    /// of element the reader tells apart, its 512 and 1024-pixel images as PNG headers alone
    /// (all the reader looks at), so the seeds stay small.
    static func icnsSeeds() -> [(String, [UInt8])] {
        func pngHeader(_ pixels: Int) -> [UInt8] { Array(PNGWriter.write(width: pixels, height: pixels).prefix(33)) }
        let cgbi = Array(PNGWriter.write(width: 256, height: 256, cgbi: true).prefix(49))
        let jp2: [UInt8] = [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        let dark = ICNSWriter.write([("ic09", pngHeader(512)), ("ic10", pngHeader(1024))])
        let everyKind = ICNSWriter.write([
            ("TOC ", Array("ic09".utf8) + PNGWriter.bigEndian(41) + Array("ic10".utf8) + PNGWriter.bigEndian(41)),
            ("ic09", pngHeader(512)), ("ic10", pngHeader(1024)), ("ic14", pngHeader(256)), ("ic08", cgbi),
            ("ic13", jp2), ("ic07", [0xFF, 0x4F, 0xFF, 0x51, 0, 0x29]), ("ic04", Array("ARGB".utf8) + [0x80, 0, 0x80, 0]),
            ("is32", [0x80, 0xFF, 0x80, 0, 0x80, 0]), ("s8mk", [UInt8](repeating: 0xFF, count: 256)),
            ("it32", [0, 0, 0, 0, 0x80, 0xFF]), ("icnV", [0x42, 0xFC, 0, 0]), ("name", Array("icon".utf8)),
            ("ICN#", [UInt8](repeating: 0, count: 16)), (ICNSElement.darkVariantType, dark),
        ])
        return [("app-icon-small.icns", ICNSWriter.appIcon(types: ["icp4", "ic11", "icp5", "ic12", "icp6", "ic07"])), ("every-kind.icns", everyKind)]
    }

    /// pbzx payloads (`PBZXWriter`, small chunks so that a seed holds many): text in xz chunks,
    /// random bytes in raw ones, an exact multiple of the chunk size, the header alone, and odd
    /// but valid chunks (raw bytes that start like xz, an xz stream longer than its data, a last
    /// chunk of 0 bytes). Those named `refused-` start the fuzzer on an error path: a payload cut
    /// inside an xz chunk, a stream decoding past its chunk, bytes after the last chunk.
    static func pbzxSeeds() throws -> [(String, [UInt8])] {
        var state: UInt64 = 0x5EED
        func randomBytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
        }
        let words = ["./Applications", "/Contents/MacOS/", "Info.plist", "070707", "TRAILER!!!", "Resources", "PkgInfo"]
        let text = Array(randomBytes(6_000).map { words[Int($0) % words.count] }.joined(separator: "\n").utf8)
        let textPayload = try PBZXWriter.write(text, chunkSize: 4_096)
        let odd =
            PBZXWriter.header(chunkSize: 1_024)
            + PBZXWriter.chunk(declaring: 1_024, stored: Array((try PBZXWriter.xz(Array("xz".utf8)) + randomBytes(1_024)).prefix(1_024)))
            + PBZXWriter.chunk(declaring: 1_024, stored: try PBZXWriter.xz(randomBytes(1_024)))
            + PBZXWriter.chunk(declaring: 0, stored: try PBZXWriter.xz([]))
        let short = PBZXWriter.chunk(declaring: 100, stored: randomBytes(100))
        return [
            ("text.pbzx", textPayload),
            ("raw.pbzx", try PBZXWriter.write(randomBytes(5_000), chunkSize: 2_048)),
            ("exact-multiple.pbzx", try PBZXWriter.write(Array(text.prefix(8_192)), chunkSize: 4_096)),
            ("empty.pbzx", try PBZXWriter.write([], chunkSize: PBZXWriter.appleChunkSize)),
            ("odd-chunks.pbzx", odd),
            ("refused-truncated.pbzx", Array(textPayload.prefix(textPayload.count / 2))),
            (
                "refused-past-declared.pbzx",
                PBZXWriter.header(chunkSize: 4_096)
                    + PBZXWriter.chunk(declaring: 999, stored: try PBZXWriter.xz(Array(text.prefix(1_000))))
            ),
            ("refused-after-last-chunk.pbzx", PBZXWriter.header(chunkSize: 4_096) + short + short),
        ]
    }

    /// BOM stores: an installer `Bom` of every kind of path (a link, a universal executable, a
    /// device, a 5 GiB file in `Size64`), one of 60 paths in 128-byte nodes (five leaves under a
    /// branch), and a small hostile store shaped like an `Assets.car`: a 29-byte tree header with
    /// flag 1 and numbers for keys, a tree whose leaf chain loops, one whose root is its own
    /// child, a variable past the block table and a block of no bytes.
    static func bomSeeds() -> [(String, [UInt8])] {
        let installer = BOMWriter.write([
            .directory("."), .directory("./Foo.app"), .directory("./Foo.app/Contents"),
            .file("./Foo.app/Contents/Info.plist", contents: Array("<plist/>".utf8)),
            .link("./Foo.app/Contents/Current", to: "Info.plist"),
            BOMWriter.Entry(
                path: "./Foo.app/Contents/Foo", kind: .file, mode: 0o100755, size: 300, checksum: 1,
                architectures: [(0x0100_0007, 3, 100, 2), (0x0100_000C, 0, 200, 3)]),
            BOMWriter.Entry(path: "./Foo.app/Contents/Huge.bin", kind: .file, mode: 0o100644, size: 5 << 30, checksum: 4),
            BOMWriter.Entry(path: "./Foo.app/Contents/tty", kind: .device, mode: 0o20666, deviceNumber: 0x1000_0002),
        ])
        let many = BOMWriter.write([.directory(".")] + (0..<60).map { .file("./f\($0)", contents: [UInt8($0)]) }, blockSize: 128)

        var store = BOMWriter.Store()
        store.addVariable("CARHEADER", store.add(Array("RATC".utf8) + [UInt8](repeating: 0, count: 32)))
        let values = (0..<3).map { store.add([UInt8($0)]) }
        store.addVariable("BITMAPKEYS", store.addTree(values.map { (value: $0, key: 0x4080 + $0) }, blockSize: 1024, flag: 1, extraHeader: true))
        store.addVariable("FACETKEYS", store.addTree(pairs: [(key: Array("AppIcon".utf8), value: [0, 0, 0, 1])]))
        let loop = store.addTree(values.map { (value: $0, key: $0) }, blockSize: 128, entriesPerNode: 1)
        store.blocks[Int(loop) + 3].replaceSubrange(4..<8, with: BOMWriter.bigEndian(loop + 1))
        store.addVariable("LOOP", loop)
        let selfChild = store.addTree(values.map { (value: $0, key: $0) }, blockSize: 128, entriesPerNode: 2)
        let root = UInt32(store.blocks.count - 1)
        store.blocks[Int(root)].replaceSubrange(12..<16, with: BOMWriter.bigEndian(root))
        store.addVariable("SELF", selfChild)
        store.addVariable("EMPTY", store.add([]))
        store.addVariable("PAST", 0xFFFF)
        return [("installer.bom", installer), ("many-leaves.bom", many), ("asset-catalogue-shaped.car", store.write())]
    }

    /// The repository this file is in (`Sources/BundleCheckFixtures/Fuzz/` below it): the json
    /// seeds start from the example packages' golden reports, which `bundlecheck --format json`
    /// wrote and `ExamplePackageTests` keeps current.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// JSON documents: PaiNotes's report written compact (the report harness has PaiScan's as written),
    /// then small ones of each edge (every escape and each length of UTF-8, numbers at the edges
    /// of Int64 and of a double, repeated keys, a byte-order mark and CRLF lines) and 500 levels
    /// of nesting, just under the 512-level cap. Each named `refused-` holds one thing a strict
    /// reader refuses: a trailing comma, a comment, a lone surrogate, an overlong UTF-8 form, a
    /// number past a double, a leading zero, `NaN`, a tab in a string, 513 levels.
    static func jsonSeeds() throws -> [(String, [UInt8])] {
        let paiNotes = JSONWriter(style: .compact).string(from: try JSONParser().parse(try golden("PaiNotes")))
        let edges = #"""
            {"escapes": "\" \\ \/ \b \f \n \r \t \u0000 \u001f \u007f \u00e9 \u2028 \uFEFF \uD83D\uDE00 \ud834\udd1e",
             "utf8": "caf\#u{E9} \#u{20AC} \#u{1F600} \#u{10FFFF}",
             "numbers": [0, -0, -0.0, 1, -1, 9223372036854775807, 9223372036854775808, -9223372036854775808, -9223372036854775809,
              0.1, 1e-7, 1E+21, 25e-1, 1.7976931348623157e308, 5e-324, 1e-400, 123456789012345678901234567890],
             "words": [true, false, null], "empty": [[], {}, ""], "repeated": 1, "repeated": 2}

            """#
        let deep = String(repeating: #"{"k":["#, count: 250) + "0" + String(repeating: "]}", count: 250)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        return [
            ("PaiNotes-report-compact.json", Array(paiNotes.utf8)),
            ("edges.json", Array(edges.utf8)),
            ("bom-crlf.json", [0xEF, 0xBB, 0xBF] + Array("{\r\n  \"a\": [1,\r\n  2]\r\n}\r\n".utf8)),
            ("deep.json", Array(deep.utf8)),
            ("refused-trailing-comma.json", Array("[1, 2,]".utf8)),
            ("refused-comment.json", Array("{\"a\": 1 // a note\n}".utf8)),
            ("refused-lone-surrogate.json", Array(#"["\uD800"]"#.utf8)),
            ("refused-overlong-utf8.json", Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8)),
            ("refused-infinity.json", Array("[1e400]".utf8)),
            ("refused-leading-zero.json", Array("[01]".utf8)),
            ("refused-nan.json", Array("[NaN]".utf8)),
            ("refused-control-character.json", Array("[\"a\tb\"]".utf8)),
            ("refused-too-deep.json", Array(tooDeep.utf8)),
        ]
    }

    /// A golden report of an example package, as `bundlecheck --format json` writes it.
    static func golden(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: repository.appendingPathComponent("Tests/BundleCheckKitTests/Examples/Golden/\(name).json")))
    }

    /// Reports read back by `diff`: PaiScan's as bundlecheck writes it (every inventory member),
    /// a small report of schema 1 as an older bundlecheck wrote it (no inventory past the
    /// versions), and what the reader refuses (`refused-`): another tool's JSON, a newer schema,
    /// a report of two packages, of one that could not be checked, a bundle without a kind,
    /// a version that is a number, a finding without a fingerprint.
    static func reportSeeds() throws -> [(String, [UInt8])] {
        func report(_ inputs: String, schema: Int = 1, tool: String = "bundlecheck") -> [UInt8] {
            Array(#"{"schemaVersion":\#(schema),"tool":{"name":"\#(tool)","version":"0.9.0"},"inputs":[\#(inputs)]}"#.utf8)
        }
        let app = #"{"path":"Payload/A.app","kind":"app","bundleIdentifier":"com.example.a","shortVersion":"1.0","version":"7","parent":null}"#
        let share =
            #"{"path":"Payload/A.app/PlugIns/S.appex","kind":"appex","bundleIdentifier":"com.example.a.share","shortVersion":"1.0","version":"7","parent":"Payload/A.app"}"#
        let finding =
            #"{"rule":"junk-file","severity":"warning","message":"A.app/.DS_Store is a Finder file","bundle":"Payload/A.app","appleCodes":[],"fingerprint":"0123456789abcdef"}"#
        let input = #"{"path":"A.ipa","kind":"ipa","bundles":[\#(app),\#(share)],"findings":[\#(finding)]}"#
        return [
            ("PaiScan-report.json", try golden("PaiScan")),
            ("older-schema-1.json", report(input)),
            ("refused-other-tool.json", report(input, tool: "mobsf")),
            ("refused-newer-schema.json", report(input, schema: 2)),
            ("refused-two-inputs.json", report(input + "," + input)),
            ("refused-input-error.json", report(#"{"path":"A.ipa","kind":"ipa","error":{"message":"not a zip archive"},"bundles":[],"findings":[]}"#)),
            ("refused-bundle-without-kind.json", report(input.replacingOccurrences(of: #""kind":"appex","#, with: ""))),
            ("refused-number-version.json", report(input.replacingOccurrences(of: #""version":"7","parent":null"#, with: #""version":7,"parent":null"#))),
            ("refused-finding-without-fingerprint.json", report(input.replacingOccurrences(of: #","fingerprint":"0123456789abcdef""#, with: ""))),
        ]
    }

    /// One value of every property-list type, with the edges of integers and strings.
    static func everyTypePlist() -> PlistValue {
        var dictionary = PlistDictionary()
        dictionary.append(key: "string", value: .string("Ünïcödé ✓ 𝄞"))
        dictionary.append(key: "empty", value: .string(""))
        dictionary.append(key: "integer", value: .integer(PlistInteger(Int64.min)))
        dictionary.append(key: "real", value: .real(-2.5e-300))
        dictionary.append(key: "true", value: .bool(true))
        dictionary.append(key: "date", value: .date(Date(timeIntervalSince1970: 1_700_000_000)))
        dictionary.append(key: "data", value: .data([0, 1, 2, 255]))
        dictionary.append(key: "array", value: .array([.integer(PlistInteger(1)), .array([]), .dictionary(PlistDictionary())]))
        return .dictionary(dictionary)
    }

    /// `levels` dictionaries, each holding the next under one key and a string beside it.
    static func nested(_ levels: Int) -> PlistValue {
        var value = PlistValue.string("$(PRODUCT_NAME)")
        for level in 0..<levels {
            var dictionary = PlistDictionary()
            dictionary.append(key: "v\(level)", value: .string("x"))
            dictionary.append(key: "k", value: value)
            value = .dictionary(dictionary)
        }
        return value
    }

    /// What `nested(levels)` holds, as XML without the writer's indentation (which would make up
    /// most of the file at this depth).
    static func compactXML(_ levels: Int) -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
        for level in (0..<levels).reversed() {
            text += "<dict><key>v\(level)</key><string>x</string><key>k</key>"
        }
        text += "<string>$(PRODUCT_NAME)</string>" + String(repeating: "</dict>", count: levels) + "</plist>\n"
        return Array(text.utf8)
    }

    private static func zipped(_ package: FixturePackage) throws -> [UInt8] {
        let path = NSTemporaryDirectory() + "/bundlecheck-fuzz-seed-\(getpid()).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try package.writeZip(to: path)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
