import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// The `Paths` tree of an installer `Bom` made into full paths: parents that are missing or loop,
/// paths too deep or too long, and information blocks that lie about their lengths are errors.
@Suite struct BOMPathsTests {
    typealias Hostile = BOMHostileInput

    static func failure(_ result: Result<[String], BOMError>) -> BOMError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func pathsAreBuiltFromTheirParentsWhateverTheOrder() throws {
        let bytes = Hostile.pathsBom([(3, 2, "c"), (1, 0, "."), (2, 1, "b")])
        #expect(try Hostile.paths(bytes).get() == ["./b/c", ".", "./b"])
    }

    @Test func aParentLoopIsRefused() {
        #expect(Self.failure(Hostile.paths(Hostile.pathsBom([(1, 2, "a"), (2, 1, "b")]))) == .parentLoop(pathID: 1))
        #expect(Self.failure(Hostile.paths(Hostile.pathsBom([(1, 1, "a")]))) == .parentLoop(pathID: 1))
        // A loop above a sound start: 3 → 2 → 4 → 2.
        #expect(Self.failure(Hostile.paths(Hostile.pathsBom([(1, 0, "."), (3, 2, "c"), (2, 4, "b"), (4, 2, "d")]))) == .parentLoop(pathID: 3))
    }

    @Test func aParentThatIsNoPathIsRefused() {
        #expect(Self.failure(Hostile.paths(Hostile.pathsBom([(1, 0, "."), (2, 9, "x")]))) == .missingParent(pathID: 2, parentID: 9))
        #expect(Self.failure(Hostile.paths(Hostile.pathsBom([(1, 0, "."), (3, 2, "y"), (2, 7, "x")]))) == .missingParent(pathID: 2, parentID: 7))
    }

    @Test func pathIDsMustBeUniqueAndNotZero() {
        #expect(Self.failure(Hostile.paths(Hostile.pathsBom([(1, 0, "."), (1, 0, "again")]))) == .duplicatePathID(1))
        guard case .malformedPath = Self.failure(Hostile.paths(Hostile.pathsBom([(0, 0, ".")]))) else {
            Issue.record("a path id 0 was read")
            return
        }
    }

    @Test func namesMustBeOneComponentOfUTF8() {
        for name in ["", "a/b"] {
            guard case .malformedPath = Self.failure(Hostile.paths(Hostile.pathsBom([(1, 0, name)]))) else {
                Issue.record("the name \"\(name)\" was read")
                continue
            }
        }
    }

    @Test func theDepthOfAPathIsCapped() {
        // ./a/b/c: three parents above c.
        let bytes = Hostile.pathsBom([(1, 0, "."), (2, 1, "a"), (3, 2, "b"), (4, 3, "c")])
        #expect(Self.failure(Hostile.paths(bytes, limits: BOMLimits(maxPathDepth: 3))) == nil)
        #expect(Self.failure(Hostile.paths(bytes, limits: BOMLimits(maxPathDepth: 2))) == .pathTooDeep(pathID: 4, limit: 2))
        // A chain of 5,000, refused at the cap without walking it all for each entry.
        let chain = [(UInt32(1), UInt32(0), ".")] + (2...5000).map { (UInt32($0), UInt32($0 - 1), "d") }
        #expect(Self.failure(Hostile.paths(Hostile.pathsBom(chain))) == .pathTooDeep(pathID: 258, limit: 256))
    }

    @Test func theLengthOfAPathIsCapped() {
        let bytes = Hostile.pathsBom([(1, 0, "."), (2, 1, "abc"), (3, 2, "def")])
        #expect(Self.failure(Hostile.paths(bytes, limits: BOMLimits(maxPathLength: 9))) == nil)
        #expect(Self.failure(Hostile.paths(bytes, limits: BOMLimits(maxPathLength: 8))) == .pathTooLong(pathID: 3, limit: 8))
    }

    @Test func informationBlocksMustHoldWhatTheyClaim() {
        let link = BOMWriter.information(.link("./l", to: "target"))
        var longTarget = link
        longTarget.replaceSubrange(27..<31, with: BOMWriter.bigEndian(UInt32(1000)))
        let fat = BOMWriter.information(BOMWriter.Entry(path: "./f", kind: .file, mode: 0o100755, architectures: [(7, 3, 1, 1), (12, 0, 1, 1)]))
        var manyArchitectures = fat
        manyArchitectures.replaceSubrange(28..<32, with: BOMWriter.bigEndian(UInt32(0x1000_0000)))
        for (label, information) in [("a long link target", longTarget), ("too many architectures", manyArchitectures)] {
            guard case .malformedPath = Self.failure(Hostile.paths(Hostile.pathsBom([(1, 0, ".")], information: information))) else {
                Issue.record("\(label) was read")
                continue
            }
        }
        var unknown = link
        unknown[0] = 9
        guard case .unknownPathType(_, 9) = Self.failure(Hostile.paths(Hostile.pathsBom([(1, 0, ".")], information: unknown))) else {
            Issue.record("the type 9 was read")
            return
        }
        guard case .truncated = Self.failure(Hostile.paths(Hostile.pathsBom([(1, 0, ".")], information: Array(link.prefix(12))))) else {
            Issue.record("a cut information block was read")
            return
        }
    }

    @Test func aPathOnlyBomHasTypesAlone() throws {
        let entries = try BOMPaths.read(try BOMStore(bytes: Hostile.pathsBom([(1, 0, ".")], information: [2, 1, 0, 0]))).entries
        #expect(entries.map(\.isPathOnly) == [true] && entries.map(\.type) == [.directory] && entries.map(\.mode) == [0])
    }

    @Test func aSize64EntryOfOtherLengthsIsRefused() {
        var store = BOMWriter.Store()
        store.addVariable("Paths", store.addTree([]))
        store.addVariable("Size64", store.addTree(pairs: [(key: [0, 0, 0, 1], value: [1, 2, 3, 4, 5])]))
        guard case .malformedPath = Self.failure(Hostile.paths(store.write())) else {
            Issue.record("a Size64 value of 5 bytes was read")
            return
        }
    }
}
