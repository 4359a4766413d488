import Testing

@testable import BundleCheckFormats

/// The corpus's five `Assets.car` files, read from the packages they ship in.
enum CorpusCatalog: String, CaseIterable, Sendable {
    case tv = "app-info/apple-tv.ipa"
    case mac = "app-info/macos.zip"
    case shorebird = "shorebird/flutter-base.ipa"
    case saucy = "isign/SimpleSaucyApp.ipa"
    case simulator = "isign/TestSimulator.app.zip"

    /// The package's file at `suffix` (the first whose path ends so), or nil when the corpus is absent.
    func file(endingWith suffix: String) throws -> [UInt8]? {
        guard let path = RepositoryPaths.corpusOrSkip(rawValue) else { return nil }
        let container = try PackageOpener.open(path: path)
        let entry = try #require(container.files.first { $0.path.hasSuffix(suffix) }, "\(rawValue) holds \(suffix)")
        return try container.read(entry.path, limit: 64 << 20)
    }

    /// The store and the catalog read from it, or nil when the corpus is absent.
    func open() throws -> (store: BOMStore, catalog: AssetCatalog)? {
        guard let bytes = try file(endingWith: "/Assets.car") else { return nil }
        let store = try BOMStore(bytes: bytes)
        return (store, try AssetCatalog.read(store))
    }
}

/// A minimal reader of the 8-bit palette PNGs (colour type 3, no interlace) Xcode writes beside
/// the catalog, to compare a decoded icon with the file `actool` made from the same image:
/// what it returns is B, G, R, A per pixel, premultiplied, as a catalog's ARGB bitmap is.
enum PalettePNG {
    static func premultipliedBGRA(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8, width = 0, height = 0
        var palette: [UInt8] = [], alpha: [UInt8] = [], data: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = be32(offset), type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = Array(bytes[offset + 8..<offset + 8 + length])
            switch type {
            case "IHDR":
                width = be32(offset + 8)
                height = be32(offset + 12)
                #expect(body[8] == 8 && body[9] == 3 && body[12] == 0, "an 8-bit palette PNG, not interlaced")
            case "PLTE": palette = body
            case "tRNS": alpha = body
            case "IDAT": data += body
            default: break
            }
            offset += 12 + length
        }
        let raw = try CARDecompression.zlib(data[...], expected: height * (width + 1))
        var previous = [UInt8](repeating: 0, count: width)
        var pixels: [UInt8] = []
        for row in 0..<height {
            let start = row * (width + 1)
            var line = Array(raw[start + 1..<start + 1 + width])
            for x in 0..<width {
                let left = x > 0 ? Int(line[x - 1]) : 0, up = Int(previous[x]), corner = x > 0 ? Int(previous[x - 1]) : 0
                let predicted: Int
                switch raw[start] {
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - corner
                    let (a, b, c) = (abs(p - left), abs(p - up), abs(p - corner))
                    predicted = a <= b && a <= c ? left : (b <= c ? up : corner)
                default: predicted = 0
                }
                line[x] = UInt8((Int(line[x]) + predicted) & 0xFF)
            }
            for index in line {
                let i = Int(index)
                let a = i < alpha.count ? Int(alpha[i]) : 255
                let (r, g, b) = (Int(palette[3 * i]), Int(palette[3 * i + 1]), Int(palette[3 * i + 2]))
                pixels += [UInt8(b * a / 255), UInt8(g * a / 255), UInt8(r * a / 255), UInt8(a)]
            }
            previous = line
        }
        return (width, height, pixels)
    }
}
