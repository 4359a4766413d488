import BundleCheckFormats
import BundleCheckModel

/// `sdk-floor-upcoming`: an app, extension, watch app or app clip that App Store Connect
/// accepts today (`--now`) but whose SDK or Xcode falls short of a floor Apple has announced
/// for a later date (`Rules/data/upload-minimums.yml`'s rows still ahead). The soonest such
/// floor is named, with Apple's own wording of its date where it gave only the month. A build
/// already below today's floor is `sdk-too-old`'s alone. One finding per outermost bundle that
/// falls short: an app's extensions were built with it, and the finding counts them rather
/// than repeating itself for each.
struct SDKFloorUpcomingCheck: Check {
    let id = "sdk-floor-upcoming"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let minimums = UploadMinimums.shipped
        let now = context.settings.now
        let current = minimums.requirement(at: now)
        let upcoming = minimums.upcoming(after: now)
        guard !upcoming.isEmpty else { return [] }
        var short: [String: (shortfall: UploadMinimums.Shortfall, requirement: UploadMinimums.Requirement)] = [:]
        for bundle in context.bundles {
            if let current, UploadMinimums.shortfall(of: bundle, against: current) != nil { continue }
            for requirement in upcoming {
                guard let shortfall = UploadMinimums.shortfall(of: bundle, against: requirement) else { continue }
                short[bundle.path] = (shortfall, requirement)
                break
            }
        }
        return context.bundles.compactMap { bundle -> Finding? in
            guard let (shortfall, requirement) = short[bundle.path],
                !context.containers(of: bundle).contains(where: { short[$0.path] != nil })
            else { return nil }
            let inside = context.bundles.filter { nested in
                short[nested.path] != nil && context.containers(of: nested).contains { $0.path == bundle.path }
            }
            return rule.finding(Self.message(bundle, shortfall, requirement, inside: inside), at: bundle.infoPlistLocation(shortfall.pointer))
        }
    }
}

extension SDKFloorUpcomingCheck {
    static func message(
        _ bundle: InspectedBundle, _ shortfall: UploadMinimums.Shortfall, _ requirement: UploadMinimums.Requirement, inside: [InspectedBundle]
    ) -> String {
        let date = requirement.isApproximate ? "\(requirement.fromText) (Apple gave the month only)" : requirement.fromText
        let nested =
            inside.isEmpty
            ? "" : ", as \(inside.count == 1 ? "is 1 bundle" : "are \(inside.count) bundles") inside it (\(inside.map(\.name).joined(separator: ", ")))"
        return
            "\(bundle.name) is built with \(shortfall.problems.joined(separator: " and "))\(nested), which App Store Connect accepts today; from \(date) uploads need \(shortfall.needed) or later, and App Store Connect refuses this build from then (its upload warns of it now, ITMS-90725 'SDK version issue'): move to the new Xcode before that date"
    }
}
