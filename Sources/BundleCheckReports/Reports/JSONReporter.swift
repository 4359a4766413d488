import BundleCheckFormats
import BundleCheckModel

/// The machine-readable report, as described by `docs/report.schema.json`, written through the
/// member names `ReportSchema` declares (the release review reads it back through them).
///
/// Every field is always present, `null` when it has no value, in a fixed order;
/// the same report always gives the same bytes. New fields may be added within
/// schema version 1; removing or changing one bumps `Report.schemaVersion`.
private typealias Schema = ReportSchema

public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        JSONWriter().string(from: document(for: report))
    }

    /// The report as a JSON value, before it is written out.
    package func document(for report: Report) -> JSONValue {
        let summary = report.summary
        return Schema.Document.object([
            .schemaVersion: .integer(Int64(Report.schemaVersion)),
            .tool: Schema.Tool.object([
                .name: "bundlecheck",
                .version: .string(report.toolVersion),
            ]),
            .configurationFile: JSONValue(report.configurationFile),
            .inputs: .array(report.inputs.map(input)),
            .summary: Schema.Summary.object([
                .errors: .integer(Int64(summary.errors)),
                .warnings: .integer(Int64(summary.warnings)),
                .notes: .integer(Int64(summary.notes)),
                .suppressed: .integer(Int64(summary.suppressed)),
            ]),
            .rulesRun: report.rulesRun.map { .array($0.map(JSONValue.string)) } ?? .null,
        ])
    }

    private func input(_ input: InputReport) -> JSONValue {
        Schema.Input.object([
            .path: .string(input.path),
            .kind: JSONValue(input.kind?.rawValue),
            .container: JSONValue(input.container?.rawValue),
            // No file system holds more than Int64.max bytes (off_t is signed).
            .size: .integer(Int64(clamping: input.size)),
            .error: error(input.error),
            .bundles: .array(input.bundles.map(bundle)),
            .findings: .array(input.findings.map(finding)),
            .distribution: input.distribution.map { distribution in
                Schema.Distribution.object([
                    .checked: JSONValue(distribution.checked?.rawValue), .stated: .bool(distribution.isStated),
                    .signature: JSONValue(distribution.signatureEvidence),
                ])
            } ?? .null,
        ])
    }

    private func error(_ error: BundleCheckError?) -> JSONValue {
        guard let error else { return .null }
        return Schema.InputError.object([
            .code: .string(error.code),
            .message: .string(error.description),
        ])
    }

    private func bundle(_ bundle: InspectedBundle) -> JSONValue {
        Schema.Bundle.object([
            .path: .string(bundle.path),
            .kind: .string(bundle.kind.rawValue),
            .platform: .string(bundle.platform.id),
            .simulator: .bool(bundle.platform.simulator),
            .parent: JSONValue(bundle.parent),
            .infoPlist: .string(bundle.infoPlistPath),
            .bundleIdentifier: JSONValue(bundle.bundleIdentifier),
            .shortVersion: JSONValue(bundle.shortVersion),
            .version: JSONValue(bundle.version),
            .executable: JSONValue(bundle.executable),
            .extensionPoint: JSONValue(bundle.extensionPoint),
            .accepts: bundle.accepts.map { accepted in
                .array(accepted.map { Schema.AcceptedType.object([.type: .string($0.type), .max: JSONValue($0.max)]) })
            } ?? .null,
            .architectures: bundle.signing?.executable.map { .array($0.architectures.map(JSONValue.string)) } ?? .null,
            .uuids: bundle.signing?.executable.map { file in
                .array(file.slices.map { Schema.SliceUUID.object([.architecture: .string($0.architecture), .uuid: JSONValue($0.uuid?.description)]) })
            } ?? .null,
            .minimumOS: JSONValue(bundle.signing?.executable?.slices.lazy.compactMap(\.minimumOS).first?.description),
            .entitlements: bundle.signing.map(entitlements) ?? .null,
            .profile: bundle.signing?.profile.map(profile) ?? .null,
            .signingCertificate: bundle.signing.flatMap { signing in signing.signingCertificate.map { certificate($0, of: signing) } } ?? .null,
            .privacyManifest: bundle.privacyManifest.map(privacyManifest) ?? .null,
            .toolchain: bundle.toolchain.map(toolchain) ?? .null,
            .assetCatalog: bundle.assetCatalog.map(assetCatalog) ?? .null,
            .sizes: bundle.sizes.map { sizes($0, executable: bundle.signing?.executable) } ?? .null,
            .purposeStrings: bundle.purposeStrings.map { strings in
                .array(strings.map { Schema.PurposeString.object([.key: .string($0.key), .text: JSONValue($0.text)]) })
            } ?? .null,
            .urlSchemes: bundle.urlSchemes.map { .array($0.map(JSONValue.string)) } ?? .null,
            .queriedSchemes: bundle.queriedSchemes.map { .array($0.map(JSONValue.string)) } ?? .null,
            .documentTypes: bundle.documentTypes.map { .array($0.map(documentType)) } ?? .null,
            .activationRule: bundle.activationRuleText.map { Schema.ActivationRule.object([.form: .string($0.form.rawValue), .text: .string($0.text)]) }
                ?? .null,
            .looseLibraries: bundle.signing.map { signing in
                .array(
                    signing.libraries.map {
                        Schema.LooseLibrary.object([
                            .path: .string($0.path), .architectures: .array($0.file.architectures.map(JSONValue.string)),
                            .version: JSONValue($0.file.currentVersion?.description),
                        ])
                    })
            } ?? .null,
            .requiredReasonAPIs: bundle.requiredReasonAPIs.map { uses in
                .array(uses.map { Schema.RequiredReasonAPI.object([.category: .string($0.category), .binaries: .array($0.binaries.map(JSONValue.string))]) })
            } ?? .null,
            .listedSDK: bundle.listedSDK.map { Schema.ListedSDK.object([.name: .string($0.name), .vendor: JSONValue($0.vendor)]) } ?? .null,
        ])
    }

    private func documentType(_ type: BundleDocumentType) -> JSONValue {
        Schema.DocumentType.object([
            .name: JSONValue(type.name),
            .role: JSONValue(type.role),
            .rank: JSONValue(type.rank),
            .contentTypes: .array(type.contentTypes.map(JSONValue.string)),
        ])
    }

    private func sizes(_ sizes: BundleSizes, executable: MachOFile?) -> JSONValue {
        func count(_ bytes: BundleSizes.ByteCount) -> JSONValue {
            Schema.ByteCount.object([
                .files: .integer(Int64(bytes.files)),
                .uncompressed: .integer(Int64(clamping: bytes.uncompressed)),
                .stored: bytes.stored.map { .integer(Int64(clamping: $0)) } ?? .null,
            ])
        }
        func sized(_ entry: BundleSizes.SizedPath) -> JSONValue {
            Schema.SizedPath.object([.path: .string(entry.path), .folder: .bool(entry.isFolder), .size: count(entry.size)])
        }
        return Schema.Sizes.object([
            .total: count(sizes.total),
            .own: count(sizes.own),
            .executableText: executable.map { file in
                .array(
                    file.slices.map {
                        Schema.TextSections.object([
                            .architecture: .string($0.architecture), .textSections: $0.textSectionsSize.map { .integer(Int64(clamping: $0)) } ?? .null,
                        ])
                    })
            } ?? .null,
            .largestFolders: .array(sizes.largestFolders.map(sized)),
            .largestFiles: .array(sizes.largestFiles.map(sized)),
        ])
    }

    private func assetCatalog(_ catalog: AssetCatalogSummary) -> JSONValue {
        Schema.AssetCatalog.object([
            .path: .string(catalog.path),
            .size: .integer(Int64(clamping: catalog.size)),
            .problem: JSONValue(catalog.problem),
            .renditionCount: .integer(Int64(catalog.renditionCount)),
            .renditionKinds: .array(catalog.renditionKinds.map { Schema.RenditionKind.object([.kind: .string($0.name), .count: .integer(Int64($0.count))]) }),
            .namedIconSet: JSONValue(catalog.namedIconSet),
            .iconSets: .array(
                catalog.iconSets.map { set in
                    Schema.IconSet.object([
                        .name: .string(set.name),
                        .layerStacks: .integer(Int64(set.layerStacks)),
                        .images: .array(set.images.map(iconImage)),
                        .layeredImages: .array(
                            set.layeredImages.map { stack in
                                Schema.LayeredImage.object([
                                    .idiom: .string(stack.idiom),
                                    .scale: .integer(Int64(stack.scale)),
                                    .pixelWidth: .integer(Int64(stack.pixelWidth)),
                                    .pixelHeight: .integer(Int64(stack.pixelHeight)),
                                    .layers: .array(
                                        stack.layers.map { layer in
                                            Schema.Layer.object([
                                                .name: JSONValue(layer.name), .role: JSONValue(layer.role), .images: .array(layer.images.map(iconImage)),
                                            ])
                                        }),
                                ])
                            }),
                        .iconStacks: .array(set.iconStacks.map(appearanceIcon)),
                        .iconComposer: set.iconComposer.map(iconComposer) ?? .null,
                        .storedBytes: .integer(Int64(set.storedBytes)),
                    ])
                }),
            .topShelfImages: .array(
                catalog.topShelfImages.map { image in
                    Schema.TopShelfImage.object([
                        .key: .string(image.key), .name: .string(image.name), .held: .bool(image.held), .images: .array(image.images.map(iconImage)),
                        .pixels: .array(
                            image.pixels.map { decoded in
                                decoded.map { pixels in
                                    Schema.DecodedPixels.object([
                                        .opaque: pixels.opaque.map(JSONValue.bool) ?? .null,
                                        .transparentPixels: .integer(Int64(pixels.transparentPixels)),
                                        .firstTransparentPixel: pixel(pixels.firstTransparentPixel),
                                        .problem: JSONValue(pixels.problem),
                                    ])
                                } ?? .null
                            }),
                    ])
                }),
            .alternateIcons: .array(
                catalog.alternateIcons.map { icon in
                    Schema.AlternateIcon.object([
                        .iconsKey: .string(icon.iconsKey), .entry: .string(icon.entry), .iconSet: .string(icon.iconSet), .held: .bool(icon.held),
                    ])
                }),
            .appStoreIcon: catalog.appStoreIcon.map { icon in
                Schema.AppStoreIcon.object([
                    .iconSet: .string(icon.iconSet),
                    .idiom: .string(icon.idiom),
                    .appearance: .string(icon.appearance),
                    .iconStack: .bool(icon.iconStack),
                    .pixelWidth: .integer(Int64(icon.pixelWidth)),
                    .pixelHeight: .integer(Int64(icon.pixelHeight)),
                    .layered: .bool(icon.layered),
                    .opaque: icon.opaque.map(JSONValue.bool) ?? .null,
                    .transparentPixels: .integer(Int64(icon.transparentPixels)),
                    .firstTransparentPixel: pixel(icon.firstTransparentPixel),
                    .pixelProblem: JSONValue(icon.pixelProblem),
                ])
            } ?? .null,
            .appStoreIconAppearances: .array(catalog.appStoreIconAppearances.map(appearanceIcon)),
            .appStoreIconElsewhere: JSONValue(catalog.appStoreIconElsewhere),
        ])
    }

    private func pixel(_ pixel: AssetCatalogSummary.Pixel?) -> JSONValue {
        pixel.map { Schema.Pixel.object([.x: .integer(Int64($0.x)), .y: .integer(Int64($0.y))]) } ?? .null
    }

    private func iconComposer(_ icon: AssetCatalogSummary.IconComposerIcon) -> JSONValue {
        Schema.IconComposer.object([
            .appearances: .array(icon.appearances.map(JSONValue.string)),
            .groups: .array(icon.groups.map { Schema.IconComposerGroup.object([.name: .string($0.name), .layers: .array($0.layers.map(JSONValue.string))]) }),
            .vectorLayers: .array(
                icon.vectorLayers.map { layer in
                    Schema.VectorLayer.object([
                        .name: .string(layer.name), .storedBytes: .integer(Int64(layer.storedBytes)), .decodedBytes: .integer(Int64(layer.decodedBytes)),
                        .svg: .bool(layer.svg),
                    ])
                }),
            .gradients: .array(icon.gradients.map { Schema.Gradient.object([.name: .string($0.name), .colors: .array($0.colors.map(JSONValue.string))]) }),
            .colors: .array(icon.colors.map(JSONValue.string)),
            .fallbacks: .array(
                icon.fallbacks.map { Schema.Fallback.object([.appearance: .string($0.appearance), .sizes: .array($0.sizes.map(JSONValue.string))]) }),
            .bytes: Schema.IconComposerBytes.object([
                .stacks: .integer(Int64(icon.bytes.stacks)), .layers: .integer(Int64(icon.bytes.layers)),
                .fallbacks: .integer(Int64(icon.bytes.fallbacks)), .total: .integer(Int64(icon.bytes.total)),
            ]),
        ])
    }

    private func appearanceIcon(_ icon: AssetCatalogSummary.AppearanceIcon) -> JSONValue {
        Schema.AppearanceIcon.object([
            .appearance: .string(icon.appearance),
            .idiom: .string(icon.idiom),
            .pixelWidth: .integer(Int64(icon.pixelWidth)),
            .pixelHeight: .integer(Int64(icon.pixelHeight)),
            .iconStack: .bool(icon.iconStack),
        ])
    }

    private func iconImage(_ image: AssetCatalogSummary.IconImage) -> JSONValue {
        Schema.IconImage.object([
            .idiom: .string(image.idiom),
            .appearance: .string(image.appearance),
            .points: image.points.map { Schema.Points.object([.width: .integer(Int64($0.width)), .height: .integer(Int64($0.height))]) } ?? .null,
            .scale: .integer(Int64(image.scale)),
            .pixelWidth: .integer(Int64(image.pixelWidth)),
            .pixelHeight: .integer(Int64(image.pixelHeight)),
            .opaque: image.opaque.map(JSONValue.bool) ?? .null,
            .format: .string(image.format),
        ])
    }

    private func certificate(_ certificate: X509Certificate, of signing: BundleSigning) -> JSONValue {
        Schema.Certificate.object([
            .commonName: JSONValue(certificate.subject.commonName),
            .serialNumber: .string(certificate.serialNumber),
            .expires: .string(certificate.notAfter.formatted(.iso8601)),
            .kind: JSONValue(signing.signingCertificateKind?.id),
            .role: JSONValue(signing.signingCertificateKind?.role.rawValue),
            .listedInProfile: signing.signingCertificateListed.map(JSONValue.bool) ?? .null,
        ])
    }

    private func privacyManifest(_ summary: PrivacyManifestSummary) -> JSONValue {
        Schema.PrivacyManifest.object([
            .files: .array(summary.files.map(JSONValue.string)),
            .accessedAPITypes: .array(
                summary.accessedAPIs.map { api in
                    Schema.AccessedAPIType.object([.category: .string(api.category), .reasons: .array(api.reasons.map(JSONValue.string))])
                }),
            .tracking: summary.tracking.map(JSONValue.bool) ?? .null,
            .trackingDomains: .array(summary.trackingDomains.map(JSONValue.string)),
            .collectedDataTypes: .array(summary.collectedDataTypes.map(JSONValue.string)),
            .collectedData: .array(
                summary.collectedData.map { data in
                    Schema.CollectedData.object([
                        .type: .string(data.type),
                        .linked: data.linked.map(JSONValue.bool) ?? .null,
                        .tracking: data.tracking.map(JSONValue.bool) ?? .null,
                        .purposes: .array(data.purposes.map(JSONValue.string)),
                    ])
                }),
        ])
    }

    private func toolchain(_ toolchain: BundleToolchain) -> JSONValue {
        Schema.Toolchain.object([
            .platform: JSONValue(toolchain.sdkPlatform),
            .sdk: JSONValue(toolchain.sdkName),
            .sdkBuild: JSONValue(toolchain.sdkBuild),
            .xcode: JSONValue(toolchain.xcodeDescription),
            .xcodeBuild: JSONValue(toolchain.xcodeBuild),
        ])
    }

    private func entitlements(_ signing: BundleSigning) -> JSONValue {
        let entitlements = signing.entitlements
        return Schema.Entitlements.object([
            .source: .string(signing.entitlementsSource.rawValue),
            .teamIdentifier: JSONValue(signing.teamIdentifier),
            .applicationIdentifier: JSONValue(entitlements?.applicationIdentifier),
            .appGroups: .array((entitlements?.appGroups ?? []).map(JSONValue.string)),
            .dictionary: entitlements.map { PlistJSON.value(.dictionary($0.dictionary)) } ?? .null,
        ])
    }

    private func profile(_ profile: ProvisioningProfile) -> JSONValue {
        Schema.Profile.object([
            .name: JSONValue(profile.name),
            .kind: .string(profile.kind.rawValue),
            .teamIdentifier: JSONValue(profile.teamIdentifier),
            .applicationIdentifier: JSONValue(profile.applicationIdentifier),
            .expires: JSONValue(profile.expirationDate?.formatted(.iso8601)),
        ])
    }

    /// A finding's `suppression` member: who accepted it and why, or null (the review's verdicts too).
    package static func suppression(_ suppression: Suppression?) -> JSONValue {
        suppression.map { Schema.Suppression.object([.kind: .string($0.kind.rawValue), .reason: .string($0.reason)]) } ?? .null
    }

    private func finding(_ finding: Finding) -> JSONValue {
        let fields: JSONValue = Schema.Finding.object([
            .rule: .string(finding.rule),
            .severity: .string(finding.severity.rawValue),
            .message: .string(finding.message),
            .bundle: JSONValue(finding.bundle),
            .file: JSONValue(finding.file),
            .keyPath: JSONValue(finding.keyPath?.description),
            .line: JSONValue(finding.line),
            .column: JSONValue(finding.column),
            .excerpt: JSONValue(finding.excerpt),
            .appleCodes: .array(finding.appleCodes.map(JSONValue.string)),
            .fingerprint: .string(finding.fingerprint),
            .suppressed: .bool(finding.suppressed),
            .suppression: Self.suppression(finding.suppression),
        ])
        guard case .object(var members) = fields else { return fields }
        // Only a finding about a secret names its fingerprint (what an ignore entry's `secret:` takes).
        if let secret = finding.secret { members.append(JSONValue.Member(Schema.Finding.secret.rawValue, .string(secret))) }
        // Only the finding that stands for those the cap left out says how many (docs/limits.md).
        if let omitted = finding.omittedCount { members.append(JSONValue.Member(Schema.Finding.omittedCount.rawValue, .integer(Int64(omitted)))) }
        return .object(members)
    }
}
