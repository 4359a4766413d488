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
