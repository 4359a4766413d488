extension AssetCatalogSummary {
    /// An Icon Composer icon (Xcode 26's `.icon`, Liquid Glass) as its catalog holds it: the
    /// appearances its stacks are drawn in, its groups and their layers, its gradients and
    /// colours, the flattened fallbacks older systems draw, and what each part costs.
    ///
    /// Read as Xcode 26.0 compiled the corpus's macOS catalog; see `CARIconComposerIcon`.
    public struct IconComposerIcon: Sendable, Hashable {
        /// The appearances of its stacks (`dark`, `light`, `tinted`, …), in the catalog's order.
        public let appearances: [String]
        public let groups: [Group]
        public let vectorLayers: [VectorLayer]
        public let gradients: [Gradient]
        /// The colours' facet names (`AppIcon_Assets/Color-1`).
        public let colors: [String]
        /// The flattened fallback images, per appearance.
        public let fallbacks: [Fallback]
        public let bytes: Cost

        package init(
            appearances: [String], groups: [Group], vectorLayers: [VectorLayer], gradients: [Gradient], colors: [String], fallbacks: [Fallback], bytes: Cost
        ) {
            self.appearances = appearances
            self.groups = groups
            self.vectorLayers = vectorLayers
            self.gradients = gradients
            self.colors = colors
            self.fallbacks = fallbacks
            self.bytes = bytes
        }

        /// A group of layers (`AppIcon/Group`) and the layers it draws, by facet name.
        public struct Group: Sendable, Hashable {
            public let name: String
            public let layers: [String]

            package init(name: String, layers: [String]) {
                self.name = name
                self.layers = layers
            }
        }

        /// A vector layer: its SVG as stored and decoded.
        public struct VectorLayer: Sendable, Hashable {
            public let name: String
            public let storedBytes: Int
            public let decodedBytes: Int
            /// Whether the decoded bytes start as an SVG document.
            public let svg: Bool

            package init(name: String, storedBytes: Int, decodedBytes: Int, svg: Bool) {
                self.name = name
                self.storedBytes = storedBytes
                self.decodedBytes = decodedBytes
                self.svg = svg
            }
        }

        /// A named gradient and the colours of its stops.
        public struct Gradient: Sendable, Hashable {
            public let name: String
            public let colors: [String]

            package init(name: String, colors: [String]) {
                self.name = name
                self.colors = colors
            }
        }

        /// The fallback images of one appearance, each as `16pt@2x` (its size in points and
        /// scale), or its pixels when no size list names it.
        public struct Fallback: Sendable, Hashable {
            public let appearance: String
            public let sizes: [String]

            package init(appearance: String, sizes: [String]) {
                self.appearance = appearance
                self.sizes = sizes
            }
        }

        /// Bytes the catalog stores for each part, renditions' headers and properties included.
        public struct Cost: Sendable, Hashable {
            /// The stacks and groups.
            public let stacks: Int
            /// Vector layers, gradients and colours.
            public let layers: Int
            /// The fallback images, with each atlas their links point into counted once.
            public let fallbacks: Int

            package init(stacks: Int, layers: Int, fallbacks: Int) {
                self.stacks = stacks
                self.layers = layers
                self.fallbacks = fallbacks
            }

            public var total: Int { stacks + layers + fallbacks }
        }
    }
}
