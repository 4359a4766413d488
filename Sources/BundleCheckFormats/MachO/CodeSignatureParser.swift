/// Reads the SuperBlob that `LC_CODE_SIGNATURE` points at (big-endian throughout):
/// the first CodeDirectory's identifier and team, and which entitlement and CMS blobs exist.
enum CodeSignatureParser {
    static let superBlobMagic: UInt32 = 0xFADE_0CC0
    static let codeDirectoryMagic: UInt32 = 0xFADE_0C02
    static let entitlementsXMLMagic: UInt32 = 0xFADE_7171
    static let entitlementsDERMagic: UInt32 = 0xFADE_7172
    static let cmsSignatureMagic: UInt32 = 0xFADE_0B01
    /// Slot of the primary CodeDirectory; alternates sit at 0x1000 and up.
    static let primaryCodeDirectorySlot: UInt32 = 0
    /// Real signatures hold five to ten blobs: a larger count is damage, not a signature.
    static let maximumBlobCount = 64
    /// The first CodeDirectory version with a team identifier field.
    static let teamIdentifierVersion: UInt32 = 0x20200

    /// Fills in `signature` (which holds the load command's offset and size) from `data`.
    static func parse(_ data: [UInt8], into signature: CodeSignature) throws(MachOError) -> CodeSignature {
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
        guard count <= maximumBlobCount, count <= (length - 12) / 8 else {
            throw MachOError.malformedCodeSignature(reason: "superblob lists \(count) blobs, more than its length or the \(maximumBlobCount) bundlecheck reads")
        }

        var primary: [UInt8]?
        var firstCodeDirectory: [UInt8]?
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
            switch blobMagic {
            case codeDirectoryMagic:
                signature.codeDirectoryCount += 1
                let blob = Array(data[offset..<offset + blobLength])
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
            try readCodeDirectory(directory, into: &signature)
        }
        return signature
    }

    /// Version, flags, identifier and (from version 0x20200) team identifier.
    private static func readCodeDirectory(_ blob: [UInt8], into signature: inout CodeSignature) throws(MachOError) {
        let view = ByteView(blob)
        // magic, length, version, flags, hashOffset, identOffset, nSpecialSlots, nCodeSlots,
        // codeLimit, four one-byte fields, spare2: 44 bytes in the oldest layout.
        guard blob.count >= 44, let version = view.uint32BE(at: 8), let flags = view.uint32BE(at: 12),
              let identOffset = view.uint32BE(at: 20)
        else {
            throw MachOError.malformedCodeSignature(reason: "code directory of \(blob.count) bytes is too short")
        }
        signature.codeDirectoryVersion = version
        signature.codeDirectoryFlags = flags
        guard let identifier = view.cString(at: Int(identOffset), end: blob.count, requiringTerminator: true) else {
            throw MachOError.malformedCodeSignature(reason: "code directory identifier at \(identOffset) is not a terminated utf-8 string inside the blob")
        }
        signature.identifier = identifier
        // scatterOffset (0x20100) then teamOffset (0x20200) follow spare2.
        guard version >= teamIdentifierVersion, let teamOffset = view.uint32BE(at: 48), teamOffset != 0 else { return }
        guard let team = view.cString(at: Int(teamOffset), end: blob.count, requiringTerminator: true) else {
            throw MachOError.malformedCodeSignature(reason: "code directory team identifier at \(teamOffset) is not a terminated utf-8 string inside the blob")
        }
        signature.teamIdentifier = team
    }
}
