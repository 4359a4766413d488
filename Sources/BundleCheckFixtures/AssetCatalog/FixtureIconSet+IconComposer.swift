import BundleCheckFormats

extension FixtureIconSet {
    /// Which flattened fallback images an Icon Composer set keeps.
    public enum IconComposerFallbacks: String, Sendable, Hashable, Codable, CaseIterable {
        /// The seven actool writes: 16, 32, 64, 128, 256, 512 and 1024 points @2x.
        case all
        /// Without the 1024-pixel image (512 points @2x, what App Store Connect asks of a Mac
        /// icon) and the 2048-pixel one (1024 points @2x): no real catalogue lacks them; the
        /// size list then lists the five sizes left.
        case without1024
        /// None at all, nor a size list: the stacks alone, as Xcode 26.0 compiled an icon with
        /// `--enable-icon-stack-fallback-generation=disabled` (a flag 26.1 removed), and as
        /// catalogs built for iOS 26 alone were then shipped (claration/Feather#705).
        case none
    }

    /// A Mac app's icon made with Icon Composer (an `.icon` document) as Xcode 26's actool
    /// compiles it, after the corpus's icon-composer catalogue (Xcode 26.0, 17A5295f): the
    /// stacks and group of `composition` (`FixtureIconComposition`), and the flattened
    /// fallbacks older systems show, all of appearance `NSAppearanceNameSystem` (0), idiom
    /// universal, @2x: 16 to 1024 points, the three smallest packed into one atlas (internal
    /// links, as there), the others bitmaps of their own, named as actool names them
    /// (`AppIcon512x512_NSAppearanceNameSystem_<UUID>-<process>-<16 hex digits>.png`, the
    /// UUIDs and numbers here derived from the name and size), and one size list of
    /// appearance 0 numbering them from 1. `pixels` are the 1024-pixel fallback's (512 points
    /// @2x); the others are flat. The corpus's fallbacks are a rounded tile on a transparent
    /// margin (about 30% of the pixels transparent); these are opaque unless `pixels` says
    /// otherwise. Actool writes a partial `AppIcon.icns` beside the catalogue
    /// (`ICNSWriter.actoolPartial`). Write the set in a catalogue of the compiler `xcode26_0`
    /// and the key format `xcode26Mac` (`FixtureAssetCatalog.iconComposer`).
    public static func iconComposerMac(
        _ name: String = "AppIcon", fallbacks: IconComposerFallbacks = .all, pixels: FixtureIconRendition.Pixels = .opaque,
        compression: FixtureIconRendition.Compression = .lzfse, composition: FixtureIconComposition = FixtureIconComposition()
    ) -> FixtureIconSet {
        var sizes: [Double] = [16, 32, 64, 128, 256, 512, 1024]
        if fallbacks == .without1024 { sizes.removeAll { $0 >= 512 } }
        if fallbacks == .none { sizes = [] }
        let renditions = sizes.map { points in
            FixtureIconRendition(
                idiom: .universal, points: points, scale: 2, pixels: points == 512 ? pixels : .flat, compression: compression,
                storage: points <= 64 ? .packed : .chunked, fileName: fallbackName(name, points: Int(points)), appearance: .macSystem)
        }
        return FixtureIconSet(name: name, renditions: renditions, composition: composition)
    }

    /// An iPhone or iPad app's Icon Composer icon as this writer takes Xcode 26 to compile it
    /// for iOS. No compiled iOS catalogue of one is in the corpus, so this is the Mac's
    /// structure (`iconComposerMac`'s stacks, group and parts) in iOS's appearances: stacks in
    /// UIAppearanceDark, UIAppearanceAny and ISAppearanceTintable (`apple-validation.md`, 2026–27:
    /// "iOS: UIAppearanceAny/Dark and ISAppearanceTintable"), the parts in UIAppearanceAny; and
    /// as fallbacks (`all`) what Aidoku/Aidoku#1081 saw actool 26.3 write, "only the 1024px
    /// images rendered from the icon stack": a single-size set's 1024×1024 image per idiom in
    /// the any, dark and tinted appearances (`singleSize`), `pixels` the any ones'. `none` is the
    /// stacks alone (claration/Feather#705). Write it with `FixtureAssetCatalog.iconComposerIOS`.
    public static func iconComposerIOS(
        _ name: String = "AppIcon", idioms: [FixtureIconRendition.Idiom] = [.phone], fallbacks: IconComposerFallbacks = .all,
        pixels: FixtureIconRendition.Pixels = .opaque
    ) -> FixtureIconSet {
        let composition = FixtureIconComposition(appearances: [.dark, .any, .tinted], partsAppearance: .any)
        let renditions = fallbacks == .none ? [] : singleSize(name, idioms: idioms, appearances: [.dark, .tinted], pixels: pixels).renditions
        return FixtureIconSet(name: name, renditions: renditions, composition: composition)
    }

    /// `<set><points>x<points>_NSAppearanceNameSystem_<UUID>-<process>-<16 hex digits>.png`, as
    /// actool names a fallback; the UUID, process number and digits derived from the name and size.
    static func fallbackName(_ set: String, points: Int) -> String {
        let digest = (try? Digest.hash(Array("\(set)/\(points)".utf8), .sha256)) ?? [UInt8](repeating: 0, count: 32)
        let hex = digest.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        let uuid = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
        let process = 10_000 + (Int(digest[16]) << 8 | Int(digest[17])) % 50_000
        return "\(set)\(points)x\(points)_\(FixtureAppearance.macSystem.name)_\(uuid)-\(process)-\(hex[18..<26].joined()).png"
    }
}
