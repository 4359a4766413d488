import BundleCheckFormats
import BundleCheckModel

/// The device a bundle's code runs on, and what Apple accepts there: architectures by an
/// allow-list (anything else, an unknown CPU included, is unsupported) and, where a slice states
/// its platform (`LC_BUILD_VERSION`, `LC_VERSION_MIN_*`), the device platform itself: an arm64
/// slice built for the simulator is as wrong as an x86_64 one.
///
/// Source: Apple's architecture and platform lists for App Store uploads (ITMS-90087
/// "Unsupported Architectures"); 32-bit iOS code (armv7, armv7s) ended with iOS 11, so it is
/// accepted only for deployment targets below it. Checked 2026-11.
enum DevicePlatform: Equatable {
    case iOS
    case watchOS

    /// watchOS for a watch app and everything inside it, iOS otherwise.
    static func of(_ bundle: InspectedBundle, in context: CheckContext) -> DevicePlatform {
        var current: InspectedBundle? = bundle
        while let candidate = current {
            if candidate.kind == .watchApp { return .watchOS }
            current = context.parent(of: candidate)
        }
        return .iOS
    }

    var name: String {
        switch self {
        case .iOS: "iOS"
        case .watchOS: "watchOS"
        }
    }

    /// The `LC_BUILD_VERSION` platform of device builds.
    var machOPlatform: MachOPlatform {
        switch self {
        case .iOS: .iOS
        case .watchOS: .watchOS
        }
    }

    /// Whether Apple accepts a slice of `architecture` for a deployment target of `minimumOS`.
    func allows(_ architecture: String, minimumOS: MachOVersion?) -> Bool {
        switch self {
        case .iOS:
            switch architecture {
            case "arm64", "arm64e": return true
            case "armv7", "armv7s": return (minimumOS ?? MachOVersion(major: 11)) < MachOVersion(major: 11)
            default: return false
            }
        case .watchOS:
            return ["arm64_32", "armv7k", "arm64"].contains(architecture)
        }
    }

    /// Why Apple refuses `slice`, or nil when it is accepted.
    func problem(with slice: MachOSlice, minimumOS: MachOVersion?) -> String? {
        if !allows(slice.architecture, minimumOS: minimumOS) {
            if slice.architecture.hasPrefix("armv7"), self == .iOS {
                return "\(slice.architecture) (32-bit, only for deployment targets below iOS 11)"
            }
            return "\(slice.architecture) (not an architecture of \(name) devices)"
        }
        if let platform = slice.platform, platform != machOPlatform {
            return "\(slice.architecture) (built for \(platform.name), not \(machOPlatform.name))"
        }
        return nil
    }
}

extension InspectedBundle {
    /// A WatchKit app's executable is Apple's stub (it links the private SockPuppetGizmo
    /// framework and carries no encryption info): not the developer's code, so the checks that
    /// judge code leave it alone.
    var runsAppleStub: Bool {
        guard kind == .watchApp, let plist = infoPlist,
              plist.value(at: JSONPointer("WKWatchKitApp"))?.boolValue == true || plist.value(at: JSONPointer("WKApplication"))?.boolValue == true,
              let executable = signing?.executable
        else { return false }
        return executable.slices.contains { slice in slice.linkedDylibs.contains { $0.path.hasSuffix("/SockPuppetGizmo.framework/SockPuppetGizmo") } }
    }
}
