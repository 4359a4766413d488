import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel

extension InspectedBundle {
    /// The commonly used SDK of Apple's list this framework is (`Rules/data/privacy-sdks.yml`),
    /// recognised as `sdk-privacy-manifest-missing` recognises it; nil for any other bundle.
    package var listedSDK: ListedSDKs.SDK? {
        kind == .framework ? ListedSDKs.shipped.match(frameworkPath: path, bundleIdentifier: bundleIdentifier)?.sdk : nil
    }
}

extension MachOFile {
    /// A library's current version as its `LC_ID_DYLIB` states it; nil when none does, or when it
    /// is 0, as the Swift runtime's copies leave it.
    package var currentVersion: MachOVersion? {
        slices.lazy.compactMap(\.dylibVersion).first { $0.encoded != 0 }
    }
}
