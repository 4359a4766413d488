/// Reads the SuperBlob that `LC_CODE_SIGNATURE` points at (big-endian throughout):
/// the first CodeDirectory's identifier and team, which entitlement and CMS blobs exist, and
/// the seal (hash type, page size, code limit, special and code slots) of the CodeDirectory
/// with the strongest hash type bundlecheck verifies.
enum CodeSignatureParser {
    static let superBlobMagic: UInt32 = 0xFADE_0CC0
    static let codeDirectoryMagic: UInt32 = 0xFADE_0C02
    static let entitlementsXMLMagic: UInt32 = 0xFADE_7171
    static let entitlementsDERMagic: UInt32 = 0xFADE_7172
    static let cmsSignatureMagic: UInt32 = 0xFADE_0B01
    /// Slot of the primary CodeDirectory; alternates sit at 0x1000 and up.
    static let primaryCodeDirectorySlot: UInt32 = 0
    /// The first CodeDirectory version with a team identifier field.
    static let teamIdentifierVersion: UInt32 = 0x20200
    /// The first CodeDirectory version with a 64-bit code limit.
    static let codeLimit64Version: UInt32 = 0x20300
    /// magic through pageSize, then spare2: the oldest CodeDirectory layout.
    static let codeDirectoryHeaderSize = 44

    /// Fills in `signature` (which holds the load command's offset and size) from `data`.
    ///
    /// A SuperBlob listing more than `limits.maxSignatureBlobs` blobs is refused; a
    /// CodeDirectory stating pages past `limits.maxPageShift` leaves `sealProblem`.
    static func parse(_ data: [UInt8], into signature: CodeSignature, limits: MachOLimits = .standard) throws(MachOError) -> CodeSignature {
        var signature = signature
        let view = ByteView(data)
        guard let magic = view.uint32BE(at: 0), let length32 = view.uint32BE(at: 4), let count32 = view.uint32BE(at: 8) else {
            throw MachOError.malformedCodeSignature(reason: "\(data.count) bytes cannot hold a superblob header")
        }
        guard magic == superBlobMagic else {
            throw MachOError.malformedCodeSignature(reason: "superblob magic is 0x\(String(magic, radix: 16)), not 0xfade0cc0")
        }
        let length = Int(length32)
        guard length >= 12, length <= data.count else {
            throw MachOError.malformedCodeSignature(reason: "superblob length \(length) does not fit in its \(data.count) bytes")
        }
        let count = Int(count32)
        guard count <= limits.maxSignatureBlobs, count <= (length - 12) / 8 else {
            throw MachOError.malformedCodeSignature(
                reason: "superblob lists \(count) blobs, more than its length or the \(limits.maxSignatureBlobs) bundlecheck reads")
        }

        // Ranges, not copies: a large executable's CodeDirectory is a MiB of page hashes.
        var primary: Range<Int>?
        var firstCodeDirectory: Range<Int>?
        var codeDirectories: [(slot: UInt32, range: Range<Int>)] = []
        var blobs: [UInt32: Range<Int>] = [:]
        for index in 0..<count {
            let slot = view.uint32BE(at: 12 + index * 8)!
            let offset = Int(view.uint32BE(at: 16 + index * 8)!)
            guard let blobMagic = view.uint32BE(at: offset), let blobLength32 = view.uint32BE(at: offset + 4),
                offset + 8 <= length
            else {
                throw MachOError.malformedCodeSignature(reason: "blob \(index) at offset \(offset) lies outside the superblob")
            }
            let blobLength = Int(blobLength32)
            guard blobLength >= 8, blobLength <= length - offset else {
                throw MachOError.malformedCodeSignature(reason: "blob \(index) length \(blobLength) runs past the superblob")
            }
            let payload = offset + 8..<offset + blobLength
            if blobs[slot] == nil { blobs[slot] = offset..<offset + blobLength }
            switch blobMagic {
            case codeDirectoryMagic:
                signature.codeDirectoryCount += 1
                codeDirectories.append((slot, offset..<offset + blobLength))
                let blob = offset..<offset + blobLength
                if firstCodeDirectory == nil { firstCodeDirectory = blob }
                if slot == primaryCodeDirectorySlot, primary == nil { primary = blob }
            case entitlementsXMLMagic:
                if signature.entitlementsXML == nil { signature.entitlementsXML = Array(data[payload]) }
            case entitlementsDERMagic:
                if signature.derEntitlementsSize == nil { signature.derEntitlementsSize = payload.count }
            case cmsSignatureMagic:
                if signature.cmsSignatureSize == nil { signature.cmsSignatureSize = payload.count }
                if signature.cmsSignature == nil { signature.cmsSignature = Array(data[payload]) }
            default:
                break
            }
        }
        if let directory = primary ?? firstCodeDirectory {
            try readCodeDirectory(ByteView(data, range: directory), into: &signature)
        }
        readSeal(of: codeDirectories, in: data, blobs: blobs, maxPageShift: limits.maxPageShift, into: &signature)
        return signature
    }

