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
    let unreadableLines: [Int]

    static let shipped = UploadMinimums(entries: DataTables.named("upload-minimums").entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        let platforms = ApplePlatforms.shipped
        var requirements: [Requirement] = []
        for row in entries["requirements"]?.sequence ?? [] {
            guard let fromText = row["from"]?.scalar, let from = ISODateParser.parse(fromText),
                let xcode = row["xcode"]?.scalar.flatMap(MachOVersion.init),
                let sdkPairs = row["sdks"]?.mapping
            else {
                unreadable.append(row.line)
                continue
            }
            var sdks: [String: MachOVersion] = [:]
            for pair in sdkPairs {
                guard let platform = pair.key.scalar, platforms.platform(id: platform)?.uploadSDK != nil,
                    let version = pair.value.scalar.flatMap(MachOVersion.init)
                else {
                    unreadable.append(pair.key.line)
                    continue
                }
                sdks[platform] = version
            }
            requirements.append(Requirement(from: from, fromText: fromText, xcode: xcode, sdks: sdks))
        }
        self.requirements = requirements.sorted { $0.from < $1.from }
        self.unreadableLines = unreadable
    }

    /// The requirement in force on `date`: the latest whose day has come; nil before the first.
    func requirement(at date: Date) -> Requirement? {
        requirements.last { $0.from <= date }
    }
}
