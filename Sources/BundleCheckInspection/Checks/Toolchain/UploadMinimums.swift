import BundleCheckFormats
import BundleCheckModel
import Foundation

/// The dated SDK and Xcode minimums of `Rules/data/upload-minimums.yml`: from each date on,
/// App Store Connect refuses uploads built with an older Xcode or SDK (ITMS-90725).
struct UploadMinimums {
    struct Requirement {
        /// Midnight UTC of the first day it applies.
        let from: Date
        /// `2026-04-28`, or `April 2027` where Apple gave the month only, for messages.
        let fromText: String
        /// Whether Apple gave the date only approximately: `from` is its first day.
        let isApproximate: Bool
        let xcode: MachOVersion
        /// The oldest SDK for each platform, by its id (`Rules/data/platforms.yml`).
        let sdks: [String: MachOVersion]
    }

    /// Oldest first.
    let requirements: [Requirement]

    static let table = "upload-minimums"
    static let shipped = DataTables.read(table, UploadMinimums.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let platforms = ApplePlatforms.shipped
        var requirements: [Requirement] = []
        for row in try table.root("requirements").items() {
            _ = try row.allowing(keys: ["from", "announced", "xcode", "sdks"])
            let fromField = try row("from")
            let fromText = try fromField.string()
            guard let from = ISODateParser.parse(fromText) else { throw fromField.error("'\(fromText)' is not a date such as 2026-04-28") }
            let xcode = try row("xcode").version()
            var sdks: [String: MachOVersion] = [:]
            for (key, version) in try row("sdks").keyedPairs() {
                let id = try key.platformID()
                // sdk-too-old names the SDK by the platform's upload-sdk.
                guard platforms.platform(id: id)?.uploadSDK != nil else { throw key.error("'\(id)' has no upload-sdk in platforms.yml") }
                sdks[id] = try version.version()
            }
            let announced = try row.optional("announced")?.string()
            requirements.append(Requirement(from: from, fromText: announced ?? fromText, isApproximate: announced != nil, xcode: xcode, sdks: sdks))
        }
        self.requirements = requirements.sorted { $0.from < $1.from }
    }

    /// The requirement in force on `date`: the latest whose day has come; nil before the first.
    func requirement(at date: Date) -> Requirement? {
        requirements.last { $0.from <= date }
    }

    /// The announced requirements still ahead of `date`, soonest first.
    func upcoming(after date: Date) -> [Requirement] {
        requirements.filter { $0.from > date }
    }
}

extension UploadMinimums {
    /// What of `bundle`'s build falls short of `requirement`: the SDK and Xcode it was built
    /// with that are older, the Info.plist key to point at, and what the requirement needs.
    struct Shortfall {
        /// `the iOS 18.5 SDK`, `Xcode 16.4`.
        let problems: [String]
        let pointer: JSONPointer
        /// `the iOS 26 SDK and Xcode 26`.
        let needed: String
    }

    /// Only a bundle whose DT* keys name its platform's device SDK is judged: simulator builds
    /// are simulator-build's, a bundle naming no SDK is build-keys-missing's, and platforms whose
    /// SDK Apple's requirements do not name (the Mac) have no upload SDK. Frameworks keep their
    /// vendor's SDK. Nil when nothing falls short.
    static func shortfall(of bundle: InspectedBundle, against requirement: Requirement) -> Shortfall? {
        let platform = bundle.platform.platform
        guard bundle.kind != .framework, let toolchain = bundle.toolchain, toolchain.sdkPlatform == platform.device.platformName,
            let platformName = platform.uploadSDK
        else { return nil }
        var problems: [String] = []
        var pointer: JSONPointer?
        if let sdk = toolchain.sdkVersion(for: platform), let minimum = requirement.sdks[platform.id], sdk < minimum {
            problems.append("the \(platformName) \(sdk) SDK")
            pointer = JSONPointer(toolchain.sdkName != nil ? "DTSDKName" : "DTPlatformVersion")
        }
        if let xcode = toolchain.xcodeVersion, xcode < requirement.xcode {
            problems.append("Xcode \(xcode)")
            pointer = pointer ?? JSONPointer("DTXcode")
        }
        guard let pointer else { return nil }
        let needed = (requirement.sdks[platform.id].map { "the \(platformName) \(short($0)) SDK" } ?? "a newer SDK") + " and Xcode \(short(requirement.xcode))"
        return Shortfall(problems: problems, pointer: pointer, needed: needed)
    }

    /// `26` for 26.0, as Apple words its requirements; `15.4` otherwise.
    static func short(_ version: MachOVersion) -> String {
        version.minor == 0 && version.patch == 0 ? "\(version.major)" : version.description
    }
}
