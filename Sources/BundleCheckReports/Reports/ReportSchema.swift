import BundleCheckFormats

/// A member of an object of the JSON report (`docs/report.schema.json`), declared once: one case
/// of an enum below. `JSONReporter` writes the report through them and the release review reads
/// it back through them (`BuildRecordReader`, `BundleRecord`, `InventoryFacets`, `SizeDiff`), so
/// a renamed member breaks the build on both sides rather than showing as "not recorded" in a
/// review. The raw value is the name as written; changing one changes the report's bytes, which
/// the golden reports catch (schema version 1 keeps every name).
package protocol ReportMember: RawRepresentable, Sendable where RawValue == String {}

extension ReportMember {
    /// An object of these members in the order given: the report's fixed order.
    package static func object(_ members: KeyValuePairs<Self, JSONValue>) -> JSONValue {
        .object(members.map { JSONValue.Member($0.key.rawValue, $0.value) })
    }
}

/// A member named at run time, for callers outside the project (`BundleRecord.recorded(_: [String])`).
package struct AnyReportMember: ReportMember {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
}

/// Members from a bundle object down (`[Bundle.toolchain, Toolchain.sdk]`), as the review reads them.
package typealias ReportPath = [any ReportMember]

extension JSONValue {
    /// The value of a declared member; nil for other values, or when the object lacks it.
    package subscript(member: some ReportMember) -> JSONValue? { self[member.rawValue] }
}

/// The report's objects, each the enum of its members (named after the object).
package enum ReportSchema {
    package enum Document: String, ReportMember { case schemaVersion, tool, configurationFile, inputs, summary, rulesRun }
    package enum Tool: String, ReportMember { case name, version }
    package enum Summary: String, ReportMember { case errors, warnings, notes, suppressed }
    package enum Input: String, ReportMember { case path, kind, container, size, error, bundles, findings, distribution }
    package enum Distribution: String, ReportMember { case checked, stated, signature }
    package enum InputError: String, ReportMember { case code, message }

    package enum Bundle: String, ReportMember {
        case path, kind, platform, simulator, parent, infoPlist, bundleIdentifier, shortVersion, version, executable, extensionPoint
        case accepts, architectures, uuids, minimumOS, entitlements, profile, signingCertificate, privacyManifest, toolchain
        case assetCatalog, sizes, purposeStrings, urlSchemes, queriedSchemes, documentTypes, activationRule, looseLibraries
        case requiredReasonAPIs, listedSDK
    }
    package enum AcceptedType: String, ReportMember { case type, max }
    package enum SliceUUID: String, ReportMember { case architecture, uuid }
    package enum PurposeString: String, ReportMember { case key, text }
    package enum ActivationRule: String, ReportMember { case form, text }
    package enum LooseLibrary: String, ReportMember { case path, architectures, version }
    package enum ListedSDK: String, ReportMember { case name, vendor }
    package enum RequiredReasonAPI: String, ReportMember { case category, binaries }
    package enum DocumentType: String, ReportMember { case name, role, rank, contentTypes }

    package enum Sizes: String, ReportMember { case total, own, executableText, largestFolders, largestFiles }
    package enum ByteCount: String, ReportMember { case files, uncompressed, stored }
    package enum SizedPath: String, ReportMember { case path, folder, size }
    package enum TextSections: String, ReportMember { case architecture, textSections }

    package enum AssetCatalog: String, ReportMember {
        case path, size, problem, renditionCount, renditionKinds, namedIconSet, iconSets, topShelfImages, alternateIcons
        case appStoreIcon, appStoreIconAppearances, appStoreIconElsewhere
    }
    package enum RenditionKind: String, ReportMember { case kind, count }
    package enum IconSet: String, ReportMember { case name, layerStacks, images, layeredImages, iconStacks, iconComposer, storedBytes }
    package enum IconComposer: String, ReportMember { case appearances, groups, vectorLayers, gradients, colors, fallbacks, bytes }
    package enum IconComposerGroup: String, ReportMember { case name, layers }
    package enum VectorLayer: String, ReportMember { case name, storedBytes, decodedBytes, svg }
    package enum Gradient: String, ReportMember { case name, colors }
    package enum Fallback: String, ReportMember { case appearance, sizes }
    package enum IconComposerBytes: String, ReportMember { case stacks, layers, fallbacks, total }
    package enum LayeredImage: String, ReportMember { case idiom, scale, pixelWidth, pixelHeight, layers }
    package enum Layer: String, ReportMember { case name, role, images }
    package enum TopShelfImage: String, ReportMember { case key, name, held, images, pixels }
    package enum DecodedPixels: String, ReportMember { case opaque, transparentPixels, firstTransparentPixel, problem }
    package enum AlternateIcon: String, ReportMember { case iconsKey, entry, iconSet, held }
    package enum AppStoreIcon: String, ReportMember {
        case iconSet, idiom, appearance, iconStack, pixelWidth, pixelHeight, layered, opaque, transparentPixels, firstTransparentPixel
        case pixelProblem
    }
    package enum Pixel: String, ReportMember { case x, y }
    package enum AppearanceIcon: String, ReportMember { case appearance, idiom, pixelWidth, pixelHeight, iconStack }
    package enum IconImage: String, ReportMember { case idiom, appearance, points, scale, pixelWidth, pixelHeight, opaque, format }
    package enum Points: String, ReportMember { case width, height }

    package enum Certificate: String, ReportMember { case commonName, serialNumber, expires, kind, role, listedInProfile }
    package enum PrivacyManifest: String, ReportMember { case files, accessedAPITypes, tracking, trackingDomains, collectedDataTypes, collectedData }
    package enum CollectedData: String, ReportMember { case type, linked, tracking, purposes }
    package enum AccessedAPIType: String, ReportMember { case category, reasons }
    package enum Toolchain: String, ReportMember { case platform, sdk, sdkBuild, xcode, xcodeBuild }
    package enum Entitlements: String, ReportMember { case source, teamIdentifier, applicationIdentifier, appGroups, dictionary }
    package enum Profile: String, ReportMember { case name, kind, teamIdentifier, applicationIdentifier, expires }

    package enum Finding: String, ReportMember {
        case rule, severity, message, bundle, file, keyPath, line, column, excerpt, appleCodes, fingerprint, suppressed, suppression
        case omittedCount, secret
    }
    package enum Suppression: String, ReportMember { case kind, reason }
}
