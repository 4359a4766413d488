import Foundation

/// Writes a `FixtureAssetCatalog` as a file: its plan (`AssetCatalogPlan`) through the BOM
/// writer's placed, streamed write, the large values made one at a time, then the block table
/// and the store header written over the room left for them, then any truncation.
enum AssetCatalogWriter {
    /// Offsets are 32-bit: a file must end before 4 GiB.
    static let maximumLength = Int(UInt32.max)

    static func bytes(of catalog: FixtureAssetCatalog) throws(AssetCatalogWriterError) -> [UInt8] {
        let plan = try AssetCatalogPlan(catalog)
        var bytes: [UInt8] = []
        let patches: [(offset: Int, bytes: [UInt8])]
        do {
            patches = try plan.store.write(plan.placement, contents: { plan.value(of: $0) }) { piece in
                guard bytes.count + piece.count <= maximumLength else {
                    throw AssetCatalogWriterError.tooLarge(part: "the file", value: bytes.count + piece.count, limit: maximumLength)
                }
                bytes += piece
            }
        } catch let error as AssetCatalogWriterError {
            throw error
        } catch {
            preconditionFailure("only the length check throws: \(error)")
        }
        for patch in patches {
            bytes.replaceSubrange(patch.offset..<patch.offset + patch.bytes.count, with: patch.bytes)
        }
        if let truncation = plan.truncation, truncation < bytes.count {
            bytes.removeSubrange(truncation...)
        }
        return bytes
    }

    /// Writes the file at `path`, appending a MiB at a time, then the patches in place.
    static func write(_ catalog: FixtureAssetCatalog, toFile path: String) throws {
        let plan = try AssetCatalogPlan(catalog)
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        var written = 0
        let patches = try plan.store.write(plan.placement, contents: { plan.value(of: $0) }) { piece in
            guard written + buffer.count + piece.count <= maximumLength else {
                throw AssetCatalogWriterError.tooLarge(part: "the file", value: written + buffer.count + piece.count, limit: maximumLength)
            }
            buffer += piece
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                written += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        written += buffer.count
        for patch in patches {
            try handle.seek(toOffset: UInt64(patch.offset))
            try handle.write(contentsOf: patch.bytes)
        }
        if let truncation = plan.truncation, truncation < written {
            try handle.truncate(atOffset: UInt64(truncation))
        }
    }
}
