import BundleCheckFormats
import Foundation

/// One of Apple's platforms as `Rules/data/platforms.yml` describes it: how a bundle built for
/// it names it, what its code is built for, and what App Store Connect accepts there. Checks
/// ask a bundle's platform (`InspectedBundle.platform`) for these facts rather than testing
/// which platform it is.
public struct ApplePlatform: Sendable, Hashable, CustomStringConvertible {
    /// How one build of the platform (the device, or its simulator) names itself.
    public struct Build: Sendable, Hashable {
        /// As `CFBundleSupportedPlatforms` lists it: `AppleTVOS`.
        public let supportedPlatform: String
        /// As `DTPlatformName` and `DTSDKName` spell it: `appletvos`.
        public let platformName: String
        /// The `LC_BUILD_VERSION` platform.
        public let machOPlatform: MachOPlatform
        /// The older load command that implied the platform (`LC_VERSION_MIN_TVOS`), where it had
        /// one; the Mach-O reader maps it to `machOPlatform` (a test holds the two together).
        public let versionMinCommand: String?
        /// `Any tvOS Device`, or `tvOS Simulator`: what messages call it.
        public let name: String
    }

    /// `tvos`: what rule files name in `scope.platforms` and the JSON report says.
    public let id: String
    /// `tvOS`.
    public let name: String
    public let device: Build
    /// nil for the Mac, which has none.
    public let simulator: Build?
    /// The `UIDeviceFamily` values of the platform's devices.
    public let deviceFamilies: Set<Int>
    /// `MinimumOSVersion`, or `LSMinimumSystemVersion` on the Mac.
    public let minimumOSKey: String
    /// The build setting behind `minimumOSKey`: `TVOS_DEPLOYMENT_TARGET`.
    public let deploymentTargetSetting: String
    /// Architectures App Store Connect accepts in device builds whatever the deployment target.
    public let architectures: Set<String>
    /// Architectures accepted only for deployment targets below a version (armv7 below iOS 11).
    public let architecturesBelow: [(limit: MachOVersion, architectures: Set<String>)]
    /// Architectures an app must keep while its deployment target is below a version (x86_64 for
    /// a Mac Catalyst app below macOS 13.0, ITMS-90981).
    public let architecturesRequiredBelow: [(limit: MachOVersion, architectures: Set<String>)]
    /// Architectures App Store Connect requires in every executable of an upload from a date on
    /// (arm64 in watchOS apps from April 2026, ITMS-90733), oldest first.
    public let architecturesRequiredFrom: [DatedArchitectures]
    /// Info.plist keys only this platform's bundles carry (`WKApplication`).
    public let identifyingKeys: [String]
    /// Whether its bundles keep everything in `Contents/` (the Mac's), rather than flat.
    public let usesContentsLayout: Bool
    /// The name Apple's dated SDK requirements give the platform's SDK; nil where they name none.
    public let uploadSDK: String?
    /// The extension points this platform loads.
    public let extensionPoints: Set<String>
    /// The ways its apps ship, its App Store first: what a package is judged by when no
    /// distribution is stated.
    public let distributions: [Distribution]
    /// The distributions a package's signature decides when none is stated (the Mac's store and
    /// Developer ID, both final channels); empty where the App Store stays the default whatever
    /// the signature (iOS: its ad hoc and development builds are still checked for the store).
    public let signatureDistributions: [Distribution]
    /// Whether an app group may be named after the team (`TEAMID.name`, the Mac's own form),
    /// besides `group.name`; such a group needs no profile.
    public let allowsTeamAppGroups: Bool
    /// Where executables count in other numbers than `minimumOSKey` (Mac Catalyst's iOS-numbered
    /// slices): each executable version with the Info.plist version it stands for, ascending.
    public let machOVersions: [(machO: MachOVersion, declared: MachOVersion)]

    public var description: String { name }

    /// Architectures required from a date: `from` is its first day where Apple gave only the
    /// month, and `announced` then Apple's words (`April 2026`).
    public struct DatedArchitectures: Sendable {
        public let from: Date
        /// `2026-04-01`, or `April 2026` where Apple gave the month only.
        public let announced: String
        public let architectures: Set<String>
    }

    /// The architectures required on `date` (each with the date's words), by name.
    public func architecturesRequired(on date: Date) -> [(architecture: String, since: String)] {
        architecturesRequiredFrom.filter { $0.from <= date }.flatMap { row in row.architectures.sorted().map { ($0, row.announced) } }
    }

    /// `stated` as this platform ships it: an App Store is this platform's App Store (an iOS
    /// team's `app-store` on a Mac app means the Mac App Store); any other stays as stated.
    public func distribution(matching stated: Distribution) -> Distribution {
        guard stated.isStore, !distributions.contains(stated), let store = distributions.first(where: \.isStore) else { return stated }
        return store
    }

    /// An executable's minimum OS in the numbers of `minimumOSKey`: itself where the platform
    /// counts alike; else the release of the highest `machOVersions` row at or below it, and nil
    /// below the first.
    public func declaredVersion(ofMachO version: MachOVersion) -> MachOVersion? {
        guard !machOVersions.isEmpty else { return version }
        return machOVersions.last { $0.machO <= version }?.declared
    }

    /// Whether `group` is named after `team` in the form this platform allows (`TEAMID.name`).
    public func isTeamAppGroup(_ group: String, team: String?) -> Bool {
        guard allowsTeamAppGroups, let team, !team.isEmpty else { return false }
        return group.hasPrefix(team + ".") && group.count > team.count + 1
    }

    /// The device build, or the simulator's.
    public func build(simulator: Bool) -> Build? {
        simulator ? self.simulator : device
    }

    /// Whether App Store Connect accepts a device slice of `architecture` for a deployment
    /// target of `minimumOS` (unknown: as if it were recent).
    public func accepts(_ architecture: String, minimumOS: MachOVersion?) -> Bool {
        if architectures.contains(architecture) { return true }
        return architecturesBelow.contains { limit, names in
            names.contains(architecture) && (minimumOS.map { $0 < limit } ?? false)
        }
    }

    /// The architectures an app with a deployment target of `minimumOS` must include, each with
    /// the version from which it may be left out.
    public func requiredArchitectures(minimumOS: MachOVersion) -> [(architecture: String, until: MachOVersion)] {
        architecturesRequiredBelow.filter { minimumOS < $0.limit }.flatMap { limit, names in names.sorted().map { ($0, limit) } }
    }

    /// The deployment-target limit below which `architecture` is accepted, if it is one of those.
    public func limit(for architecture: String) -> MachOVersion? {
        architecturesBelow.first { $0.architectures.contains(architecture) }?.limit
    }

    public static func == (lhs: ApplePlatform, rhs: ApplePlatform) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
