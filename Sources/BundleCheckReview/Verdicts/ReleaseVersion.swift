/// A CFBundleVersion or CFBundleShortVersionString compared as App Store Connect compares them:
/// period-separated whole numbers, a missing component counting as 0 (`1.2` is `1.2.0`), so
/// `3.30` is above `3.25` and `1.10` above `1.9`. Anything else cannot be compared (nil):
/// `version-format` reports it.
struct ReleaseVersion: Comparable, Sendable {
    let components: [Int]

    init?(_ text: String?) {
        guard let text, !text.isEmpty else { return nil }
        var components: [Int] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            // Eighteen digits fit an Int; App Store Connect allows far fewer.
            guard !part.isEmpty, part.count <= 18, part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let number = Int(part) else {
                return nil
            }
            components.append(number)
        }
        self.components = components
    }

    static func < (lhs: ReleaseVersion, rhs: ReleaseVersion) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    static func == (lhs: ReleaseVersion, rhs: ReleaseVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}