    /// The seal of the CodeDirectory with the strongest hash type bundlecheck verifies; a
    /// CodeDirectory whose slots do not fit in it leaves `sealProblem` instead, for the rule
    /// about modified signatures to report (the other rules still read the signature).
    private static func readSeal(
        of directories: [(slot: UInt32, range: Range<Int>)],
        in data: [UInt8],
        blobs: [UInt32: Range<Int>],
        maxPageShift: Int,
        into signature: inout CodeSignature
    ) {
        let typed = directories.compactMap { directory -> (slot: UInt32, range: Range<Int>, type: CodeDirectoryHashType)? in
            guard directory.range.count > 37 else { return nil }
            return (directory.slot, directory.range, CodeDirectoryHashType(rawValue: data[directory.range.lowerBound + 37]))
        }
        guard let chosen = CodeDirectoryHashType.verifiedByStrength.lazy.compactMap({ type in typed.first { $0.type == type } }).first else {
            return
        }
        do {
            // Only the header and the special slots are copied: the code slots (a MiB and more for
            // a large executable) are compared where they lie in the SuperBlob.
            let hashOffset = ByteView(data).uint32BE(at: chosen.range.lowerBound + 16).map(Int.init) ?? 0
            let head = data[chosen.range].prefix(max(64, codeDirectoryHeaderSize, hashOffset))
            var seal = try seal(
                of: Array(head), blobCount: chosen.range.count, type: chosen.type, slot: chosen.slot, at: chosen.range.lowerBound,
                maxPageShift: maxPageShift
            )
            for slot in CodeSignatureSlot.signatureBlobs where seal.specialSlots[slot] != nil {
                seal.signatureBlobs[slot] = blobs[UInt32(slot.rawValue)]
            }
            signature.seal = seal
        } catch {
            signature.sealProblem = error.reason
        }
    }

