import BundleCheckFormats
import BundleCheckModel

/// Where an app's App Store icon is in the icon set its Info.plist names, appearance by
/// appearance: the images of an idiom its platform's row lists (`AppStoreIcons`) and of the
/// icon's size, then, where the platform's icon is layered, the layer stacks, and where an Icon
/// Composer icon stands for it, the icon stacks of that size.
///
/// App Store Connect judges the any appearance (ITMS-91111's "'Any Appearance' image well"):
/// `any` is the icon found there (`IconAppearances.anyOrder`), a dark or tinted variant alone
/// never. Within an appearance an image comes before a stack (its pixels can be judged), and
/// the idioms in the row's order.
struct AppStoreIconSearch {
    enum Found {
        case image(CARIconSet.Image)
        case layerStack(CARRendition)
        case iconStack(CARRendition)

        var rendition: CARRendition {
            switch self {
            case .image(let image): image.rendition
            case .layerStack(let stack), .iconStack(let stack): stack
            }
        }
    }

    /// The icon in its any appearance, with the word of the appearance it was found in.
    let any: (found: Found, appearance: String)?
    /// The icon in each appearance it is found in, `any`'s first.
    let byAppearance: [(found: Found, appearance: String)]

    init(in set: CARIconSet, of catalog: AssetCatalog, for requirement: AppStoreIcons.Requirement, appearances: IconAppearances = .shipped) {
        func sized(_ rendition: CARRendition) -> Bool {
            Int(rendition.pixelSize.width) == requirement.pixelWidth && Int(rendition.pixelSize.height) == requirement.pixelHeight
        }
        func rank(_ rendition: CARRendition) -> Int? { requirement.idioms.firstIndex(of: rendition.key.idiom.description) }
        // Every candidate, images first, then layer stacks, then icon stacks, each by idiom.
        var candidates: [Found] = set.images.filter { rank($0.rendition) != nil && sized($0.rendition) }
            .sorted { rank($0.rendition)! < rank($1.rendition)! }.map(Found.image)
        if requirement.layered {
            candidates += set.layerStacks.filter { rank($0) != nil && sized($0) }.sorted { rank($0)! < rank($1)! }.map(Found.layerStack)
        }
        if requirement.iconStacks {
            candidates += set.iconStacks.filter { sized($0) && (rank($0) != nil || $0.key.idiom == .universal) }.map(Found.iconStack)
        }
        let words = candidates.map { appearances.word(for: $0.rendition, in: catalog) }
        let anyMatches = appearances.anyAppearance(of: Array(zip(candidates, words))) { $0.1 }
        any = anyMatches.first.map { (found: $0.0, appearance: $0.1) }
        var seen: Set<String> = []
        var byAppearance: [(found: Found, appearance: String)] = any.map { [$0] } ?? []
        if let any { seen.insert(any.appearance) }
        for (found, word) in zip(candidates, words) where seen.insert(word).inserted {
            byAppearance.append((found, word))
        }
        self.byAppearance = byAppearance
    }
}
