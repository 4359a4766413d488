import BundleCheckFormats
import BundleCheckModel

/// The checks of privacy manifests themselves, one mode per rule: `privacy-manifest-invalid`
/// (ITMS-91056, and ITMS-91108 for a manifest outside a bundle's root), `privacy-api-category-invalid`
/// (ITMS-91054), `privacy-api-reason-invalid` (ITMS-91055) and `privacy-tracking-invalid`
/// (ITMS-91064, and ITMS-91107 outside a bundle's root), and the note `privacy-api-types-empty`
/// (an empty `NSPrivacyAccessedAPITypes` array, which no known rejection is of). Every manifest of every bundle is
/// judged wherever it sits; a finding on one in a non-standard place says that it declares
/// nothing for the bundle.
struct PrivacyManifestCheck: Check {
    var id: String { mode.rawValue }

    enum Mode: String, Sendable, Hashable {
        case invalid = "privacy-manifest-invalid"
        case category = "privacy-api-category-invalid"
        case reason = "privacy-api-reason-invalid"
        case tracking = "privacy-tracking-invalid"
        case emptyAPITypes = "privacy-api-types-empty"

        /// Whether Apple's codes depend on where the manifest sits: outside a bundle's root Apple
        /// has printed either code of a pair (ITMS-91108 while it only warned, before 2024-11-12,
        /// even for resource bundles directly in the app; ITMS-91056 since), so these rules'
        /// files key their codes `at-root` and `elsewhere`.
        var codesByPlacement: Bool { self == .invalid || self == .tracking }
    }

    static let atRootCode: AppleCodeKey = "at-root"
    static let elsewhereCode: AppleCodeKey = "elsewhere"
    var appleCodeKeys: [AppleCodeKey] { mode.codesByPlacement ? [Self.atRootCode, Self.elsewhereCode] : [] }

    let mode: Mode

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.flatMap { bundle in
            bundle.privacyManifests.flatMap { manifest in
                PrivacyManifestValidator.shipped.problems(in: manifest).filter { $0.rule == mode }.map { problem in
                    let relative = String(manifest.path.dropFirst(bundle.path.count + 1))
                    let location = FindingLocation(
                        bundle: bundle.path, file: manifest.path, keyPath: problem.pointer,
                        line: manifest.document.flatMap { $0.line(of: problem.pointer) } ?? manifest.unreadableLine
                    )
                    return rule.finding(
                        Self.message(problem, manifest: manifest, relative: relative, bundle: bundle),
                        at: location,
                        identity: ([relative] + (problem.subject.map { [$0] } ?? [])).joined(separator: ":"),
                        appleCodes: mode.codesByPlacement ? rule.appleCodes(for: manifest.placement == .bundle ? Self.atRootCode : Self.elsewhereCode) : nil
                    )
                }
            }
        }
    }
}

extension PrivacyManifestCheck {
    /// The problem, and for a manifest outside the standard places, that it does not count.
    static func message(_ problem: PrivacyManifestProblem, manifest: PrivacyManifest, relative: String, bundle: InspectedBundle) -> String {
        guard manifest.placement == .nonStandard else { return problem.message }
        return problem.message + " (\(relative) in \(bundle.name) is not where a manifest counts, so it declares nothing for \(bundle.name)'s code)"
    }
}
