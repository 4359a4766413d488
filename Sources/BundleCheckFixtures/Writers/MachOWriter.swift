import BundleCheckFormats

/// Writes small, valid Mach-O files for fixtures: thin, or fat with one slice per description.
///
/// A slice is laid out as a linker would, in miniature: header, load commands,
/// a few bytes of `__TEXT` followed by its string sections (`__cstring`,
/// `__objc_classname`, `__objc_methname`), an optional `__LLVM` segment, then
/// `__LINKEDIT` holding the symbol table, its string table and the code signature, whose
/// hashes are computed over the bytes written (`FixtureCodeSignature`). The same descriptions
/// always give the same bytes.
public enum MachOWriter {
    /// Fat slices start at multiples of 2^14, as Xcode aligns arm64 slices.
    public static let fatAlignmentShift: UInt32 = 14

    /// A thin Mach-O of one slice.
    public static func thin(_ slice: MachOSliceDescription) -> [UInt8] {
        writeSlice(slice).bytes
    }

    /// The hash of a slice's primary CodeDirectory as written (its `cdhash`, 20 bytes, as a
    /// containing bundle's CodeResources lists nested code); nil for an unsigned slice.
    public static func codeDirectoryHash(of slice: MachOSliceDescription) -> [UInt8]? {
        guard let type = slice.codeSignature?.hashTypes.first, let directory = writeSlice(slice).primaryCodeDirectory else { return nil }
        return Array(digest(directory, type).prefix(20))
    }

    /// A fat Mach-O, slices in the order given; `use64BitRecords` writes `fat_arch_64`
    /// records behind the `0xcafebabf` magic.
    public static func fat(_ slices: [MachOSliceDescription], use64BitRecords: Bool = false) -> [UInt8] {
        let bodies = slices.map { writeSlice($0).bytes }
        let alignment = 1 << Int(fatAlignmentShift)
        var offsets: [Int] = []
        var next = alignment
        for body in bodies {
            offsets.append(next)
            next = (next + body.count + alignment - 1) / alignment * alignment
        }
        var buffer = MachOByteBuffer()
        buffer.appendBigEndian(use64BitRecords ? UInt32(0xCAFE_BABF) : 0xCAFE_BABE)
        buffer.appendBigEndian(UInt32(slices.count))
        for (slice, (offset, body)) in zip(slices, zip(offsets, bodies)) {
            buffer.appendBigEndian(UInt32(bitPattern: slice.architecture.cpuType))
            buffer.appendBigEndian(UInt32(bitPattern: slice.architecture.cpuSubtype))
            if use64BitRecords {
                buffer.appendBigEndian(UInt64(offset))
                buffer.appendBigEndian(UInt64(body.count))
                buffer.appendBigEndian(fatAlignmentShift)
                buffer.appendBigEndian(UInt32(0))
            } else {
                buffer.appendBigEndian(UInt32(offset))
                buffer.appendBigEndian(UInt32(body.count))
                buffer.appendBigEndian(fatAlignmentShift)
            }
        }
        for (offset, body) in zip(offsets, bodies) {
            buffer.pad(toCount: offset)
            buffer.append(body)
        }
        return buffer.bytes
    }

    // MARK: - Private

    private static let textContents = Array("bundlecheck fixture __TEXT bytes".utf8)
    private static let bitcodeContents = Array("fixture bitcode".utf8) + [0]

