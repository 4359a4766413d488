import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports

// The report's objects the facets read, by the names `ReportSchema` declares.
private typealias Bundle = ReportSchema.Bundle
private typealias Toolchain = ReportSchema.Toolchain
private typealias PrivacyManifest = ReportSchema.PrivacyManifest
private typealias ActivationRule = ReportSchema.ActivationRule
private typealias Entitlements = ReportSchema.Entitlements
private typealias Certificate = ReportSchema.Certificate
private typealias Profile = ReportSchema.Profile
private typealias PurposeString = ReportSchema.PurposeString
private typealias AccessedAPIType = ReportSchema.AccessedAPIType
private typealias CollectedData = ReportSchema.CollectedData
private typealias RequiredReasonAPI = ReportSchema.RequiredReasonAPI
private typealias AcceptedType = ReportSchema.AcceptedType
private typealias DocumentType = ReportSchema.DocumentType
private typealias LooseLibrary = ReportSchema.LooseLibrary
private typealias AssetCatalog = ReportSchema.AssetCatalog
private typealias IconSet = ReportSchema.IconSet
private typealias IconComposer = ReportSchema.IconComposer
private typealias IconComposerBytes = ReportSchema.IconComposerBytes

// The facets a release review compares, one per line of the issue's list: each reads its
// members of the report's bundle object (docs/report.schema.json) and nothing else.
extension InventoryFacet {
    public static let all: [InventoryFacet] = [
        InventoryFacet("version", "Version (CFBundleShortVersionString)", .identity, .scalar) { reader throws(RecordShapeError) in
            try reader.text([Bundle.shortVersion])
        },
        InventoryFacet("build", "Build (CFBundleVersion)", .identity, .scalar) { reader throws(RecordShapeError) in try reader.text([Bundle.version]) },
        InventoryFacet("bundle-identifier", "Bundle identifier", .identity, .scalar) { reader throws(RecordShapeError) in
            try reader.text([Bundle.bundleIdentifier])
        },
        InventoryFacet("kind", "Kind", .identity, .scalar) { reader throws(RecordShapeError) in try reader.text([Bundle.kind]) },
        InventoryFacet("extension-point", "Extension point", .identity, .scalar) { reader throws(RecordShapeError) in try reader.text([Bundle.extensionPoint])
        },
        InventoryFacet("platform", "Platform", .platform, .scalar) { reader throws(RecordShapeError) in
            guard let platform = try reader.text([Bundle.platform]) else { return nil }
            guard case .text(let name)? = platform[""] else { return platform }
            return .text(reader.member([Bundle.simulator])?.boolValue == true ? name + " (simulator)" : name)
        },
        InventoryFacet("architectures", "Architectures", .platform, .list) { reader throws(RecordShapeError) in try reader.list([Bundle.architectures]) },
        InventoryFacet("minimum-os", "Minimum OS", .platform, .scalar) { reader throws(RecordShapeError) in try reader.text([Bundle.minimumOS]) },
        InventoryFacet("sdk", "SDK", .platform, .scalar) { reader throws(RecordShapeError) in try reader.text([Bundle.toolchain, Toolchain.sdk]) },
        InventoryFacet("xcode", "Xcode", .platform, .scalar) { reader throws(RecordShapeError) in
            guard let xcode = try reader.text([Bundle.toolchain, Toolchain.xcode]) else { return nil }
            guard case .text(let version)? = xcode[""], case .text(let build)? = try reader.text([Bundle.toolchain, Toolchain.xcodeBuild])?[""] else {
                return xcode
            }
            return .text("\(version) (\(build))")
        },
        InventoryFacet("entitlements", "Entitlements", .capabilities, .keyed) { reader throws(RecordShapeError) in try reader.entitlements() },
        InventoryFacet("purpose-strings", "Purpose strings", .privacy, .keyed) { reader throws(RecordShapeError) in
            guard let entries = try reader.objects([Bundle.purposeStrings]) else { return nil }
            return FacetValue(
                entries.compactMap { entry in
                    FacetReader.scalarText(entry[PurposeString.key]).map {
                        FacetValue.Keyed(key: $0, entry: .text(FacetReader.scalarText(entry[PurposeString.text]) ?? "(not a string)"))
                    }
                })
        },
        InventoryFacet("tracking", "Tracking (NSPrivacyTracking)", .privacy, .scalar) { reader throws(RecordShapeError) in
            guard let value = reader.member([Bundle.privacyManifest, PrivacyManifest.tracking]) else { return nil }
            return .text(FacetReader.scalarText(value))
        },
        InventoryFacet("tracking-domains", "Tracking domains", .privacy, .list) { reader throws(RecordShapeError) in
            try reader.list([Bundle.privacyManifest, PrivacyManifest.trackingDomains])
        },
        InventoryFacet("collected-data-types", "Collected data types", .privacy, .list) { reader throws(RecordShapeError) in
            try reader.list([Bundle.privacyManifest, PrivacyManifest.collectedDataTypes])
        },
        // Each type's linked, tracking and purposes: what App Store Connect's privacy answers must match.
        InventoryFacet("collected-data", "Collected data (linked, tracking, purposes)", .privacy, .keyed) { reader throws(RecordShapeError) in
            guard let entries = try reader.objects([Bundle.privacyManifest, PrivacyManifest.collectedData]) else { return nil }
            return FacetValue(
                entries.compactMap { entry in
                    FacetReader.scalarText(entry[CollectedData.type.rawValue]).map { type in
                        FacetValue.Keyed(key: type, entry: .text(FacetReader.collectedDataText(entry)))
                    }
                })
        },
        InventoryFacet("declared-reasons", "Required-reason APIs declared (and their reasons)", .privacy, .keyed) { reader throws(RecordShapeError) in
            guard let entries = try reader.objects([Bundle.privacyManifest, PrivacyManifest.accessedAPITypes]) else { return nil }
            return FacetValue(
                entries.compactMap { entry in
                    FacetReader.scalarText(entry[AccessedAPIType.category]).map {
                        FacetValue.Keyed(key: $0, entry: .list(FacetReader.strings(in: entry[AccessedAPIType.reasons])))
                    }
                })
        },
        InventoryFacet("required-reason-apis", "Required-reason APIs the binaries use", .privacy, .keyed) { reader throws(RecordShapeError) in
            guard let entries = try reader.objects([Bundle.requiredReasonAPIs]) else { return nil }
            return FacetValue(
                entries.compactMap { entry in
                    FacetReader.scalarText(entry[RequiredReasonAPI.category]).map {
                        FacetValue.Keyed(key: $0, entry: .list(FacetReader.strings(in: entry[RequiredReasonAPI.binaries])))
                    }
                })
        },
        InventoryFacet("url-schemes", "URL schemes", .integration, .list) { reader throws(RecordShapeError) in try reader.list([Bundle.urlSchemes]) },
        InventoryFacet("queried-schemes", "Queried URL schemes (LSApplicationQueriesSchemes)", .integration, .list) { reader throws(RecordShapeError) in
            try reader.list([Bundle.queriedSchemes])
        },
        InventoryFacet("activation-rule", "Activation rule", .integration, .scalar) { reader throws(RecordShapeError) in
            try reader.text([Bundle.activationRule, ActivationRule.text])
        },
        InventoryFacet("accepted-types", "Content types accepted", .integration, .list) { reader throws(RecordShapeError) in
            guard let entries = try reader.objects([Bundle.accepts]) else { return nil }
            return .list(
                entries.compactMap { entry in
                    FacetReader.scalarText(entry[AcceptedType.type]).map { type in
                        FacetReader.scalarText(entry[AcceptedType.max]).map { "\(type) (at most \($0))" } ?? type
                    }
                })
        },
        InventoryFacet("document-types", "Document types", .integration, .keyed) { reader throws(RecordShapeError) in
            guard let entries = try reader.objects([Bundle.documentTypes]) else { return nil }
            return FacetValue(
                entries.enumerated().map { index, entry in
                    let types = FacetReader.strings(in: entry[DocumentType.contentTypes])
                    let key = FacetReader.scalarText(entry[DocumentType.name]) ?? types.first ?? "document type \(index + 1)"
                    let detail = [FacetReader.scalarText(entry[DocumentType.role]), FacetReader.scalarText(entry[DocumentType.rank]).map { "rank \($0)" }]
                        .compactMap { $0 }
                    let text = (detail + [types.isEmpty ? "no content types" : types.joined(separator: ", ")]).joined(separator: "; ")
                    return FacetValue.Keyed(key: key, entry: .text(text))
                })
        },
        InventoryFacet("signing-team", "Signing team", .signing, .scalar) { reader throws(RecordShapeError) in
            try reader.text([Bundle.entitlements, Entitlements.teamIdentifier])
        },
        InventoryFacet("certificate", "Signing certificate", .signing, .keyed) { reader throws(RecordShapeError) in
            try reader.fields([Bundle.signingCertificate], [("name", Certificate.commonName), ("kind", Certificate.kind), ("expires", Certificate.expires)])
        },
        InventoryFacet("profile", "Provisioning profile", .signing, .keyed) { reader throws(RecordShapeError) in
            try reader.fields(
                [Bundle.profile], [("name", Profile.name), ("kind", Profile.kind), ("team", Profile.teamIdentifier), ("expires", Profile.expires)])
        },
        InventoryFacet("loose-libraries", "Loose libraries", .contents, .keyed) { reader throws(RecordShapeError) in
            guard let entries = try reader.objects([Bundle.looseLibraries]) else { return nil }
            return FacetValue(
                entries.compactMap { entry in
                    FacetReader.scalarText(entry[LooseLibrary.path]).map { path in
                        // `5.2.1 (arm64)`: a version only where its LC_ID_DYLIB states one (reports before it say none).
                        let architectures = FacetReader.strings(in: entry[LooseLibrary.architectures]).joined(separator: ", ")
                        let version = FacetReader.scalarText(entry[LooseLibrary.version])
                        return FacetValue.Keyed(key: PackagePath.name(path), entry: .text(version.map { "\($0) (\(architectures))" } ?? architectures))
                    }
                })
        },
        // What each icon set of Assets.car stores: a cost that grows unseen (alternate icons with
        // their fallbacks), shown set by set, an Icon Composer icon's parts apart.
        InventoryFacet("icon-sets", "Icon sets (bytes stored in Assets.car)", .contents, .keyed) { reader throws(RecordShapeError) in
            guard let sets = try reader.objects([Bundle.assetCatalog, AssetCatalog.iconSets]) else { return nil }
            return FacetValue(
                sets.compactMap { set -> FacetValue.Keyed? in
                    guard let name = FacetReader.scalarText(set[IconSet.name.rawValue]), let bytes = FacetReader.byteCount(set[IconSet.storedBytes.rawValue])
                    else { return nil }
                    var text = ByteSizeText.decimal(bytes)
                    if let parts = set[IconSet.iconComposer.rawValue]?[IconComposer.bytes.rawValue] {
                        let shares = [("fallbacks", IconComposerBytes.fallbacks), ("stacks", IconComposerBytes.stacks), ("layers", IconComposerBytes.layers)]
                            .compactMap { word, member in
                                FacetReader.byteCount(parts[member.rawValue]).map { "\(word) \(ByteSizeText.decimal($0))" }
                            }
                        if !shares.isEmpty { text += " (Icon Composer: " + shares.joined(separator: ", ") + ")" }
                    }
                    return FacetValue.Keyed(key: name, entry: .text(text))
                })
        },
    ]
}

