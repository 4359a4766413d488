/// A BOM store ("bill of materials", from NeXTSTEP): the container format of a macOS installer
/// package's `Bom` files and of a compiled asset catalog's `Assets.car`.
///
/// A store is a header (`BOMStoreHeader`), a table of blocks by id (`BOMBlockTable`) and named
/// variables (`BOMVariables`) whose blocks hold what the store is for, often a `BOMTree`. The
/// layout follows the public write-ups (xcbuild's libbom, bomutils, stuckliste's format notes),
/// checked against a `Bom` made by Apple's tools and the `Assets.car` files of the corpus.
///
/// This reader takes the whole file in memory (a `Bom` is small) and trusts no offset: the
/// sections and every block must lie inside the file, and the caps of `BOMLimits` hold. The
/// parts read from their own byte ranges (`header.indexRange`, `header.variablesRange`,
/// `blockRange(of:)`), so a reader that fetches ranges can be built from them.
package struct BOMStore: BOMBlockSource, Sendable {
    package let bytes: [UInt8]
    package let header: BOMStoreHeader
    package let blocks: BOMBlockTable
    package let variables: BOMVariables
    package let limits: BOMLimits

    package init(bytes: [UInt8], limits: BOMLimits = .standard) throws(BOMError) {
        let header = try BOMStoreHeader.read(bytes.prefix(BOMStoreHeader.length), fileLength: bytes.count)
        self.bytes = bytes
        self.header = header
        self.blocks = try BOMBlockTable.read(bytes[header.indexRange], fileLength: bytes.count, limits: limits)
        self.variables = try BOMVariables.read(bytes[header.variablesRange], limits: limits)
        self.limits = limits
    }

    /// Where block `id` lies in the file (what a ranged reader would fetch for it).
    package func blockRange(of id: UInt32, part: String = "a reference") throws(BOMError) -> Range<Int> {
        try blocks.range(of: id, part: part)
    }

    package func blockLength(_ id: UInt32, part: String) throws(BOMError) -> Int {
        try blockRange(of: id, part: part).count
    }

    package func block(_ id: UInt32, part: String = "a reference") throws(BOMError) -> BOMBlock {
        BOMBlock(id: id, bytes: bytes[try blocks.range(of: id, part: part)])
    }

    /// The block of the variable `name`.
    package func variable(_ name: String) throws(BOMError) -> BOMBlock {
        guard let id = variables[name] else { throw .missingVariable(name) }
        return try block(id, part: "variable \(name)")
    }

    /// The tree the variable `name` holds.
    package func tree(_ name: String) throws(BOMError) -> BOMTree {
        guard let id = variables[name] else { throw .missingVariable(name) }
        return try BOMTree.read(self, block: id)
    }
}
