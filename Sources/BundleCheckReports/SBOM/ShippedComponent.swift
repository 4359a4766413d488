import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel

/// One piece of code a package ships, as both SBOM formats describe it: a bundle of the
/// inventory (app, extension, App Clip, watch app, framework, XPC service …) or a loose
/// library in a bundle's `Frameworks/` (the Swift runtime's copies, vendored dylibs).
///
/// Only what the package itself says: no version, supplier or package identity is guessed.
package struct ShippedComponent: Sendable {
    package enum Kind: Sendable, Equatable {
        case bundle(BundleKind)
        case library
    }

    /// Unique within its package: the bundle's or library's path in it.
    package let reference: String
    package let kind: Kind
    /// `Share` for `…/Share.appex`, `libswiftCore.dylib` for a library.
    package let name: String
    package let path: String
    /// The component that holds this one (a bundle's path); nil at the top of the package.
    package let parent: String?
    /// `CFBundleShortVersionString` and `CFBundleVersion`; a library's `LC_ID_DYLIB` current version.
    package let marketingVersion: String?
    package let buildVersion: String?
    package let bundleIdentifier: String?
    package let executablePath: String?
    /// The SHA-256 of the whole executable (lowercase hex); nil when it was not read whole.
    package let sha256: String?
    /// Each slice's architecture and `LC_UUID`, in file order.
    package let uuids: [(architecture: String, uuid: String)]
    /// The signing certificate's organisation (subject O), its SHA-256, and the team identifier.
    package let signerOrganization: String?
    package let certificateSHA256: String?
    package let teamIdentifier: String?
    package let platform: String?
    package let minimumOS: String?
    /// Apple's name for the commonly used SDK this framework is, and who publishes it.
    package let listedSDK: ListedSDKs.SDK?
    /// What the privacy manifests that count for the bundle declare.
    package let privacy: PrivacyManifestSummary?

    /// The version SBOM consumers compare: the marketing version, else the build version.
    package var version: String? { marketingVersion ?? buildVersion }

    /// Every bundle of `input`, each followed by its loose libraries, in inventory order.
    package static func components(of input: InputReport) -> [ShippedComponent] {
        input.bundles.flatMap { bundle in
            [ShippedComponent(bundle)] + (bundle.signing?.libraries ?? []).map { ShippedComponent(library: $0, in: bundle) }
        }
    }

    init(_ bundle: InspectedBundle) {
        reference = bundle.path
        kind = .bundle(bundle.kind)
        name = Self.stem(bundle.name)
        path = bundle.path
        parent = bundle.parent
        marketingVersion = bundle.shortVersion
        buildVersion = bundle.version
        bundleIdentifier = bundle.bundleIdentifier
        executablePath = bundle.signing?.executablePath
        sha256 = bundle.signing?.executableSHA256
        uuids = Self.uuids(of: bundle.signing?.executable)
        let certificate = bundle.signing?.signingCertificate
        signerOrganization = certificate?.subject.organization
        certificateSHA256 = certificate?.fingerprint.map(Hex.lowercase)
        teamIdentifier = bundle.signing?.teamIdentifier
        platform = bundle.platform.id
        minimumOS = bundle.signing?.executable?.slices.lazy.compactMap(\.minimumOS).first?.description
        listedSDK = bundle.listedSDK
        privacy = bundle.privacyManifest
    }

    init(library: BundleBinary, in bundle: InspectedBundle) {
        reference = library.path
        kind = .library
        name = PackagePath.name(library.path)
        path = library.path
        parent = bundle.path
        // A dylib has no Info.plist: its version is the current version its LC_ID_DYLIB states.
        marketingVersion = library.file.currentVersion?.description
        buildVersion = nil
        bundleIdentifier = nil
        executablePath = library.path
        sha256 = library.file.sha256
        uuids = Self.uuids(of: library.file)
        // Its certificate is not read; its own signature's team is.
        signerOrganization = nil
        certificateSHA256 = nil
        teamIdentifier = library.teamIdentifier
        platform = bundle.platform.id
        minimumOS = library.file.slices.lazy.compactMap(\.minimumOS).first?.description
        listedSDK = nil
        privacy = nil
    }

    private static func uuids(of file: MachOFile?) -> [(architecture: String, uuid: String)] {
        (file?.slices ?? []).compactMap { slice in slice.uuid.map { (slice.architecture, $0.description) } }
    }

    /// `Share` for `Share.appex`: the folder's name without its extension.
    private static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

extension ShippedComponent {
    /// The facts no field of either format holds, as named properties (CycloneDX's
    /// `properties`, SPDX's package comment): names in bundlecheck's own `bundlecheck:` namespace.
    package var facts: [(name: String, value: String)] {
        var facts: [(name: String, value: String)] = [("bundlecheck:path", path)]
        if case .bundle(let kind) = kind { facts.append(("bundlecheck:bundle-kind", kind.rawValue)) }
        facts += [
            ("bundlecheck:bundle-identifier", bundleIdentifier),
            ("bundlecheck:marketing-version", kind == .library ? nil : marketingVersion),
            ("bundlecheck:dylib-current-version", kind == .library ? marketingVersion : nil),
            ("bundlecheck:build-version", buildVersion), ("bundlecheck:executable", executablePath),
            ("bundlecheck:platform", platform), ("bundlecheck:minimum-os", minimumOS),
        ].compactMap { name, value in value.map { (name, $0) } }
        facts += uuids.map { ("bundlecheck:lc-uuid:\($0.architecture)", $0.uuid) }
        facts += [
            ("bundlecheck:team-identifier", teamIdentifier), ("bundlecheck:signing-certificate-sha256", certificateSHA256),
            ("bundlecheck:listed-sdk", listedSDK?.name),
        ].compactMap { name, value in value.map { (name, $0) } }
        if let privacy { facts += Self.facts(of: privacy) }
        return facts
    }

    /// A privacy manifest's declarations, one property per declaration, as the manifest words them.
    private static func facts(of privacy: PrivacyManifestSummary) -> [(name: String, value: String)] {
        var facts = privacy.files.map { ("bundlecheck:privacy:manifest", $0) }
        if let tracking = privacy.tracking { facts.append(("bundlecheck:privacy:tracking", String(tracking))) }
        facts += privacy.trackingDomains.map { ("bundlecheck:privacy:tracking-domain", $0) }
        facts += privacy.collectedData.map { data in
            let flags = [("linked", data.linked), ("tracking", data.tracking)].compactMap { name, flag in flag.map { "\(name)=\($0)" } }
            let purposes = data.purposes.isEmpty ? [] : ["purposes=" + data.purposes.joined(separator: ",")]
            return ("bundlecheck:privacy:collected-data", ([data.type] + flags + purposes).joined(separator: "; "))
        }
        facts += privacy.accessedAPIs.map { api in
            ("bundlecheck:privacy:accessed-api", api.reasons.isEmpty ? api.category : "\(api.category): \(api.reasons.joined(separator: ", "))")
        }
        return facts
    }
}