    private static func writeSlice(_ slice: MachOSliceDescription) -> (bytes: [UInt8], primaryCodeDirectory: [UInt8]?) {
        let is64 = slice.architecture.is64Bit
        let headerSize = is64 ? 32 : 28
        // Load commands do not depend on where things land, except for offsets:
        // write them once to learn their size, then again with the real layout.
        let draft = loadCommands(slice, layout: Layout())
        var layout = Layout()
        layout.textOffset = headerSize + draft.bytes.count
        var sectionOffset = layout.textOffset + textContents.count
        for section in stringSections(slice) {
            layout.sections.append((section.name, sectionOffset, section.bytes.count))
            sectionOffset += section.bytes.count
        }
        layout.bitcodeOffset = sectionOffset
        let contentEnd = layout.bitcodeOffset + (slice.hasBitcodeSegment ? bitcodeContents.count : 0)
        let symbols = symbolTable(slice)
        layout.symbolTableOffset = (contentEnd + 7) / 8 * 8
        layout.symbolCount = slice.importedSymbols.count
        layout.stringTableOffset = layout.symbolTableOffset + symbols.entries.count
        layout.stringTableSize = symbols.strings.count
        let linkEditContentEnd = symbols.entries.isEmpty ? contentEnd : layout.stringTableOffset + symbols.strings.count
        layout.signatureOffset = (linkEditContentEnd + 15) / 16 * 16
        // Hashes do not change the signature's size: a draft with zero hashes gives the layout.
        let draftSignature = slice.codeSignature.map { signatureBytes($0, code: [UInt8](repeating: 0, count: layout.signatureOffset), hashing: false) }
        layout.signatureSize = draftSignature?.bytes.count ?? 0
        let commands = loadCommands(slice, layout: layout)

        var buffer = MachOByteBuffer()
        buffer.appendLittleEndian(is64 ? UInt32(0xFEED_FACF) : 0xFEED_FACE)
        buffer.appendLittleEndian(UInt32(bitPattern: slice.architecture.cpuType))
        buffer.appendLittleEndian(UInt32(bitPattern: slice.architecture.cpuSubtype))
        buffer.appendLittleEndian(slice.fileType.rawValue)
        buffer.appendLittleEndian(UInt32(commands.count))
        buffer.appendLittleEndian(UInt32(commands.bytes.count))
        buffer.appendLittleEndian(UInt32(0x0020_0085)) // NOUNDEFS | DYLDLINK | TWOLEVEL | PIE
        if is64 { buffer.appendLittleEndian(UInt32(0)) }
        buffer.append(commands.bytes.bytes)
        buffer.append(textContents)
        for section in stringSections(slice) { buffer.append(section.bytes) }
        if slice.hasBitcodeSegment { buffer.append(bitcodeContents) }
        if !symbols.entries.isEmpty {
            buffer.pad(toCount: layout.symbolTableOffset)
            buffer.append(symbols.entries)
            buffer.append(symbols.strings)
        }
        guard let signature = slice.codeSignature else { return (buffer.bytes, nil) }
        buffer.pad(toCount: layout.signatureOffset)
        let sealed = signatureBytes(signature, code: buffer.bytes, hashing: true)
        var bytes = buffer.bytes
        if signature.patchesCodeAfterSigning {
            bytes[layout.textOffset] ^= 0x20 // `b` of the __TEXT filler becomes `B`
        }
        return (bytes + sealed.bytes, sealed.primaryCodeDirectory)
    }

    /// Where the parts of a slice land, from its start.
    private struct Layout {
        var textOffset = 0
        var bitcodeOffset = 0
        var signatureOffset = 0
        var signatureSize = 0
        /// Each `__TEXT` string section: name, offset, size.
        var sections: [(name: String, offset: Int, size: Int)] = []
        var symbolTableOffset = 0
        var symbolCount = 0
        var stringTableOffset = 0
        var stringTableSize = 0
    }

    /// The `__TEXT` string sections a slice asks for, in the order they are written.
    private static func stringSections(_ slice: MachOSliceDescription) -> [(name: String, bytes: [UInt8])] {
        let sections = [("__cstring", slice.cStrings), ("__objc_classname", slice.objcClassNames), ("__objc_methname", slice.objcSelectors)]
        return sections.filter { !$0.1.isEmpty }.map { name, strings in
            (name, strings.flatMap { Array($0.utf8) + [0] })
        }
    }

    /// `nlist(_64)` entries for the imported symbols (undefined, external) and their
    /// string table, which starts with a space and a NUL as ld64 writes it.
    private static func symbolTable(_ slice: MachOSliceDescription) -> (entries: [UInt8], strings: [UInt8]) {
        guard !slice.importedSymbols.isEmpty else { return ([], []) }
        var entries = MachOByteBuffer()
        var strings: [UInt8] = [0x20, 0]
        for name in slice.importedSymbols {
            entries.appendLittleEndian(UInt32(strings.count)) // n_strx
            entries.append([0x01, 0, 0x01, 0x00]) // n_type N_UNDF | N_EXT, n_sect NO_SECT, n_desc (library ordinal 1)
            if slice.architecture.is64Bit { entries.appendLittleEndian(UInt64(0)) } else { entries.appendLittleEndian(UInt32(0)) }
            strings += Array(name.utf8) + [0]
        }
        strings += [UInt8](repeating: 0, count: (8 - strings.count % 8) % 8)
        return (entries.bytes, strings)
    }

