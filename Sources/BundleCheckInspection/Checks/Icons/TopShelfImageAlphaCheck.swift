import BundleCheckFormats
import BundleCheckModel

/// `top-shelf-image-alpha` (ITMS-90497): a tvOS top-shelf image the Info.plist names has
/// pixels that are not fully opaque. A JPEG cannot hold alpha; any other image is decoded (the
/// loader, one at a time) and each pixel's alpha read. One finding per image and scale.
struct TopShelfImageAlphaCheck: Check {
    static let ruleID = "top-shelf-image-alpha"
    let id = ruleID
    var evidenceNeeds: [BinaryMatcher] { [] }

    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        let code = TopShelfImages.shipped.alphaCode
        return context.bundles.flatMap { bundle -> [Finding] in
            guard bundle.kind == .app, let catalog = bundle.assetCatalog, catalog.problem == nil else { return [] }
            return catalog.topShelfImages.flatMap { entry in
                zip(entry.images, entry.pixels).enumerated().compactMap { index, pair -> Finding? in
                    let (image, pixels) = pair
                    guard let pixels, pixels.opaque == false else { return nil }
                    // The header's size of a link into an atlas is not bounded by the decoding.
                    let (total, overflow) = image.pixelWidth.multipliedReportingOverflow(by: image.pixelHeight)
                    let amount = !overflow && pixels.transparentPixels == total
                        ? "every one of its pixels is"
                        : "\(FindingCap.grouped(pixels.transparentPixels)) of its " + (overflow ? "" : "\(FindingCap.grouped(total)) ") + "pixels are"
                    let first = pixels.firstTransparentPixel.map { " (the first at x \($0.x), y \($0.y) from the top left)" } ?? ""
                    return rule.finding(
                        "the top-shelf image \(entry.name) (\(entry.key)) at \(image.scale)x, \(image.pixelWidth)×\(image.pixelHeight), in \(PackagePath.name(catalog.path)) of \(bundle.name) is transparent: \(amount) not fully opaque\(first); App Store Connect rejects a top-shelf image with an alpha channel (\(code))",
                        at: bundle.location(file: catalog.path), identity: "\(entry.key)/\(index)", appleCodes: [code]
                    )
                }
            }
        }
    }
}
