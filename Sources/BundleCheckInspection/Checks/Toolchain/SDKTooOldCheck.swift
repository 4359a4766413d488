import BundleCheckFormats
import BundleCheckModel

/// `sdk-too-old` (ITMS-90725): an app, extension, watch app or app clip built with an SDK or
/// Xcode older than App Store Connect accepts on the run's date (`--now`), by the dated table
/// `Rules/data/upload-minimums.yml`, for the bundle's platform (the SDK's name is the platform
/// table's `upload-sdk`). Frameworks keep their vendor's SDK and are not judged.
struct SDKTooOldCheck: Check {
    let id = "sdk-too-old"

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        guard let requirement = UploadMinimums.shipped.requirement(at: context.settings.now) else { return [] }
        return context.bundles.compactMap { bundle -> Finding? in
            guard let shortfall = UploadMinimums.shortfall(of: bundle, against: requirement) else { return nil }
            return rule.finding(
                Self.tooOld(bundle, shortfall.problems, shortfall.needed, requirement.fromText), at: bundle.infoPlistLocation(shortfall.pointer))
        }
    }
}

extension SDKTooOldCheck {
    static func tooOld(_ bundle: InspectedBundle, _ problems: [String], _ needed: String, _ from: String) -> String {
        "\(bundle.name) was built with \(problems.joined(separator: " and ")); uploads from \(from) need \(needed) or later. Rebuild with a current Xcode"
    }
}