extension FacetReader {
    /// `linked, not tracking; purposes: NSPrivacyCollectedDataTypePurposeAnalytics` for one
    /// collected data type of the JSON report; a flag no manifest states is `linked unstated`.
    static func collectedDataText(_ entry: JSONValue) -> String {
        func flag(_ member: CollectedData, _ word: String) -> String {
            switch entry[member.rawValue] {
            case .bool(true)?: word
            case .bool(false)?: "not \(word)"
            default: "\(word) unstated"
            }
        }
        let purposes = strings(in: entry[CollectedData.purposes.rawValue])
        return "\(flag(.linked, "linked")), \(flag(.tracking, "tracking")); purposes: \(purposes.isEmpty ? "none" : purposes.joined(separator: ", "))"
    }

    /// A whole number of bytes, 0 or more; nil for anything else.
    static func byteCount(_ value: JSONValue?) -> UInt64? {
        guard case .integer(let count)? = value, count >= 0 else { return nil }
        return UInt64(count)
    }

    /// The strings of an array (other elements skipped); empty for anything else.
    static func strings(in value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// Chosen members of an object member, each a keyed text entry (absent ones left out).
    func fields(_ path: ReportPath, _ members: [(key: String, member: any ReportMember)]) throws(RecordShapeError) -> FacetValue? {
        guard let value = member(path) else { return nil }
        if value == .null { return FacetValue.none }
        guard case .object = value else { throw error(path, "an object or null") }
        return FacetValue(
            members.compactMap { key, member in
                Self.scalarText(value[member.rawValue]).map { FacetValue.Keyed(key: key, entry: .text($0)) }
            })
    }

    /// The signature's entitlements, key by key: an array of scalars (app groups, associated
    /// domains, keychain groups, iCloud containers) as a list, so that one element added reads
    /// as one change; any other value as its compact JSON.
    func entitlements() throws(RecordShapeError) -> FacetValue? {
        guard let value = member([Bundle.entitlements, Entitlements.dictionary]) else { return nil }
        if value == .null { return FacetValue.none }
        guard case .object(let members) = value else { throw error([Bundle.entitlements, Entitlements.dictionary], "an object or null") }
        return FacetValue(
            members.map { member in
                if let elements = member.value.arrayValue,
                    elements.allSatisfy({ if case .array = $0 { false } else if case .object = $0 { false } else { true } })
                {
                    return FacetValue.Keyed(key: member.key, entry: .list(elements.compactMap(Self.scalarText)))
                }
                return FacetValue.Keyed(key: member.key, entry: .text(Self.scalarText(member.value) ?? "null"))
            })
    }
}
