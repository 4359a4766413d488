import BundleCheckFormats
import BundleCheckModel

/// What a bundle's Info.plist declares that a release diff compares (the JSON report's
/// `purposeStrings`, `urlSchemes`, `queriedSchemes` and `documentTypes`), read by the readers
/// the checks use, so that the report and the rules see the same values. Each is nil when the
/// bundle has no readable Info.plist, empty when the key is absent or of another type.
extension InspectedBundle {
    /// Its purpose strings, sorted by key (`PurposeStringTable` says which keys are ones).
    public var purposeStrings: [PurposeString]? {
        PurposeStringTable.shipped.purposeStrings(of: self)
    }

    /// Every string of `CFBundleURLTypes[*].CFBundleURLSchemes`, in order, each once as written.
    public var urlSchemes: [String]? {
        guard infoPlist != nil else { return nil }
        return Self.once(URLSchemeDeclarations(self).schemes.map(\.value))
    }

    /// The strings of `LSApplicationQueriesSchemes`, the schemes it may ask `canOpenURL` about,
    /// in order, each once as written.
    public var queriedSchemes: [String]? {
        guard let plist = infoPlist else { return nil }
        return Self.once((plist.value(at: JSONPointer("LSApplicationQueriesSchemes"))?.arrayValue ?? []).compactMap(\.stringValue))
    }

    /// Its `CFBundleDocumentTypes` entries, in order.
    public var documentTypes: [BundleDocumentType]? {
        DocumentTypes.shipped.documentTypes(of: self)
    }

    /// `values` without repeats, the first of each kept: a scheme listed twice is declared once.
    private static func once(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
