import BundleCheckModel

/// Every built-in check, listed once: adding a check adds one line to `registry`. A rule file
/// without `match:` is run by the check whose `id` is the rule's; tests fail when a check has
/// no rule file, a rule file names no check, or two checks share an id.
struct BuiltInCheck: RawRepresentable, Hashable, CaseIterable, Sendable {
    static let registry: [any Check] = [
        VersionMissingCheck(),
        VersionFormatCheck(),
        VersionMismatchCheck(),
        PlistDuplicateKeyCheck(),
        URLSchemeInvalidCheck(),
        URLSchemeReservedCheck(),
        URLSchemeDuplicateCheck(),
        URLSchemeMissingCheck(),
        ExtensionPointCheck(mode: .missing),
        ExtensionPointCheck(mode: .unknown),
        ExtensionPointCheck(mode: .platform),
        PlatformMismatchCheck(),
        WatchOnlyContainerCheck(),
        ExtensionKitLocationCheck(),
        BundleIdentifierPrefixCheck(),
        BundleIdentifierDuplicateCheck(),
        PackageTypeCheck(),
        PrincipalClassCheck(),
        RequiredKeysCheck(),
        JavaScriptPreprocessingCheck(),
        MinimumOSCheck(),
        ActivationRuleCheck(mode: .missing),
        ActivationRuleCheck(mode: .truePredicate),
        ActivationRuleCheck(mode: .invalid),
        ActivationRuleCheck(mode: .neverMatches),
        ActivationRuleCheck(mode: .unknownType),
        AppGroupPrefixCheck(),
        AppGroupMismatchCheck(),
        AppGroupNoneSharedCheck(),
        AppGroupNotProvisionedCheck(),
        ApplicationIdentifierCheck(),
        TeamMismatchCheck(),
        UnsignedCheck(),
        SignatureModifiedCheck(),
        DistributionEntitlementCheck(mode: .getTaskAllow),
        DistributionEntitlementCheck(mode: .apsEnvironment),
        ProfileCheck(mode: .kind),
        ProfileCheck(mode: .expired),
        ProfileCheck(mode: .expiring),
        CertificateExpiredCheck(),
        ProfileApplicationIdentifierCheck(),
        BinaryCheck(mode: .unsupportedArchitecture),
        BinaryCheck(mode: .bitcode),
        BinaryCheck(mode: .minimumOS),
        BinaryCheck(mode: .encryptionInfo),
        CatalystIntelDroppedCheck(),
        SDKTooOldCheck(),
        BetaToolchainCheck(),
        SimulatorBuildCheck(),
        BuildKeysMissingCheck(),
        AppIconMissingCheck(),
        AppIconSetMissingCheck(),
        AppStoreIconMissingCheck(),
        AppStoreIconAlphaCheck(),
        TopShelfImageMissingCheck(),
        TopShelfImageAlphaCheck(),
        VisionIconLayersCheck(),
        IconFallbacksMissingCheck(),
        IconCatalogBloatCheck(),
        KeyChangedBySDKCheck(id: "full-screen-deprecated"),
        KeyChangedBySDKCheck(id: "design-compatibility-ignored"),
        FullScreenIgnoredVersionCheck(),
        AlternateIconMissingCheck(),
        IPadMultitaskingOrientationsCheck(),
        LaunchScreenMissingCheck(),
        DocumentTypesCheck(),
        ResourceBundleExecutableCheck(),
        NestedBundleSimulatorCheck(),
        UnmatchedSymbolsCheck(),
        AppTooLargeCheck(),
        TextSegmentTooLargeCheck(),
        AppClipTooLargeCheck(),
        CertificateKindCheck(),
        CertificateNotInProfileCheck(),
        DebugBuildCheck(),
        IPAPathNotAllowedCheck(),
        HandoffTypesUndeclaredCheck(),
        AssetCatalogMalformedCheck(),
        PrivateFrameworkCheck(),
        StrayBinaryCheck(),
        AppSandboxCheck(),
        MacAppIconCheck(),
        MacAppCategoryCheck(),
        HardenedRuntimeCheck(),
        InstallerSignatureCheck(),
        InstallerPackageMetadataCheck(),
        InstallerPayloadUnreadableCheck(),
        URLSchemeUndeclaredCheck(),
        AppGroupInCodeCheck(),
        PrivacyManifestCheck(mode: .invalid),
        PrivacyManifestCheck(mode: .category),
        PrivacyManifestCheck(mode: .reason),
        PrivacyManifestCheck(mode: .tracking),
        PrivacyManifestCheck(mode: .emptyAPITypes),
        SceneManifestMissingCheck(),
        SDKFloorUpcomingCheck(),
        WatchArchitectureCheck(mode: .dated),
        WatchArchitectureCheck(mode: .belowDeploymentTarget),
        AppClipParentEntitlementCheck(),
        FrameworkEntitlementCheck(id: "declared-age-range-entitlement"),
        SceneConfigurationEmptyCheck(),
        RequiredReasonAPICheck(),
        SDKPrivacyManifestCheck(),
        PurposeStringMissingCheck(),
        PurposeStringEmptyCheck(),
        PurposeStringPlaceholderCheck(),
        ReadProblemCheck(kind: .infoPlistMissing),
        ReadProblemCheck(kind: .infoPlistMalformed),
        ReadProblemCheck(kind: .executableInvalid),
        ReadProblemCheck(kind: .profileMalformed),
        ReadProblemCheck(kind: .entitlementsMalformed),
        ReadProblemCheck(kind: .zipEntryCorrupt),
        PayloadLayoutCheck(),
        ZipEntryDuplicateCheck(),
        ZipEntryUnsafeNameCheck(),
        // Last: an earlier check's declaration of a file it keeps whole sets the size kept.
        EmbeddedSecretCheck(),
        PossibleSecretCheck(),
    ]

    private static let byID: [String: any Check] = Dictionary(registry.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// Every check, for the rule loader: these with the Apple codes each reports, and the
    /// release checks `bundlecheck diff` runs (which report their rule's codes, or none).
    static let declarations = BuiltInCheckDeclarations(
        registry.map(\.declaration)
            + ReleaseCheckName.allCases.map {
                BuiltInCheckDeclaration(name: $0.rawValue, citesAppleCodes: $0.citesAppleCodes, isRelease: true)
            }
    )

    static let allCases: [BuiltInCheck] = registry.map(BuiltInCheck.init(implementation:))

    let implementation: any Check

    private init(implementation: any Check) {
        self.implementation = implementation
    }

    init?(rawValue: String) {
        guard let check = Self.byID[rawValue] else { return nil }
        self.init(implementation: check)
    }

    /// The check's id: the id of the rule it runs.
    var rawValue: String { implementation.id }

    static func == (lhs: BuiltInCheck, rhs: BuiltInCheck) -> Bool { lhs.rawValue == rhs.rawValue }

    func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