    private struct Commands {
        var bytes = MachOByteBuffer()
        var count = 0
    }

    private static func loadCommands(_ slice: MachOSliceDescription, layout: Layout) -> Commands {
        let is64 = slice.architecture.is64Bit
        let pointerAlignment = is64 ? 8 : 4
        var commands = Commands()
        func begin(_ command: UInt32, size: Int) {
            commands.bytes.appendLittleEndian(command)
            commands.bytes.appendLittleEndian(UInt32(size))
            commands.count += 1
        }
        func segment(_ name: String, fileOffset: Int, fileSize: Int, sections: [(name: String, offset: Int, size: Int)] = []) {
            let sectionSize = is64 ? 80 : 68
            begin(is64 ? 0x19 : 0x1, size: (is64 ? 72 : 56) + sections.count * sectionSize)
            commands.bytes.appendFixedName(name, length: 16)
            let values = [0x1_0000_0000 + fileOffset, (fileSize + 0x3FFF) / 0x4000 * 0x4000, fileOffset, fileSize]
            for value in values {
                if is64 { commands.bytes.appendLittleEndian(UInt64(value)) } else { commands.bytes.appendLittleEndian(UInt32(truncatingIfNeeded: value)) }
            }
            for value: UInt32 in [5, 5, UInt32(sections.count), 0] { // maxprot, initprot (r-x), nsects, flags
                commands.bytes.appendLittleEndian(value)
            }
            for section in sections {
                commands.bytes.appendFixedName(section.name, length: 16)
                commands.bytes.appendFixedName(name, length: 16)
                if is64 {
                    commands.bytes.appendLittleEndian(UInt64(0x1_0000_0000 + section.offset))
                    commands.bytes.appendLittleEndian(UInt64(section.size))
                } else {
                    commands.bytes.appendLittleEndian(UInt32(0x4000 + section.offset))
                    commands.bytes.appendLittleEndian(UInt32(section.size))
                }
                // offset, align (2^0), reloff, nreloc, flags (S_CSTRING_LITERALS), reserved1, reserved2
                for value: UInt32 in [UInt32(section.offset), 0, 0, 0, 0x2, 0, 0] {
                    commands.bytes.appendLittleEndian(value)
                }
                if is64 { commands.bytes.appendLittleEndian(UInt32(0)) } // reserved3
            }
        }

        // Sections are counted in the draft too, so its load commands have their final size.
        let sections =
            layout.sections.isEmpty
            ? stringSections(slice).map { (name: $0.name, offset: 0, size: $0.bytes.count) }
            : layout.sections
        let textEnd = sections.last.map { $0.offset + $0.size } ?? layout.textOffset + textContents.count
        let declared = slice.declaredTextSize.map { [(name: "__text", offset: 0, size: Int(clamping: $0))] } ?? []
        segment("__TEXT", fileOffset: 0, fileSize: textEnd, sections: declared + sections)
        if slice.hasBitcodeSegment {
            segment("__LLVM", fileOffset: layout.bitcodeOffset, fileSize: bitcodeContents.count)
        }
        if !slice.importedSymbols.isEmpty {
            let end = slice.codeSignature != nil ? layout.signatureOffset + layout.signatureSize : layout.stringTableOffset + layout.stringTableSize
            segment("__LINKEDIT", fileOffset: layout.symbolTableOffset, fileSize: end - layout.symbolTableOffset)
        } else if slice.codeSignature != nil {
            segment("__LINKEDIT", fileOffset: layout.signatureOffset, fileSize: layout.signatureSize)
        }
        if let uuid = slice.uuid {
            begin(0x1B, size: 24)
            commands.bytes.append(uuid.bytes)
        }
        switch slice.platformVersion {
        case .buildVersion(let platform, let minimumOS, let sdk):
            begin(0x32, size: 24)
            for value in [platform.rawValue, minimumOS.encoded, sdk.encoded, 0] { // ntools 0
                commands.bytes.appendLittleEndian(value)
            }
        case .versionMinIPhoneOS(let minimumOS, let sdk):
            begin(0x25, size: 16)
            commands.bytes.appendLittleEndian(minimumOS.encoded)
            commands.bytes.appendLittleEndian(sdk.encoded)
        }
        if let cryptID = slice.cryptID {
            begin(is64 ? 0x2C : 0x21, size: is64 ? 24 : 20)
            commands.bytes.appendLittleEndian(UInt32(layout.textOffset))
            commands.bytes.appendLittleEndian(UInt32(textContents.count))
            commands.bytes.appendLittleEndian(cryptID)
            if is64 { commands.bytes.appendLittleEndian(UInt32(0)) }
        }
        if let identity = slice.dylibIdentity {
            // LC_ID_DYLIB: a library's own install name and current version, as ld writes it.
            let name = Array(identity.installName.utf8) + [0]
            let size = (24 + name.count + pointerAlignment - 1) / pointerAlignment * pointerAlignment
            begin(0xD, size: size)
            for value: UInt32 in [24, 1, identity.currentVersion.encoded, identity.currentVersion.encoded] {
                commands.bytes.appendLittleEndian(value)
            }
            commands.bytes.append(name + [UInt8](repeating: 0, count: size - 24 - name.count))
        }
        for dylib in slice.linkedDylibs {
            let name = Array(dylib.path.utf8) + [0]
            let size = (24 + name.count + pointerAlignment - 1) / pointerAlignment * pointerAlignment
            begin(dylibCommand(dylib.kind), size: size)
            // name offset, timestamp, current version 1.0.0, compatibility version 1.0.0
            for value: UInt32 in [24, 2, 0x10000, 0x10000] {
                commands.bytes.appendLittleEndian(value)
            }
            commands.bytes.append(name + [UInt8](repeating: 0, count: size - 24 - name.count))
        }
        if !slice.importedSymbols.isEmpty {
            begin(0x2, size: 24) // LC_SYMTAB: symoff, nsyms, stroff, strsize
            for value in [layout.symbolTableOffset, layout.symbolCount, layout.stringTableOffset, layout.stringTableSize] {
                commands.bytes.appendLittleEndian(UInt32(value))
            }
        }
        if slice.codeSignature != nil {
            begin(0x1D, size: 16)
            commands.bytes.appendLittleEndian(UInt32(layout.signatureOffset))
            commands.bytes.appendLittleEndian(UInt32(layout.signatureSize))
        }
        return commands
    }

