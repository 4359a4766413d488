/// How an image of a layered asset (a tvOS layer or top-shelf image, a visionOS layer) is
/// stored: as actool stores its source file.
public enum FixtureImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// A `.jpg` source, kept whole: pixel format `JPEG`, the size in the slices, the file in a
    /// raw-data payload, as the corpus's tvOS layers and top-shelf images are. Written as a
    /// header alone (`AssetCatalogJPEG`), so cheap at any size; a JPEG has no alpha channel.
    case jpeg
    /// A `.png` source, compiled to an ARGB bitmap: the only way to carry alpha (ITMS-90497's
    /// top-shelf image with transparency). Slow to encode at top-shelf sizes in a debug build.
    case argb
}
