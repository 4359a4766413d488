import BundleCheckFormats
import BundleCheckModel

/// What several check tables hold, read and checked once.
extension YAMLField {
    /// A platform id of `Rules/data/platforms.yml` (`ios`), so a table names no platform the
    /// inspector never assigns.
    func platformID() throws(YAMLLoadError) -> String {
        let id = try string()
        guard ApplePlatforms.shipped.platform(id: id) != nil else { throw error("'\(id)' is not a platform of platforms.yml") }
        return id
    }

    /// An image's size, `[width, height]` in pixels.
    func pixels() throws(YAMLLoadError) -> [Int] {
        let items = try items()
        guard items.count == 2 else { throw error("expected two items, width and height in pixels, found \(items.count)") }
        return try items.map { item throws(YAMLLoadError) in try item.positiveInteger() }
    }
}
