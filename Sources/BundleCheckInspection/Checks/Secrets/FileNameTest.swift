import BundleCheckModel

/// Which files the secrets search reads, judged on a name's UTF-8 where the listing keeps it:
/// candidates by name, name prefix or extension (read whole), and every other file whose
/// extension is not one of the formats that hold neither text nor a key header (sniffed). An
/// extension is looked up as its lowercased bytes packed into two words, so a package of
/// 60,000 `.strings` files is passed over without making a string.
struct FileNameTest: Sendable {
    private let names: Set<String>
    private let nameLengths: Set<Int>
    private let namePrefixes: [[UInt8]]
    private let wholeExtensions: Set<PackedExtension>
    private let skippedExtensions: Set<PackedExtension>

    /// In an installer package only the extensions its one pass keeps are read whole, and names
    /// by prefix are not (the pass keeps files by name or extension).
    init(_ table: SecretTable, installerPackage: Bool) {
        names = table.candidateNames
        nameLengths = Set(table.candidateNames.map(\.utf8.count))
        namePrefixes = installerPackage ? [] : table.candidateNamePrefixes.map { Array($0.utf8) }
        wholeExtensions = Set((installerPackage ? table.installerPackageExtensions : table.candidateExtensions).compactMap(PackedExtension.init))
        skippedExtensions = Set(table.sniffSkippedExtensions.compactMap(PackedExtension.init))
    }

    /// Whether the search reads the file named `name` of `size` bytes at all: a candidate of
    /// any size (its first `whole-file-bytes`), else a file no larger than `sniffLimit` whose
    /// extension may hold text or a key header.
    func wants(_ name: UnsafeBufferPointer<UInt8>, size: UInt64, sniffLimit: UInt64) -> Bool {
        guard size > 0 else { return false }
        let packed = PackedExtension(name: name)
        if let packed, wholeExtensions.contains(packed) { return true }
        if isCandidateByName(name) { return true }
        return size <= sniffLimit && (packed.map { !skippedExtensions.contains($0) } ?? true)
    }

    /// Whether the file is read whole.
    func isCandidate(_ name: String) -> Bool {
        Array(name.utf8).withUnsafeBufferPointer { bytes in
            isCandidateByName(bytes) || (PackedExtension(name: bytes).map(wholeExtensions.contains) ?? false)
        }
    }

    private func isCandidateByName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        // The length first: most names are of no candidate's length, and make no string.
        namePrefixes.contains { name.starts(with: $0) } || (nameLengths.contains(name.count) && names.contains(String(decoding: name, as: UTF8.self)))
    }
}

/// An extension of up to 16 ASCII characters, lowercased, as two words.
struct PackedExtension: Hashable, Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// `png`, written without its dot; nil when longer than 16 characters or not ASCII.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let packed = bytes.withUnsafeBufferPointer({ Self(bytes: $0) }) else { return nil }
        self = packed
    }

    /// The extension of a file's name (after its last dot; none for `.env`, a name that only starts with one).
    init?(name: UnsafeBufferPointer<UInt8>) {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return nil }
        self.init(bytes: UnsafeBufferPointer(rebasing: name[(dot + 1)...]))
    }

    private init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
        for (index, byte) in bytes.enumerated() {
            guard byte < 0x80 else { return nil }
            let lowered = UInt64(byte >= 65 && byte <= 90 ? byte | 0x20 : byte)
            if index < 8 { low |= lowered << UInt64(index * 8) } else { high |= lowered << UInt64((index - 8) * 8) }
        }
    }
}
