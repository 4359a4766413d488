/// Why a fixture catalogue cannot be written: its description asks for what the format cannot
/// hold. Each names the set and rendition, or the part, at fault.
public enum AssetCatalogWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    case noRenditions(set: String)
    case invalidRendition(set: String, file: String, reason: String)
    /// A brand asset or layered icon Apple's tools would not compile (its layers, its images' scales).
    case invalidAsset(name: String, reason: String)
    case duplicateName(String)
    case duplicateRenditionKey(set: String, file: String)
    case identifierTaken(set: String, identifier: UInt16)
    /// A count or offset past what its field holds (16-bit counts, 32-bit offsets).
    case tooLarge(part: String, value: Int, limit: Int)
    case invalidHostile(String)

    public var description: String {
        switch self {
        case .noRenditions(let set): "the set \(set) has no renditions"
        case .invalidRendition(let set, let file, let reason): "\(set)/\(file): \(reason)"
        case .invalidAsset(let name, let reason): "\(name): \(reason)"
        case .duplicateName(let name): "two sets are named \(name)"
        case .duplicateRenditionKey(let set, let file): "\(set)/\(file) has the key of another rendition"
        case .identifierTaken(let set, let identifier): "the set \(set) asks for identifier \(identifier), which another set has"
        case .tooLarge(let part, let value, let limit): "\(part) is \(value), more than the format holds (\(limit))"
        case .invalidHostile(let reason): "hostile option: \(reason)"
        }
    }
}
