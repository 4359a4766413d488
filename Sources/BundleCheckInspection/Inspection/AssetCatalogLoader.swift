import BundleCheckFormats
import BundleCheckModel

/// Lists each app's `Assets.car` (`AssetCatalogSummary`) for the icon rules and the inventory.
///
/// The catalog is read as a stream (`BOMStreamedStore`): a deflated zip entry cannot seek, so
/// each pass inflates it again from its start and keeps only the blocks asked for. The listing
/// keeps the CSI headers of the renditions, not their pixels, except for the App Store icon
/// the app's platform asks for (`Rules/data/app-store-icons.yml`), whose pixels are kept as
/// they stream by and decoded when `app-store-icon-alpha` runs. A catalog that cannot be read
/// is a summary with its `problem`, never an input error.
enum AssetCatalogLoader {
    static let fileName = "Assets.car"
    /// The HTML report's picture of the App Store icon, in pixels a side.
    static let previewSide = 256
    /// The reader's caps, with a decoded bitmap held to 32 MiB: only the App Store icon and the
    /// tvOS top-shelf images are decoded, one at a time, their headers matched to the sizes
    /// Apple asks for (4 MiB at 1024×1024, 26.7 MiB for the wide top-shelf image at 2x).
    static let limits: AssetCatalogLimits = {
        var limits = AssetCatalogLimits.standard
        limits.maxBitmapBytes = 32 << 20
        return limits
    }()

    /// `bundles` with their catalogs listed, the apps' only (what the rules judge).
    static func attach(to bundles: [InspectedBundle], from container: any PackageContainer, paths: PathIndex, wants: AssetCatalogWants) -> [InspectedBundle] {
        guard wants.lists else { return bundles }
        return bundles.map { bundle in
            let path = bundle.layout.resource(fileName)
            guard bundle.kind.isApplication, paths.isFile(path) else { return bundle }
            var copy = bundle
            copy.assetCatalog = summary(of: path, for: bundle, from: container, wants: wants)
            return copy
        }
    }

    /// The icon set `bundle`'s Info.plist names: the first string at one of its platform's
    /// places (`app-icon-sizes.yml`), or `CFBundleIconName` where the table names none (Mac).
    static func namedIconSet(of bundle: InspectedBundle) -> String? {
        namedIconSetPlace(of: bundle)?.name
    }

    /// The name and where the Info.plist gives it.
    static func namedIconSetPlace(of bundle: InspectedBundle) -> (name: String, pointer: JSONPointer)? {
        AssetCatalogNames.namedIconSetPlace(of: bundle)
    }

