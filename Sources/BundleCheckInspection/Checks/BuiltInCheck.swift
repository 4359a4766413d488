import BundleCheckModel

/// Every built-in check, listed once: an exhaustive enum so none can be forgotten.
/// A rule file names one of these in its `check` field; a test fails when a case
/// has no rule file or a rule file names a check that is not here.
enum BuiltInCheck: String, CaseIterable, Sendable {
    case versionMissing = "version-missing"
    case versionFormat = "version-format"
    case versionMismatch = "version-mismatch"
    case plistDuplicateKey = "plist-duplicate-key"
    case urlSchemeInvalid = "url-scheme-invalid"
    case urlSchemeReserved = "url-scheme-reserved"
    case urlSchemeDuplicate = "url-scheme-duplicate"
    case urlSchemeMissing = "url-scheme-missing"
    case extensionPointMissing = "extension-point-missing"
    case extensionPointUnknown = "extension-point-unknown"
    case extensionKitLocation = "extension-kit-location"
    case bundleIDPrefix = "bundle-id-prefix"
    case bundleIDDuplicate = "bundle-id-duplicate"
    case packageType = "package-type"
    case principalClass = "principal-class"
    case requiredKeys = "required-keys"
    case jsPreprocessing = "js-preprocessing"
    case minimumOS = "minimum-os"
    case activationRuleMissing = "activation-rule-missing"
    case activationRuleTruePredicate = "activation-rule-truepredicate"
    case activationRuleInvalid = "activation-rule-invalid"
    case activationRuleNeverMatches = "activation-rule-never-matches"
    case activationRuleUnknownType = "activation-rule-unknown-type"
    case appGroupPrefix = "app-group-prefix"
    case appGroupMismatch = "app-group-mismatch"
    case appGroupNoneShared = "app-group-none-shared"
    case appGroupNotProvisioned = "app-group-not-provisioned"
    case applicationIdentifier = "application-identifier"
    case teamMismatch = "team-mismatch"
    case unsigned = "unsigned"
    case getTaskAllow = "get-task-allow"
    case apsEnvironment = "aps-environment"
    case profileKind = "profile-kind"
    case profileExpired = "profile-expired"
    case profileAppID = "profile-app-id"
    case unsupportedArchitecture = "unsupported-architecture"
    case bitcode = "bitcode"
    case minimumOSBinary = "minimum-os-binary"
    case encryptionInfo = "encryption-info"
    case privateFramework = "private-framework"
    case strayBinary = "stray-binary"
    case urlSchemeUndeclared = "url-scheme-undeclared"
    case appGroupInCode = "app-group-in-code"

    /// Every check's name, for the rule loader.
    static let names = Set(allCases.map(\.rawValue))

    var implementation: any Check {
        switch self {
        case .versionMissing: VersionMissingCheck()
        case .versionFormat: VersionFormatCheck()
        case .versionMismatch: VersionMismatchCheck()
        case .plistDuplicateKey: PlistDuplicateKeyCheck()
        case .urlSchemeInvalid: URLSchemeInvalidCheck()
        case .urlSchemeReserved: URLSchemeReservedCheck()
        case .urlSchemeDuplicate: URLSchemeDuplicateCheck()
        case .urlSchemeMissing: URLSchemeMissingCheck()
        case .extensionPointMissing: ExtensionPointCheck(mode: .missing)
        case .extensionPointUnknown: ExtensionPointCheck(mode: .unknown)
        case .extensionKitLocation: ExtensionKitLocationCheck()
        case .bundleIDPrefix: BundleIdentifierPrefixCheck()
        case .bundleIDDuplicate: BundleIdentifierDuplicateCheck()
        case .packageType: PackageTypeCheck()
        case .principalClass: PrincipalClassCheck()
        case .requiredKeys: RequiredKeysCheck()
        case .jsPreprocessing: JavaScriptPreprocessingCheck()
        case .minimumOS: MinimumOSCheck()
        case .activationRuleMissing: ActivationRuleCheck(mode: .missing)
        case .activationRuleTruePredicate: ActivationRuleCheck(mode: .truePredicate)
        case .activationRuleInvalid: ActivationRuleCheck(mode: .invalid)
        case .activationRuleNeverMatches: ActivationRuleCheck(mode: .neverMatches)
        case .activationRuleUnknownType: ActivationRuleCheck(mode: .unknownType)
        case .appGroupPrefix: AppGroupPrefixCheck()
        case .appGroupMismatch: AppGroupMismatchCheck()
        case .appGroupNoneShared: AppGroupNoneSharedCheck()
        case .appGroupNotProvisioned: AppGroupNotProvisionedCheck()
        case .applicationIdentifier: ApplicationIdentifierCheck()
        case .teamMismatch: TeamMismatchCheck()
        case .unsigned: UnsignedCheck()
        case .getTaskAllow: DistributionEntitlementCheck(mode: .getTaskAllow)
        case .apsEnvironment: DistributionEntitlementCheck(mode: .apsEnvironment)
        case .profileKind: ProfileCheck(mode: .kind)
        case .profileExpired: ProfileCheck(mode: .expired)
        case .profileAppID: ProfileApplicationIdentifierCheck()
        case .unsupportedArchitecture: BinaryCheck(mode: .unsupportedArchitecture)
        case .bitcode: BinaryCheck(mode: .bitcode)
        case .minimumOSBinary: BinaryCheck(mode: .minimumOS)
        case .encryptionInfo: BinaryCheck(mode: .encryptionInfo)
        case .privateFramework: PrivateFrameworkCheck()
        case .strayBinary: StrayBinaryCheck()
        case .urlSchemeUndeclared: URLSchemeUndeclaredCheck()
        case .appGroupInCode: AppGroupInCodeCheck()
        }
    }
}
