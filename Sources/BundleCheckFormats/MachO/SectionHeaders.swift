/// The `section`/`section_64` headers that follow a segment command's fields: where each lies
/// in the command, checked once to fit inside it, and the fields the readers want of one.
struct SectionHeaders {
    let segment: ByteView
    let is64Bit: Bool
    private let first: Int
    private let end: Int
    private let stride: Int

    /// Throws `malformed` when the headers the command counts do not fit in it.
    init(of segment: ByteView, is64Bit: Bool, malformed: (String) -> MachOError) throws(MachOError) {
        let countOffset = is64Bit ? 64 : 48
        let firstSection = is64Bit ? 72 : 56
        let sectionSize = is64Bit ? 80 : 68
        guard let count = segment.uint32LE(at: countOffset),
            UInt64(count) * UInt64(sectionSize) <= UInt64(segment.count - firstSection)
        else { throw malformed("its sections do not fit in the segment command") }
        self.segment = segment
        self.is64Bit = is64Bit
        first = firstSection
        end = firstSection + Int(count) * sectionSize
        stride = sectionSize
    }

    /// Where each header starts in `segment`, in order.
    var offsets: StrideTo<Int> {
        Swift.stride(from: first, to: end, by: stride)
    }

    func sectionName(at header: Int) -> String? {
        segment.fixedName(at: header, length: 16)
    }

    func segmentName(at header: Int) -> String? {
        segment.fixedName(at: header + 16, length: 16)
    }

    func size(at header: Int) -> UInt64 {
        (is64Bit ? segment.uint64LE(at: header + 40) : segment.uint32LE(at: header + 36).map(UInt64.init)) ?? 0
    }

    /// The section's offset in the file; 0 for a section with no bytes there.
    func fileOffset(at header: Int) -> UInt64 {
        UInt64(segment.uint32LE(at: header + (is64Bit ? 48 : 40)) ?? 0)
    }
}