    static func summary(of path: String, for bundle: InspectedBundle, from container: any PackageContainer, wants: AssetCatalogWants) -> AssetCatalogSummary {
        let names = AssetCatalogNames(of: bundle)
        let named = names.iconSet?.name
        let kept = names.facetNames
        let size = (try? container.size(of: path)) ?? 0
        let requirement = AppStoreIcons.shipped.requirement(for: bundle)
        let store: BOMStreamedStore
        let catalog: AssetCatalog
        do {
            guard size <= UInt64(Int.max) else { throw BOMError.truncated(part: "file", needed: Int.max, available: 0) }
            store = try BOMStreamedStore(length: Int(size)) { try container.openEntry(path) }
            let decoded = decodedSizes(for: bundle, names: names, requirement: requirement, wants: wants)
            catalog = try AssetCatalog.read(streaming: store, limits: limits, keeping: { keepsListing($0, named: kept) }) { header in
                decoded.contains(PixelSize(width: Int(header.width), height: Int(header.height)))
            }
        } catch {
            return .unreadable(path: path, size: size, problem: describe(error), namedIconSet: named, appStoreIconExpected: requirement != nil)
        }
        var kinds: [String: Int] = [:]
        for (layout, count) in catalog.renditionCountsByLayout { kinds[layout.description, default: 0] += count }
        var iconFacets: Set<UInt16> = []
        // An Icon Composer icon compiled without fallbacks has its stacks and no size list.
        let setLayouts: Set<CARRenditionLayout> = [.multisizeImageSet, .layerStack, .iconStack]
        for rendition in catalog.renditions where setLayouts.contains(rendition.header.layout) {
            iconFacets.insert(rendition.key.identifier)
        }
        var setNames = named.map { [$0] } ?? []
        setNames += catalog.facets.filter { $0.identifier.map(iconFacets.contains) ?? false }.map(\.name).filter { !setNames.contains($0) }
        var sets: [AssetCatalogSummary.IconSet] = []
        var appStoreIcon: AssetCatalogSummary.AppStoreIcon?
        var appStoreIconAppearances: [AssetCatalogSummary.AppearanceIcon] = []
        var iconPreview: AssetCatalogSummary.IconPreview?
        var appearancePreviews: [AssetCatalogSummary.IconPreview] = []
        let appearances = IconAppearances.shipped
        func word(_ rendition: CARRendition) -> String { appearances.word(for: rendition, in: catalog) }
        for name in setNames {
            let set: CARIconSet?
            do {
                set = try catalog.iconSet(named: name, streaming: store)
            } catch {
                return .unreadable(path: path, size: size, problem: describe(error), namedIconSet: named, appStoreIconExpected: requirement != nil)
            }
            guard let set else { continue }
            let iconComposer: AssetCatalogSummary.IconComposerIcon?
            do {
                iconComposer = try IconComposerSummaries.summary(of: set, in: catalog, store: store, word: word)
            } catch {
                return .unreadable(path: path, size: size, problem: describe(error), namedIconSet: named, appStoreIconExpected: requirement != nil)
            }
            let layered = set.layerStacks.map { stack in
                AssetCatalogSummary.LayeredImage(
                    idiom: stack.key.idiom.description, scale: Int(stack.header.scaleFactor / 100), pixelWidth: Int(stack.pixelSize.width),
                    pixelHeight: Int(stack.pixelSize.height),
                    layers: catalog.layers(of: stack).map { layer in
                        AssetCatalogSummary.StackLayer(
                            name: layer.facetName, role: layer.role, images: layer.renditions.map { image($0, in: catalog, opaque: nil) })
                    }
                )
            }
            var decoded: (image: CARIconSet.Image, icon: AssetCatalogSummary.AppStoreIcon)?
            if name == named, requirement == nil, wants.decodesAppStoreIcon {
                iconPreview = previewIcon(of: set, in: catalog, store: store, appearances: appearances)
            }
            if name == named, wants.decodesIconVariants {
                appearancePreviews = Self.appearancePreviews(of: set, in: catalog, store: store, appearances: appearances)
            }
            if name == named, let requirement {
                let search = AppStoreIconSearch(in: set, of: catalog, for: requirement, appearances: appearances)
                switch search.any {
                case let (.image(image), appearance)?:
                    let icon = makeAppStoreIcon(
                        image, of: set, in: catalog, store: store, decoding: wants.decodesAppStoreIcon, layered: requirement.layered, appearance: appearance)
                    decoded = (image, icon)
                    appStoreIcon = icon
                case let (.layerStack(stack), appearance)?:
                    appStoreIcon = stackAppStoreIcon(stack, of: set, appearance: appearance, iconStack: false)
                case let (.iconStack(stack), appearance)?:
                    appStoreIcon = stackAppStoreIcon(stack, of: set, appearance: appearance, iconStack: true)
                case nil:
                    break
                }
                appStoreIconAppearances = search.byAppearance.map { found, appearance in
                    let rendition = found.rendition
                    let iconStack = if case .iconStack = found { true } else { false }
                    return AssetCatalogSummary.AppearanceIcon(
                        appearance: appearance, idiom: rendition.key.idiom.description, pixelWidth: Int(rendition.pixelSize.width),
                        pixelHeight: Int(rendition.pixelSize.height), iconStack: iconStack
                    )
                }
            }
            sets.append(
                AssetCatalogSummary.IconSet(
                    name: set.name,
                    images: set.images.map { image in
                        AssetCatalogSummary.IconImage(
                            idiom: image.idiom.description,
                            points: image.pointSize.map { AssetCatalogSummary.PointSize(width: Int($0.width), height: Int($0.height)) },
                            scale: Int(image.scale), pixelWidth: Int(image.pixelWidth), pixelHeight: Int(image.pixelHeight),
                            opaque: decoded?.image.rendition.block == image.rendition.block
                                ? decoded?.icon.opaque : (image.rendition.hasNoAlphaChannel ? true : nil),
                            format: format(of: image.rendition), appearance: word(image.rendition)
                        )
                    },
                    layeredImages: layered,
                    iconStacks: set.iconStacks.map { stack in
                        AssetCatalogSummary.AppearanceIcon(
                            appearance: word(stack), idiom: stack.key.idiom.description, pixelWidth: Int(stack.pixelSize.width),
                            pixelHeight: Int(stack.pixelSize.height), iconStack: true
                        )
                    },
                    iconComposer: iconComposer,
                    storedBytes: storedBytes(of: set, in: catalog, iconComposer: iconComposer)
                ))
        }
        let topShelf = names.topShelfImages.map { entry in
            topShelfImage(entry, in: catalog, store: store, decoding: wants.decodesTopShelfImages)
        }
        let elsewhere = appStoreIcon == nil ? requirement.flatMap { appStoreIconElsewhere(in: sets, except: named, for: $0) } : nil
        let alternates = names.alternateIcons.map {
            AssetCatalogSummary.AlternateIcon(iconsKey: $0.iconsKey, entry: $0.entry, iconSet: $0.iconSet, held: catalog.facet(named: $0.iconSet) != nil)
        }
        return AssetCatalogSummary(
            path: path, size: size, problem: nil, renditionCount: catalog.renditionCount,
            renditionKinds: kinds.sorted { $0.key < $1.key }.map { AssetCatalogSummary.RenditionKind(name: $0.key, count: $0.value) },
            iconSets: sets, appStoreIcon: appStoreIcon, appStoreIconAppearances: appStoreIconAppearances, namedIconSet: named,
            appStoreIconExpected: requirement != nil,
            appStoreIconElsewhere: elsewhere, topShelfImages: topShelf, alternateIcons: alternates, iconPreview: iconPreview,
            appearancePreviews: appearancePreviews
        )
    }

