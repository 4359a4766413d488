/// A BOM store's named variables: the names by which its blocks are found (`Paths`, `BomInfo`
/// in an installer `Bom`; `CARHEADER`, `RENDITIONS`, `FACETKEYS` in an `Assets.car`).
///
/// The section is a count, then for each variable its block id (32 bits), the length of its
/// name (8 bits) and the name's bytes, without a terminator.
package struct BOMVariables: Sendable, Hashable {
    /// In the order the store lists them.
    package let all: [BOMVariable]

    package init(_ all: [BOMVariable]) {
        self.all = all
    }

    /// The block of the variable `name` (the first, should two share it).
    package subscript(name: String) -> UInt32? {
        all.first { $0.name == name }?.block
    }

    /// Reads the variables from their section's bytes (the range the header gives).
    package static func read(_ section: ArraySlice<UInt8>, limits: BOMLimits) throws(BOMError) -> BOMVariables {
        let bytes = BOMBlock(id: 0, bytes: section, part: "variables")
        let count = try bytes.uint32(at: 0)
        guard UInt64(count) <= UInt64(limits.maxVariables) else { throw .tooManyVariables(count: count, limit: limits.maxVariables) }
        var variables: [BOMVariable] = []
        var offset = 4
        for index in 0..<Int(count) {
            let block = try bytes.uint32(at: offset)
            let length = Int(try bytes.uint8(at: offset + 4))
            let name = try bytes.slice(at: offset + 5, count: length)
            guard let text = String(validating: name, as: UTF8.self) else { throw .malformedVariableName(index: index) }
            variables.append(BOMVariable(name: text, block: block))
            offset += 5 + length
        }
        return BOMVariables(variables)
    }
}

/// One named variable of a BOM store.
package struct BOMVariable: Sendable, Hashable {
    package let name: String
    package let block: UInt32

    package init(name: String, block: UInt32) {
        self.name = name
        self.block = block
    }
}
