import BundleCheckFormats
import BundleCheckModel

/// What App Store Connect accepts of a slice in a device build of a platform: an architecture
/// of the platform's allow-list (anything else, an unknown CPU included, is unsupported) and,
/// where the slice states its platform (`LC_BUILD_VERSION`, `LC_VERSION_MIN_*`), the device
/// platform itself: an arm64 slice built for the simulator, or for tvOS in an iOS app, is as
/// wrong as an x86_64 one. The facts are `Rules/data/platforms.yml`.
extension ApplePlatform {
    /// Why App Store Connect refuses `slice` in this platform's device build, or nil when it is accepted.
    func problem(with slice: MachOSlice, minimumOS: MachOVersion?, table: ApplePlatforms = .shipped) -> String? {
        if !accepts(slice.architecture, minimumOS: minimumOS) {
            if let limit = limit(for: slice.architecture) {
                return "\(slice.architecture) (only for deployment targets below \(name) \(limit))"
            }
            return "\(slice.architecture) (not an architecture of \(name) devices)"
        }
        guard let machO = slice.platform, machO != device.machOPlatform else { return nil }
        guard let built = table.platform(machO: machO) else {
            return "\(slice.architecture) (built for \(machO.name), not \(name))"
        }
        let what = built.simulator ? "the " + (built.platform.simulator?.name ?? built.platform.name) : built.platform.name
        return "\(slice.architecture) (built for \(what), not \(name))"
    }
}