    /// What the catalog stores for `set`: its images and the atlases they link into (an Icon
    /// Composer icon's summary has counted them, with its other parts), and its layer stacks
    /// and their layers' images.
    static func storedBytes(of set: CARIconSet, in catalog: AssetCatalog, iconComposer: AssetCatalogSummary.IconComposerIcon?) -> Int {
        var bytes = iconComposer?.bytes.total ?? IconComposerSummaries.fallbackBytes(of: set, in: catalog)
        for stack in set.layerStacks {
            bytes += stack.storedBytes + catalog.layers(of: stack).flatMap(\.renditions).map(\.storedBytes).reduce(0, +)
        }
        return bytes
    }

    /// The renditions the summary needs listed: those of the facets the Info.plist names (the
    /// icon set, top-shelf images, alternate icons), every icon's (part 220) and icon size
    /// list's (218), layer stacks and their layers (`App Icon/Back/Content`), Icon Composer
    /// icons' parts, and the atlases icons link into. The others (a large catalog's thousands of images) are counted, not held.
    static func keepsListing(_ rendition: CARRendition, named: Set<String>) -> Bool {
        if let facet = rendition.facetName, named.contains(facet) || facet.hasSuffix("/Content") { return true }
        if [218, 220].contains(rendition.key[.part]) { return true }
        // An Icon Composer icon's parts: its stacks, groups and gradients, its SVG layers, and
        // the colours of its `<Icon>_Assets/` folder (an app's own colour sets are not kept).
        switch rendition.header.layout {
        case .iconStack, .iconGroup, .namedGradient: return true
        case .vector: return rendition.header.pixelFormat == .svg
        case .color: return rendition.facetName?.contains("_Assets/") == true
        default: break
        }
        return [.multisizeImageSet, .layerStack, .packedImage].contains(rendition.header.layout)
    }

