import BundleCheckFormats
import BundleCheckFuzzSupport
import Foundation

/// A provisioning profile end to end: the CMS envelope, the XML plist inside it, and every
/// question the model and the checks ask of a `ProvisioningProfile`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProvisioningProfile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    guard let profile = try? ProvisioningProfileReader.read(bytes, file: "embedded.mobileprovision") else { return FuzzInput.keep }
    PlistWalk.visit(.dictionary(profile.propertyList))
    _ = (profile.name, profile.uuid, profile.teamIdentifier, profile.teamName)
    _ = (profile.applicationIdentifier, profile.appGroups, profile.getTaskAllow, profile.apsEnvironment)
    _ = (profile.creationDate, profile.platforms, profile.provisionedDeviceCount, profile.kind)
    _ = profile.applicationIdentifierMatches(team: profile.teamIdentifier ?? "", bundleIdentifier: "com.example.app")
    _ = profile.isExpired(at: Date(timeIntervalSince1970: 1_800_000_000))
    return FuzzInput.keep
}
