@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// Stores written by `BOMWriter.Store` and then broken on purpose, for the hostile-input tests.
enum BOMHostileInput {
    /// `value` written big-endian over the 4 bytes at `offset` of `bytes`.
    static func patch(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
        bytes.replaceSubrange(offset..<offset + 4, with: BOMWriter.bigEndian(value))
    }

    /// `value` written big-endian over the 4 bytes at `offset` of block `id`.
    static func patch(_ store: inout BOMWriter.Store, block id: UInt32, at offset: Int, _ value: UInt32) {
        store.blocks[Int(id)].replaceSubrange(offset..<offset + 4, with: BOMWriter.bigEndian(value))
    }

    /// A store with one tree `T` of `count` entries (values and keys are 4-byte blocks holding
    /// their index), nodes of `perNode` entries; the tree's header block id (its nodes follow it:
    /// the leaves first, then each level of branches, the root last).
    static func treeStore(count: Int, perNode: Int? = nil, blockSize: UInt32 = 4096) -> (store: BOMWriter.Store, tree: UInt32) {
        var store = BOMWriter.Store()
        let entries = (0..<count).map { index in
            (value: store.add(BOMWriter.bigEndian(UInt32(index))), key: store.add(BOMWriter.bigEndian(UInt32(index))))
        }
        let tree = store.addTree(entries, blockSize: blockSize, entriesPerNode: perNode)
        store.addVariable("T", tree)
        return (store, tree)
    }

    /// The entries of tree `T`, or the error.
    static func walk(_ bytes: [UInt8], limits: BOMLimits = .standard) -> Result<[BOMTreeEntry], BOMError> {
        Result { () throws(BOMError) in
            let store = try BOMStore(bytes: bytes, limits: limits)
            return try store.tree("T").entries(in: store)
        }
    }

    /// An installer `Bom` whose `Paths` tree holds exactly these entries (path id, parent id,
    /// name; information a directory's unless given), in this order.
    static func pathsBom(_ records: [(id: UInt32, parent: UInt32, name: String)], information: [UInt8]? = nil) -> [UInt8] {
        var store = BOMWriter.Store()
        let entries = records.map { record in
            let info = store.add(information ?? BOMWriter.information(.directory("./x")))
            let key = store.add(BOMWriter.bigEndian(record.parent) + Array(record.name.utf8) + [0])
            return (value: store.add(BOMWriter.bigEndian(record.id) + BOMWriter.bigEndian(info)), key: key)
        }
        store.addVariable("Paths", store.addTree(entries))
        return store.write()
    }

    static func paths(_ bytes: [UInt8], limits: BOMLimits = .standard) -> Result<[String], BOMError> {
        Result { () throws(BOMError) in try BOMPaths.read(try BOMStore(bytes: bytes, limits: limits)).entries.map(\.path) }
    }
}
