import Foundation

/// The places one walk of a property list went through, each a step from its parent,
/// so that a place costs the same to record at any depth.
///
/// A walk that built a `JSONPointer` for every value it met would copy the whole
/// path each time: values × depth. Here a place is a number; its pointer is built
/// (in steps of its depth) only when a finding names it, and places compare in the
/// order of their pointer text without building it.
public final class JSONPointerTrail: Sendable {
    /// The parent of each place; -1 for the root.
    private let parents: [Int32]
    private let depths: [Int32]
    /// The key or index that leads from the parent, as pointer text spells it.
    private let components: [String]
    /// FNV-1a of each place's pointer components, extended one step at a time.
    private let hashes: [UInt64]
    /// Whether a component holds `~` or `/`, which pointer text escapes.
    private let needsEscape: [Bool]
    private let pointersBuilt = BuiltPointerCounter()

    fileprivate init(builder: Builder) {
        self.parents = builder.parents
        self.depths = builder.depths
        self.components = builder.components
        self.hashes = builder.hashes
        self.needsEscape = builder.needsEscape
    }

    /// How many pointers `Place.pointer` built so far (for tests that bound the work).
    public var builtPointerCount: Int {
        pointersBuilt.value
    }

    /// How many places the walk recorded.
    public var count: Int { parents.count }

    /// One place on a trail.
    public struct Place: Sendable, Hashable {
        public let trail: JSONPointerTrail
        /// The place's number on its trail, for `ranks(of:)`.
        public let index: Int32

        /// The place's pointer, built now: once per finding, not once per value.
        public var pointer: JSONPointer {
            trail.pointersBuilt.increment()
            var reversed: [String] = []
            reversed.reserveCapacity(Int(trail.depths[Int(index)]))
            var place = index
            while trail.parents[Int(place)] >= 0 {
                reversed.append(trail.components[Int(place)])
                place = trail.parents[Int(place)]
            }
            return JSONPointer(components: reversed.reversed())
        }

        /// A hash of the components, equal for equal pointers on any trail.
        public var componentHash: UInt64 { trail.hashes[Int(index)] }

        public static func == (lhs: Place, rhs: Place) -> Bool {
            if lhs.trail === rhs.trail { return lhs.index == rhs.index }
            return lhs.componentHash == rhs.componentHash && lhs.sameComponents(as: rhs)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(componentHash)
        }

        /// Whether `lhs`'s pointer text sorts before `rhs`'s, as `JSONPointer`'s `<` does.
        public static func precedes(_ lhs: Place, _ rhs: Place) -> Bool {
            guard lhs.trail === rhs.trail else { return lhs.pointer < rhs.pointer }
            return lhs.trail.precedes(lhs.index, rhs.index)
        }

        private func sameComponents(as other: Place) -> Bool {
            var left = index, right = other.index
            guard trail.depths[Int(left)] == other.trail.depths[Int(right)] else { return false }
            while trail.parents[Int(left)] >= 0 {
                guard trail.components[Int(left)] == other.trail.components[Int(right)] else { return false }
                left = trail.parents[Int(left)]
                right = other.trail.parents[Int(right)]
            }
            return true
        }
    }

    /// Places `indices` in the order of their pointer text: their rank by that order, by index
    /// (places not among `indices` rank -1). Sorts numbers, not places or pointers.
    public func ranks(of indices: [Int32]) -> [Int32] {
        var ranks = [Int32](repeating: -1, count: parents.count)
        for (rank, index) in indices.sorted(by: precedes).enumerated() {
            ranks[Int(index)] = Int32(rank)
        }
        return ranks
    }

    /// Whether place `lhs`'s pointer text sorts before place `rhs`'s.
    private func precedes(_ lhs: Int32, _ rhs: Int32) -> Bool {
        guard lhs != rhs else { return false }
        // Climb to the same depth, then together to the children of the common ancestor.
        var left = lhs, right = rhs
        var leftChild: Int32 = -1, rightChild: Int32 = -1
        while depths[Int(left)] > depths[Int(right)] {
            leftChild = left
            left = parents[Int(left)]
        }
        while depths[Int(right)] > depths[Int(left)] {
            rightChild = right
            right = parents[Int(right)]
        }
        while left != right {
            leftChild = left
            rightChild = right
            left = parents[Int(left)]
            right = parents[Int(right)]
        }
        // One is the other's ancestor: its text is a prefix of the other's.
        if leftChild < 0 { return true }
        if rightChild < 0 { return false }
        // The texts part at these components; what follows them is either the end
        // or a `/`, which must take part since `/` sorts above some characters.
        var leftText = escapedComponent(leftChild)
        var rightText = escapedComponent(rightChild)
        if leftChild != lhs { leftText += "/" }
        if rightChild != rhs { rightText += "/" }
        return leftText < rightText
    }

    /// Records places as a walk meets them, in constant time each (plus the component's length for its hash).
    public struct Builder {
        fileprivate var parents: [Int32] = []
        fileprivate var depths: [Int32] = []
        fileprivate var components: [String] = []
        fileprivate var hashes: [UInt64] = []
        fileprivate var needsEscape: [Bool] = []

        public init() {}

        /// The root: the empty pointer.
        public mutating func addRoot() -> Int32 {
            needsEscape.append(false)
            return append(parent: -1, depth: 0, component: "", hash: Self.seed)
        }

        /// A child of `parent` reached through `component` (a key, or an index as decimal text).
        public mutating func add(_ component: String, under parent: Int32) -> Int32 {
            var hash = Self.mix(hashes[Int(parent)], 0x2F)
            var escaped = false
            for byte in component.utf8 {
                hash = Self.mix(hash, byte)
                escaped = escaped || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
            }
            needsEscape.append(escaped)
            return append(parent: parent, depth: depths[Int(parent)] + 1, component: component, hash: hash)
        }

        public func build() -> JSONPointerTrail {
            JSONPointerTrail(builder: self)
        }

        private mutating func append(parent: Int32, depth: Int32, component: String, hash: UInt64) -> Int32 {
            parents.append(parent)
            depths.append(depth)
            components.append(component)
            hashes.append(hash)
            return Int32(parents.count - 1)
        }

        private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

        private static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
            (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }

    private func escapedComponent(_ index: Int32) -> String {
        needsEscape[Int(index)] ? JSONPointer.escape(components[Int(index)]) : components[Int(index)]
    }

    /// Places of a finished trail.
    public func place(_ index: Int32) -> Place {
        Place(trail: self, index: index)
    }

    /// The hash `Place.componentHash` gives a place with `pointer`'s components, on any trail.
    public static func componentHash(of pointer: JSONPointer) -> UInt64 {
        var builder = Builder()
        var place = builder.addRoot()
        for component in pointer.components {
            place = builder.add(component, under: place)
        }
        return builder.hashes[Int(place)]
    }
}

/// How many pointers a trail built; a lock guards it, since places are shared across tasks.
private final class BuiltPointerCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.withLock { count }
    }

    func increment() {
        lock.withLock { count += 1 }
    }
}