    static func makeAppStoreIcon(
        _ image: CARIconSet.Image, of set: CARIconSet, in catalog: AssetCatalog, store: BOMStreamedStore, decoding: Bool, layered: Bool = false,
        appearance: String = IconAppearances.any
    ) -> AssetCatalogSummary.AppStoreIcon {
        func icon(
            opaque: Bool?, first: AssetCatalogSummary.Pixel?, transparent: Int, problem: String?, malformed: Bool, preview: [UInt8]?
        ) -> AssetCatalogSummary.AppStoreIcon {
            AssetCatalogSummary.AppStoreIcon(
                iconSet: set.name, idiom: image.idiom.description, appearance: appearance, pixelWidth: Int(image.pixelWidth),
                pixelHeight: Int(image.pixelHeight),
                layered: layered, opaque: opaque, firstTransparentPixel: first, transparentPixels: transparent, pixelProblem: problem,
                pixelsMalformed: malformed, preview: preview
            )
        }
        guard decoding else { return icon(opaque: nil, first: nil, transparent: 0, problem: nil, malformed: false, preview: nil) }
        let (pixels, bitmap) = decode(image.rendition, in: catalog, store: store)
        let preview = bitmap.flatMap(previewPNG)
        return icon(
            opaque: pixels.opaque, first: pixels.firstTransparentPixel, transparent: pixels.transparentPixels, problem: pixels.problem,
            malformed: pixels.malformed, preview: preview
        )
    }

    /// The HTML report's picture of a decoded icon: at most `previewSide` a side, as a PNG.
    static func previewPNG(_ bitmap: CARBitmap) -> [UInt8]? {
        bitmap.previewRGBA(maxSide: previewSide).flatMap { PNGEncoder.encode(width: $0.width, height: $0.height, rgba: $0.rgba) }
    }

    /// What decoding `rendition`'s pixels finds, and the bitmap when they decoded. A format or
    /// compression the reader does not decode is not a damaged catalog, nor is a stream cap
    /// reached (too many passes, too much kept); anything else is.
    static func decode(
        _ rendition: CARRendition, in catalog: AssetCatalog, store: BOMStreamedStore
    ) -> (pixels: AssetCatalogSummary.DecodedPixels, bitmap: CARBitmap?) {
        do {
            let bitmap = try catalog.bitmap(of: rendition, streaming: store)
            let first = bitmap.firstTransparentPixel.map { AssetCatalogSummary.Pixel(x: $0.x, y: $0.y) }
            let pixels = AssetCatalogSummary.DecodedPixels(
                opaque: bitmap.isOpaque, firstTransparentPixel: first, transparentPixels: first == nil ? 0 : bitmap.transparentPixelCount, problem: nil,
                malformed: false
            )
            return (pixels, bitmap)
        } catch {
            let malformed: Bool
            switch error {
            case .unsupportedCompression, .unsupportedPixelFormat, .bom(.tooManyPasses), .bom(.tooMuchKept): malformed = false
            default: malformed = true
            }
            return (
                AssetCatalogSummary.DecodedPixels(
                    opaque: nil, firstTransparentPixel: nil, transparentPixels: 0, problem: error.description, malformed: malformed), nil
            )
        }
    }

    /// One image of a set, a layer or a top-shelf image as the summary gives it.
    static func image(_ rendition: CARRendition, in catalog: AssetCatalog, opaque: Bool?) -> AssetCatalogSummary.IconImage {
        AssetCatalogSummary.IconImage(
            idiom: rendition.key.idiom.description, points: nil, scale: Int(rendition.header.scaleFactor / 100),
            pixelWidth: Int(rendition.pixelSize.width), pixelHeight: Int(rendition.pixelSize.height), opaque: opaque, format: format(of: rendition),
            appearance: IconAppearances.shipped.word(for: rendition, in: catalog)
        )
    }

    /// The pixel format's code without its padding (`ARGB`, `GA8`, `JPEG`); empty for none.
    static func format(of rendition: CARRendition) -> String {
        let code = rendition.header.pixelFormat.rawValue
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }.filter { $0 != 0x20 && $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a reader's error says, without the Swift type around it.
    static func describe(_ error: any Error) -> String {
        if let error = error as? AssetCatalogError { return error.description }
        if let error = error as? BOMError { return error.description }
        if let error = error as? BundleCheckError { return error.description }
        return String(describing: error)
    }
}
