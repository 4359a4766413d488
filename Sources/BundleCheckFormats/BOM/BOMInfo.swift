/// An installer `Bom`'s `BomInfo` variable: how many paths it lists and the bytes installed per
/// architecture.
///
/// Version 1, the number of paths plus one (Apple's count includes an entry for the Bom itself),
/// the number of entries, then per entry the CPU type (0 for what is not Mach-O), a 0, the total
/// size and a 0, 32 bits each. Checked against a `Bom` of Apple's tools: 3 paths give 4, and one
/// entry of CPU type 0 sums the sizes of the files.
package struct BOMInfo: Sendable, Hashable {
    package let version: UInt32
    package let pathCount: UInt32
    package let entries: [Entry]

    package init(version: UInt32 = 1, pathCount: UInt32, entries: [Entry]) {
        self.version = version
        self.pathCount = pathCount
        self.entries = entries
    }

    package struct Entry: Sendable, Hashable {
        package let cpuType: UInt32
        package let size: UInt32

        package init(cpuType: UInt32, size: UInt32) {
            self.cpuType = cpuType
            self.size = size
        }
    }

    package static func read(_ store: some BOMBlockSource, block id: UInt32) throws(BOMError) -> BOMInfo {
        let block = try store.block(id, part: "BomInfo")
        let version = try block.uint32(at: 0)
        let count = try block.uint32(at: 8)
        guard block.contains(12, Int(count) * 16) else {
            throw .malformedPath(block: id, detail: "BomInfo's \(count) entries do not fit in its \(block.count) bytes")
        }
        var entries: [Entry] = []
        for index in 0..<Int(count) {
            entries.append(Entry(cpuType: try block.uint32(at: 12 + index * 16), size: try block.uint32(at: 20 + index * 16)))
        }
        return BOMInfo(version: version, pathCount: try block.uint32(at: 4), entries: entries)
    }
}
