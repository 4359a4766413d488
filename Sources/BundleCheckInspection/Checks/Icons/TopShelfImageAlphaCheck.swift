import BundleCheckFormats
import BundleCheckModel

/// `top-shelf-image-alpha` (ITMS-90497): a tvOS top-shelf image the Info.plist names has
/// pixels that are not fully opaque. A JPEG cannot hold alpha; any other image is decoded (the
/// loader, one at a time) and each pixel's alpha read. One finding per image and scale.
struct TopShelfImageAlphaCheck: Check {
    static let ruleID = "top-shelf-image-alpha"
    let id = ruleID
    /// The top-shelf images' pixels.
    var reads: CheckReads { CheckReads(decodesTopShelfImages: true) }
    var tableAppleCodes: [TableAppleCodes] { [TableAppleCodes([TopShelfImages.shipped.alphaCode], from: TopShelfImages.table)] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let code = TopShelfImages.shipped.alphaCode
        return context.bundles.flatMap { bundle -> [Finding] in
            guard bundle.kind == .app, let catalog = bundle.assetCatalog, catalog.problem == nil else { return [] }
            return catalog.topShelfImages.flatMap { entry in
                zip(entry.images, entry.pixels).enumerated().compactMap { index, pair -> Finding? in
                    let (image, pixels) = pair
                    guard let pixels, pixels.opaque == false else { return nil }
                    let amount = TransparencyWording.describe(
                        transparent: pixels.transparentPixels, width: image.pixelWidth, height: image.pixelHeight, first: pixels.firstTransparentPixel)
                    return rule.finding(
                        "the top-shelf image \(entry.name) (\(entry.key)) at \(image.scale)x, \(image.pixelWidth)×\(image.pixelHeight), in \(PackagePath.name(catalog.path)) of \(bundle.name) is transparent: \(amount); App Store Connect rejects a top-shelf image with an alpha channel (\(code))",
                        at: bundle.location(file: catalog.path), identity: "\(entry.key)/\(index)", appleCodes: [code]
                    )
                }
            }
        }
    }
}
