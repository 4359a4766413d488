import BundleCheckFormats
import BundleCheckModel
import Foundation

/// The dated SDK and Xcode minimums of `Rules/data/upload-minimums.yml`: from each date on,
/// App Store Connect refuses uploads built with an older Xcode or SDK (ITMS-90725).
struct UploadMinimums {
    struct Requirement {
        /// Midnight UTC of the first day it applies.
        let from: Date
        /// `2026-04-28`, for messages.
        let fromText: String
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
            requirements.append(Requirement(from: from, fromText: fromText, xcode: xcode, sdks: sdks))
        }
        self.requirements = requirements.sorted { $0.from < $1.from }
    }

    /// The requirement in force on `date`: the latest whose day has come; nil before the first.
    func requirement(at date: Date) -> Requirement? {
        requirements.last { $0.from <= date }
    }
}
