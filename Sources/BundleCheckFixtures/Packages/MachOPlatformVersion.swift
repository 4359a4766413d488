import BundleCheckFormats

/// Which load command states a fixture slice's platform and versions.
public enum MachOPlatformVersion: Sendable, Hashable {
    /// `LC_BUILD_VERSION`, as Xcode writes today.
    case buildVersion(MachOPlatform, minimumOS: MachOVersion, sdk: MachOVersion)
    /// `LC_VERSION_MIN_IPHONEOS`, as older Xcodes wrote (the platform is implied).
    case versionMinIPhoneOS(minimumOS: MachOVersion, sdk: MachOVersion)
}
