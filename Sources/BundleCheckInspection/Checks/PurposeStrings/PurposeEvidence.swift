import BundleCheckFormats

/// One row of the evidence table: what in a bundle asks for a purpose. Code evidence holds only
/// when every import and selector it names is in the same Mach-O file, so that a class with
/// harmless uses counts only together with the call that asks for permission.
struct PurposeEvidence: Sendable, Hashable {
    enum Condition: Sendable, Hashable {
        /// Imported symbols as stored (`_OBJC_CLASS_$_CLLocationManager`) and selectors.
        case code(imports: [String], selectors: [String])
        /// A signed entitlement that is true, a non-empty list or a non-empty string.
        case entitlement(String)
        /// A value of the bundle's UIBackgroundModes.
        case backgroundMode(String)
    }

    static let classPrefix = "_OBJC_CLASS_$_"

    let condition: Condition
    /// A purpose of the table, which says what it asks of the Info.plist.
    let purpose: String

    /// Whether one binary's imports and selectors satisfy this row; false for non-code rows.
    func isMet(imports: Set<String>, selectors: Set<String>) -> Bool {
        guard case .code(let wantedImports, let wantedSelectors) = condition else { return false }
        return wantedImports.allSatisfy(imports.contains) && wantedSelectors.allSatisfy(selectors.contains)
    }

    /// Whether entitlements grant what this row names; false for other rows.
    func isMet(by entitlements: Entitlements?) -> Bool {
        guard case .entitlement(let key) = condition else { return false }
        return entitlements?.grants(key) ?? false
    }

    /// What a message says the evidence is: `CLLocationManager with requestWhenInUseAuthorization`,
    /// `the entitlement com.apple.developer.siri`, `UIBackgroundModes 'bluetooth-central'`.
    var description: String {
        switch condition {
        case .code(let imports, let selectors):
            let names = imports.map { name in
                if name.hasPrefix(Self.classPrefix) { return String(name.dropFirst(Self.classPrefix.count)) }
                return name.hasPrefix("_") ? String(name.dropFirst()) : name
            }
            return (names + selectors).joined(separator: " with ")
        case .entitlement(let key):
            return "the entitlement \(key)"
        case .backgroundMode(let mode):
            return "UIBackgroundModes '\(mode)'"
        }
    }
}
