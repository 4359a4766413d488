import BundleCheckModel

/// How the alpha rules say how much of an image is transparent: `every one of its pixels is not
/// fully opaque`, or `12 of its 1,048,576 pixels are not fully opaque (the first at x 5, y 7
/// from the top left)`.
enum TransparencyWording {
    /// The size is the image's header's, which for a link into an atlas no decoding bounded:
    /// a product that overflows is left out of the words.
    static func describe(transparent: Int, width: Int, height: Int, first: AssetCatalogSummary.Pixel?) -> String {
        let (total, overflow) = width.multipliedReportingOverflow(by: height)
        let amount =
            !overflow && transparent == total
            ? "every one of its pixels is"
            : "\(FindingCap.grouped(transparent)) of its " + (overflow ? "" : "\(FindingCap.grouped(total)) ") + "pixels are"
        return amount + " not fully opaque" + (first.map { " (the first at x \($0.x), y \($0.y) from the top left)" } ?? "")
    }
}