    /// Reads and bounds-checks the hash slots of one CodeDirectory of `blobCount` bytes, which
    /// starts at `offset` in the SuperBlob; `blob` is its start, through its special slots.
    private static func seal(
        of blob: [UInt8], blobCount: Int, type: CodeDirectoryHashType, slot: UInt32, at offset: Int, maxPageShift: Int
    ) throws(SealError) -> CodeSeal {
        let view = ByteView(blob)
        guard blobCount >= codeDirectoryHeaderSize, blob.count >= codeDirectoryHeaderSize, let version = view.uint32BE(at: 8),
            let hashOffset32 = view.uint32BE(at: 16),
            let specialCount = view.uint32BE(at: 24), let codeCount = view.uint32BE(at: 28), let codeLimit32 = view.uint32BE(at: 32)
        else { throw SealError("its code directory of \(blobCount) bytes is too short") }
        let hashSize = Int(blob[36]), pageShift = blob[39]
        guard let size = type.size, hashSize == size else {
            throw SealError("its \(type) code directory states a hash size of \(hashSize) bytes, not \(type.size ?? 0)")
        }
        guard Int(pageShift) <= maxPageShift else { throw SealError("its code directory states pages of 2^\(pageShift) bytes") }
        var codeLimit = UInt64(codeLimit32)
        if version >= codeLimit64Version, let codeLimit64 = view.uint64BE(at: 56), codeLimit64 != 0 {
            codeLimit = codeLimit64
        }
        let hashOffset = UInt64(hashOffset32), slotSize = UInt64(size)
        guard UInt64(specialCount) * slotSize <= hashOffset, hashOffset - UInt64(specialCount) * slotSize >= UInt64(codeDirectoryHeaderSize),
            hashOffset + UInt64(codeCount) * slotSize <= UInt64(blobCount)
        else {
            throw SealError(
                "its code directory's \(specialCount) special and \(codeCount) code slots at offset \(hashOffset) do not fit in its \(blobCount) bytes")
        }
        let pageSize: UInt64 = pageShift == 0 ? 0 : 1 << UInt64(pageShift)
        // Rounded up without adding first: a hostile 64-bit code limit near the top would overflow.
        let pages: UInt64 = pageSize == 0 ? (codeLimit > 0 ? 1 : 0) : codeLimit / pageSize + (codeLimit % pageSize == 0 ? 0 : 1)
        guard UInt64(codeCount) == pages else {
            throw SealError("its code directory lists \(codeCount) code pages, but its code limit of \(codeLimit) bytes spans \(pages)")
        }
        var specialSlots: [CodeSignatureSlot: [UInt8]] = [:]
        for slot in CodeSignatureSlot.allCases where UInt32(slot.rawValue) <= specialCount {
            let start = Int(hashOffset) - slot.rawValue * size
            let hash = Array(blob[start..<start + size])
            // A zero-filled slot binds nothing.
            if hash.contains(where: { $0 != 0 }) { specialSlots[slot] = hash }
        }
        let codeStart = offset + Int(hashOffset)
        return CodeSeal(
            hashType: type, codeDirectorySlot: slot, pageSize: pageSize, codeLimit: codeLimit, codePageCount: Int(codeCount),
            specialSlots: specialSlots, codeSlots: codeStart..<codeStart + Int(codeCount) * size
        )
    }

    /// Why a CodeDirectory's hash slots cannot be read.
    private struct SealError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Version, flags, identifier and (from version 0x20200) team identifier.
    private static func readCodeDirectory(_ view: ByteView, into signature: inout CodeSignature) throws(MachOError) {
        // magic, length, version, flags, hashOffset, identOffset, nSpecialSlots, nCodeSlots,
        // codeLimit, four one-byte fields, spare2: 44 bytes in the oldest layout.
        guard view.count >= 44, let version = view.uint32BE(at: 8), let flags = view.uint32BE(at: 12),
            let identOffset = view.uint32BE(at: 20)
        else {
            throw MachOError.malformedCodeSignature(reason: "code directory of \(view.count) bytes is too short")
        }
        signature.codeDirectoryVersion = version
        signature.codeDirectoryFlags = flags
        guard let identifier = view.cString(at: Int(identOffset), end: view.count, requiringTerminator: true) else {
            throw MachOError.malformedCodeSignature(reason: "code directory identifier at \(identOffset) is not a terminated utf-8 string inside the blob")
        }
        signature.identifier = identifier
        // scatterOffset (0x20100) then teamOffset (0x20200) follow spare2.
        guard version >= teamIdentifierVersion, let teamOffset = view.uint32BE(at: 48), teamOffset != 0 else { return }
        guard let team = view.cString(at: Int(teamOffset), end: view.count, requiringTerminator: true) else {
            throw MachOError.malformedCodeSignature(reason: "code directory team identifier at \(teamOffset) is not a terminated utf-8 string inside the blob")
        }
        signature.teamIdentifier = team
    }
}