    private static func dylibCommand(_ kind: LinkedDylibKind) -> UInt32 {
        switch kind {
        case .load: 0xC
        case .weak: 0x8000_0018
        case .reexport: 0x8000_001F
        case .lazy: 0x20
        case .upward: 0x8000_0023
        }
    }

    /// A SuperBlob: the CodeDirectories, empty requirements, entitlements, CMS, in slot order.
    /// `code` is the slice up to the signature; without `hashing`, every hash is zero.
    private static func signatureBytes(
        _ signature: FixtureCodeSignature,
        code: [UInt8],
        hashing: Bool
    ) -> (bytes: [UInt8], primaryCodeDirectory: [UInt8]?) {
        let requirements = blob(magic: 0xFADE_0C01, payload: [0, 0, 0, 0]) // a requirements set with no entries
        // What codesign hashed, and what is written (the same unless edited after signing).
        var sealed: [Int: [UInt8]] = [2: requirements]
        var written: [(slot: UInt32, bytes: [UInt8])] = [(2, requirements)]
        if let xml = signature.entitlementsXML {
            sealed[5] = blob(magic: 0xFADE_7171, payload: xml)
            written.append((5, blob(magic: 0xFADE_7171, payload: signature.entitlementsXMLAfterSigning ?? xml)))
        }
        if let der = signature.entitlementsDER {
            sealed[7] = blob(magic: 0xFADE_7172, payload: der)
            written.append((7, sealed[7]!))
        }
        if signature.includesCMSBlob {
            written.append((0x10000, blob(magic: 0xFADE_0B01, payload: signature.signer.map(CodeSignatureCMSWriter.write) ?? [])))
        }
        if let plist = signature.boundInfoPlist { sealed[1] = plist }
        if let resources = signature.boundCodeResources { sealed[3] = resources }

        let directories = signature.hashTypes.enumerated().map { index, type in
            (
                slot: index == 0 ? UInt32(0) : 0x1000 + UInt32(index - 1),
                bytes: codeDirectory(signature, type: type, code: code, specialSlots: sealed, hashing: hashing)
            )
        }
        let blobs = (directories + written).sorted { $0.slot < $1.slot }

        var buffer = MachOByteBuffer()
        let headerSize = 12 + 8 * blobs.count
        let total = headerSize + blobs.reduce(0) { $0 + $1.bytes.count }
        buffer.appendBigEndian(UInt32(0xFADE_0CC0))
        buffer.appendBigEndian(UInt32(total))
        buffer.appendBigEndian(UInt32(blobs.count))
        var offset = headerSize
        for blob in blobs {
            buffer.appendBigEndian(blob.slot)
            buffer.appendBigEndian(UInt32(offset))
            offset += blob.bytes.count
        }
        for blob in blobs { buffer.append(blob.bytes) }
        return (buffer.bytes, directories.first?.bytes)
    }

