import BundleCheckFormats
import BundleCheckModel

/// What asks each bundle's Info.plist for purpose strings. Apple asks the Info.plist of the
/// bundle whose code it scans, and never a framework's: code in an app's executable, its
/// frameworks and its loose dylibs asks the app's; an extension's (or watch app's, app clip's)
/// own binary, entitlements and background modes ask its own. Beside the evidence of
/// `purpose-strings.yml`, a link of a framework `framework-requirements.yml` names.
struct PurposeStringDemands {
    /// One piece of evidence and what it asks for.
    struct Demand: Sendable, Hashable {
        let purpose: String
        /// For messages: `CLLocationManager with requestWhenInUseAuthorization in Frameworks/Maps.framework/Maps`.
        let reason: String
        /// Whether App Store Connect's scan is known to ask for it (ITMS-90683); false for a
        /// linked framework of `framework-requirements.yml`, which only the system asks about.
        var isScannedAtUpload = true
    }

    /// The asked bundle and its demands, in the order of the package's bundles; bundles that
    /// nothing asks are left out.
    let demands: [(bundle: InspectedBundle, demands: [Demand])]

    init(in context: CheckContext, table: PurposeStringTable) {
        var byBundle: [String: [Demand]] = [:]
        for bundle in context.bundles {
            guard let asked = Self.askedBundle(for: bundle, in: context) else { continue }
            var found: [Demand] = []
            for binary in bundle.signing?.binaries ?? [] where !(binary.isExecutable && bundle.runsAppleStub) {
                let evidence = binary.file.slices.flatMap(\.evidence)
                let imports = Set(evidence.filter { $0.kind == .symbol }.map(\.value))
                let selectors = Set(evidence.filter { $0.kind == .selector }.map(\.value))
                guard !imports.isEmpty || !selectors.isEmpty else { continue }
                let name = Self.relativePath(binary.path, from: asked.path)
                for row in table.evidence where row.isMet(imports: imports, selectors: selectors) {
                    found.append(Demand(purpose: row.purpose, reason: "\(row.description) in \(name)"))
                }
            }
            // Frameworks are signed without entitlements and never asked: only the asked bundle's own count.
            if bundle.path == asked.path {
                let modes = Set((bundle.infoPlist?.value(at: JSONPointer("UIBackgroundModes"))?.arrayValue ?? []).compactMap(\.stringValue))
                for row in table.evidence {
                    switch row.condition {
                    case .entitlement where row.isMet(by: bundle.signing?.entitlements):
                        found.append(Demand(purpose: row.purpose, reason: row.description))
                    case .backgroundMode(let mode) where modes.contains(mode):
                        found.append(Demand(purpose: row.purpose, reason: row.description))
                    default:
                        break
                    }
                }
            }
            byBundle[asked.path, default: []] += found
        }
        // Frameworks that exist only to ask for an access (AlarmKit): linking one is the evidence.
        for link in FrameworkRequirements.shipped.links(in: context, where: { $0.need.purpose != nil }) {
            guard let purpose = link.requirement.need.purpose, table.purposes[purpose] != nil else { continue }
            byBundle[link.bundle.path, default: []].append(
                Demand(purpose: purpose, reason: "the \(link.requirement.framework) framework linked in \(link.binary)", isScannedAtUpload: false))
        }
        demands = context.bundles.compactMap { bundle in
            guard let found = byBundle[bundle.path], !found.isEmpty else { return nil }
            var seen = Set<Demand>()
            return (bundle, found.filter { seen.insert($0).inserted })
        }
    }

    /// The bundle whose Info.plist `bundle`'s code asks: itself, or for a framework the nearest
    /// bundle around it that is not a framework; nil for a framework on its own.
    static func askedBundle(for bundle: InspectedBundle, in context: CheckContext) -> InspectedBundle? {
        var current: InspectedBundle? = bundle
        while let candidate = current, candidate.kind == .framework {
            current = context.parent(of: candidate)
        }
        return current
    }

    /// `Frameworks/Maps.framework/Maps` for a binary of the app at `bundle`.
    static func relativePath(_ path: String, from bundle: String) -> String {
        path.hasPrefix(bundle + "/") ? String(path.dropFirst(bundle.count + 1)) : path
    }
}
