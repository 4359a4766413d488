/// One name of `CFBundleIconFiles` and the loose PNG files it may stand for: `AppIcon60x60`
/// is `AppIcon60x60.png`, `AppIcon60x60@2x.png` and `AppIcon60x60@3x.png`, and in
/// `CFBundleIcons~ipad` also `AppIcon60x60~ipad.png`, `AppIcon60x60@2x~ipad.png` ...; a name
/// that already gives its scale or extension (`Icon@2x.png`) stands for that file alone. The
/// size in points comes from a name ending in `NNxNN` (`AppIcon83.5x83.5`); other names have none.
struct AppIconStem {
    struct Candidate: Equatable {
        /// The file's name in the bundle's folder.
        let name: String
        let scale: Int
    }

    /// As listed.
    let name: String
    let points: Double?
    let candidates: [Candidate]

    init(name: String, suffix: String, scales: [Int]) {
        self.name = name
        let hasExtension = name.hasSuffix(".png")
        var base = hasExtension ? String(name.dropLast(4)) : name
        var variant = ""
        if !suffix.isEmpty, base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            variant = suffix
        }
        if let explicit = Self.scale(in: base) {
            // `Icon@2x` or `Icon@2x~ipad`: the one file.
            candidates = [Candidate(name: base + variant + ".png", scale: explicit.scale)]
            base = explicit.base
        } else if hasExtension {
            // `Icon.png`: that file, at @1x.
            candidates = [Candidate(name: name, scale: 1)]
        } else {
            let variants = variant.isEmpty && !suffix.isEmpty ? [suffix, ""] : [variant]
            candidates = scales.flatMap { scale in
                variants.map { variant in Candidate(name: base + (scale == 1 ? "" : "@\(scale)x") + variant + ".png", scale: scale) }
            }
        }
        points = Self.points(in: base)
    }

    /// `Icon@2x` → (`Icon`, 2).
    static func scale(in base: String) -> (base: String, scale: Int)? {
        guard base.hasSuffix("x"), let at = base.lastIndex(of: "@"),
            let scale = Int(base[base.index(after: at)..<base.index(before: base.endIndex)]), scale > 0
        else { return nil }
        return (String(base[..<at]), scale)
    }

    /// `AppIcon60x60` → 60, `AppIcon83.5x83.5` → 83.5; nil unless the name ends in a size written twice.
    static func points(in base: String) -> Double? {
        guard let x = base.lastIndex(of: "x") else { return nil }
        let right = base[base.index(after: x)...]
        let left = base[..<x]
        let leftNumber = left.reversed().prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !right.isEmpty, right.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            String(leftNumber.reversed()) == right, let points = Double(right), points > 0
        else { return nil }
        return points
    }

    /// The pixels a candidate must have: points × scale, when the name gives the points.
    func expectedPixels(of candidate: Candidate) -> Int? {
        points.map { Int(($0 * Double(candidate.scale)).rounded()) }
    }
}