    private static func blob(magic: UInt32, payload: [UInt8]) -> [UInt8] {
        var buffer = MachOByteBuffer()
        buffer.appendBigEndian(magic)
        buffer.appendBigEndian(UInt32(8 + payload.count))
        buffer.append(payload)
        return buffer.bytes
    }

    /// A version 0x20400 CodeDirectory (88-byte header) of `type`: special slots up to the
    /// highest one bound (zero-filled in between), then one slot per 4096-byte page of `code`.
    private static func codeDirectory(
        _ signature: FixtureCodeSignature,
        type: CodeDirectoryHashType,
        code: [UInt8],
        specialSlots: [Int: [UInt8]],
        hashing: Bool
    ) -> [UInt8] {
        let headerSize = 88, pageSize = 4096
        let hashSize = type.size ?? 32
        let identifier = Array(signature.identifier.utf8) + [0]
        let team: [UInt8] = signature.teamIdentifier.map { Array($0.utf8) + [0] } ?? []
        let teamOffset = team.isEmpty ? 0 : headerSize + identifier.count
        let specialCount = specialSlots.keys.max() ?? 0
        let codeCount = (code.count + pageSize - 1) / pageSize
        let hashOffset = headerSize + identifier.count + team.count + specialCount * hashSize
        let length = hashOffset + codeCount * hashSize
        func hash(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            hashing ? Array(digest(bytes, type).prefix(hashSize)) : [UInt8](repeating: 0, count: hashSize)
        }

        var buffer = MachOByteBuffer()
        // magic, length, version, flags, hashOffset, identOffset, special/code slots, codeLimit
        for value: UInt32 in [
            0xFADE_0C02, UInt32(length), 0x20400, signature.codeDirectoryFlags, UInt32(hashOffset), UInt32(headerSize), UInt32(specialCount), UInt32(codeCount),
            UInt32(code.count),
        ] {
            buffer.appendBigEndian(value)
        }
        buffer.append([UInt8(hashSize), type.rawValue, 0, 12]) // hashSize, hashType, platform, pageSize (2^12)
        for value: UInt32 in [0, 0, UInt32(teamOffset), 0] { // spare2, scatterOffset, teamOffset, spare3
            buffer.appendBigEndian(value)
        }
        for value: UInt64 in [0, 0, 0, 0] { // codeLimit64, execSegBase, execSegLimit, execSegFlags
            buffer.appendBigEndian(value)
        }
        buffer.append(identifier)
        buffer.append(team)
        // Special slot n sits n slots before hashOffset: the highest first.
        for slot in stride(from: specialCount, through: 1, by: -1) {
            buffer.append(specialSlots[slot].map { hash($0[...]) } ?? [UInt8](repeating: 0, count: hashSize))
        }
        for page in 0..<codeCount {
            buffer.append(hash(code[(page * pageSize)..<min(code.count, (page + 1) * pageSize)]))
        }
        return buffer.bytes
    }

    /// Fixtures only hash what they write; a libcrypto that cannot is a broken machine.
    private static func digest(_ bytes: some Collection<UInt8>, _ type: CodeDirectoryHashType) -> [UInt8] {
        do {
            return try Digest.hash(Array(bytes), type.algorithm ?? .sha256)
        } catch {
            fatalError("the fixture writer cannot hash with \(type): \(error)")
        }
    }
}
