import BundleCheckFormats
import BundleCheckModel

extension RuleDefinition {
    /// A finding of this rule at `pointer` in a bundle's Info.plist, with the file and line filled in.
    public func finding(
        in bundle: InspectedBundle,
        at pointer: JSONPointer,
        message: String,
        appleCodes: [String],
        line: Int? = nil,
        identity: String? = nil
    ) -> Finding {
        Finding(
            rule: id,
            severity: severity,
            message: message,
            bundle: bundle.path,
            file: bundle.infoPlistPath,
            keyPath: pointer,
            line: line ?? bundle.infoPlist?.line(of: pointer),
            appleCodes: appleCodes,
            identity: identity
        )
    }
}
