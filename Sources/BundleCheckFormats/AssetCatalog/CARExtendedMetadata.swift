/// An `Assets.car`'s `EXTENDED_METADATA` variable (Xcode 8 on): what the catalog was compiled for.
///
/// The tag `META` (in file order, unlike CoreUI's other tags), then four 256-byte text fields: the thinning arguments (empty when the
/// catalog was not thinned), the deployment target (`14.0`), the platform (`ios`, `macosx`,
/// `atv`) and the tool (`@(#)PROGRAM:CoreThemeDefinition  PROJECT:CoreThemeDefinition-556.2`).
package struct CARExtendedMetadata: Sendable, Hashable {
    package let thinningArguments: String
    package let deploymentTarget: String
    package let platform: String
    package let authoringTool: String

    static let length = 4 + 4 * 256

    package static func read(_ block: BOMBlock) throws(AssetCatalogError) -> CARExtendedMetadata {
        let bytes = CARBytes(block, part: "extended metadata (EXTENDED_METADATA)")
        try bytes.requireLiteral("META")
        try bytes.require(0, length)
        return CARExtendedMetadata(
            thinningArguments: try bytes.text(at: 4, count: 256), deploymentTarget: try bytes.text(at: 260, count: 256),
            platform: try bytes.text(at: 516, count: 256), authoringTool: try bytes.text(at: 772, count: 256)
        )
    }
}
