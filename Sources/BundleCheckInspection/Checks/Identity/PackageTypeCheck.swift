import BundleCheckFormats
import BundleCheckModel

/// `package-type` (ITMS-90183 for apps): CFBundlePackageType is `APPL` for apps (and the Mac's
/// login items and helper apps), `XPC!` for extensions and XPC services, `FMWK` for frameworks
/// and `SYSX` for system extensions.
struct PackageTypeCheck: Check {
    let id = "package-type"

    static let pointer = JSONPointer("CFBundlePackageType")

    static func expected(for kind: BundleKind) -> String {
        switch kind {
        case .app, .watchApp, .appClip, .loginItem, .helper: "APPL"
        case .appex, .xpcService: "XPC!"
        case .framework: "FMWK"
        case .systemExtension: "SYSX"
        }
    }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        context.bundles.compactMap { bundle -> Finding? in
            guard let plist = bundle.infoPlist else { return nil }
            let expected = Self.expected(for: bundle.kind)
            let isApp = expected == "APPL"
            let codes = isApp ? rule.appleCodes : []
            switch plist.value(at: Self.pointer) {
            case nil:
                // The installer insists on APPL for apps; other bundles load without the key.
                guard isApp else { return nil }
                return rule.finding(Self.missing(bundle, expected), at: bundle.infoPlistLocation(Self.pointer), appleCodes: codes)
            case .string(let value)?:
                guard value != expected, !UnexpandedVariable.occurs(in: value) else { return nil }
                return rule.finding(Self.wrong(bundle, value, expected), at: bundle.infoPlistLocation(Self.pointer), appleCodes: codes)
            case let value?:
                return rule.finding(Self.wrong(bundle, value.typeName, expected), at: bundle.infoPlistLocation(Self.pointer), appleCodes: codes)
            }
        }
    }
}

extension PackageTypeCheck {
    static func missing(_ bundle: InspectedBundle, _ expected: String) -> String {
        "\(bundle.name) has no CFBundlePackageType; a \(bundle.kind.rawValue) bundle needs '\(expected)'"
    }

    static func wrong(_ bundle: InspectedBundle, _ value: String, _ expected: String) -> String {
        "CFBundlePackageType of \(bundle.name) is '\(value)'; a \(bundle.kind.rawValue) bundle needs '\(expected)'"
    }
}
