import BundleCheckFormats
import BundleCheckModel

/// The device a bundle's code runs on, and what Apple accepts there: architectures by an
/// allow-list (anything else, an unknown CPU included, is unsupported) and, where a slice states
/// its platform (`LC_BUILD_VERSION`, `LC_VERSION_MIN_*`), the device platform itself: an arm64
/// slice built for the simulator is as wrong as an x86_64 one. The facts are the data table
/// `Rules/data/device-architectures.yml`.
enum DevicePlatform: String, Equatable, CaseIterable {
    case iOS = "ios"
    case watchOS = "watchos"

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

    private var accepted: AcceptedArchitectures { AcceptedArchitectures.shipped[self] ?? AcceptedArchitectures(machOPlatform: .iOS, always: [], onlyBelow: []) }

    /// The `LC_BUILD_VERSION` platform of device builds.
    var machOPlatform: MachOPlatform { accepted.machOPlatform }

    /// Whether Apple accepts a slice of `architecture` for a deployment target of `minimumOS`
    /// (unknown: as if it were recent).
    func allows(_ architecture: String, minimumOS: MachOVersion?) -> Bool {
        if accepted.always.contains(architecture) { return true }
        return accepted.onlyBelow.contains { limit, architectures in
            architectures.contains(architecture) && (minimumOS.map { $0 < limit } ?? false)
        }
    }

    /// Why Apple refuses `slice`, or nil when it is accepted.
    func problem(with slice: MachOSlice, minimumOS: MachOVersion?) -> String? {
        if !allows(slice.architecture, minimumOS: minimumOS) {
            if let limit = accepted.onlyBelow.first(where: { $0.architectures.contains(slice.architecture) })?.limit {
                return "\(slice.architecture) (only for deployment targets below \(name) \(limit))"
            }
            return "\(slice.architecture) (not an architecture of \(name) devices)"
        }
        if let platform = slice.platform, platform != machOPlatform {
            return "\(slice.architecture) (built for \(platform.name), not \(machOPlatform.name))"
        }
        return nil
    }
}

/// One platform's row of `Rules/data/device-architectures.yml`.
struct AcceptedArchitectures {
    let machOPlatform: MachOPlatform
    let always: Set<String>
    let onlyBelow: [(limit: MachOVersion, architectures: Set<String>)]

    static let shipped: [DevicePlatform: AcceptedArchitectures] = {
        let table = DataTables.named("device-architectures")
        var rows: [DevicePlatform: AcceptedArchitectures] = [:]
        for pair in table.entries.mapping ?? [] {
            guard let platform = pair.key.scalar.flatMap(DevicePlatform.init(rawValue:)) else { continue }
            let fields = Dictionary((pair.value.mapping ?? []).compactMap { entry in entry.key.scalar.map { ($0, entry.value) } }, uniquingKeysWith: { first, _ in first })
            let number = fields["macho-platform"]?.scalar.flatMap(UInt32.init) ?? 0
            let always = Set((fields["architectures"]?.sequence ?? []).compactMap(\.scalar))
            let below = (fields["only-below"]?.mapping ?? []).compactMap { entry -> (limit: MachOVersion, architectures: Set<String>)? in
                guard let limit = entry.key.scalar.flatMap(MachOVersion.init) else { return nil }
                return (limit, Set((entry.value.sequence ?? []).compactMap(\.scalar)))
            }
            rows[platform] = AcceptedArchitectures(machOPlatform: MachOPlatform(rawValue: number), always: always, onlyBelow: below)
        }
        return rows
    }()
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
