import Testing

@testable import BundleCheckFormats

/// Random mutations of a realistic rule file: each must parse or throw a `YAMLError`, never crash or hang.
@Suite struct YAMLFuzzTests {
    private static let ruleFile = """
        # A rule in the shape bundlecheck's Rules/ files use.
        id: bundle-version-format
        title: "CFBundleVersion must be numbers separated by dots"
        severity: error
        apple-codes: [ITMS-90060, 'ITMS-90062']
        scope:
          - app
          - app-extension
        match:
          plist: Info.plist
          key: CFBundleVersion
          pattern: '^[0-9]+(\\.[0-9]+){0,2}$'
          required: yes
        rationale: >
          App Store Connect refuses a build whose version
          is not a period-separated list of integers.
        fix: |
          Set CURRENT_PROJECT_VERSION to a value such as 42 or 1.2.3.
        examples:
          - name: dotted version passes
            triggers: no
            package: {bundle: App.app, plist: {CFBundleVersion: "1.2.3"}}
          - name: letters trigger
            triggers: true
            package:
              bundle: App.app
              plist:
                CFBundleVersion: 1.0b2
            expect:
              - {rule: bundle-version-format, line: 3}
        tags: !set [version, plist]
        empty:
        quoted: "é \\u00e9 \\t end"

        """

    /// Bytes that matter to YAML's syntax, plus a few that break UTF-8.
    private static let interesting: [UInt8] = Array("[]{}:,-?&*!|>'\"#%@` \t\n\r<.~".utf8) + [0x00, 0x85, 0xC3, 0xE2, 0xFF]

    @Test func ruleFileItselfParses() throws {
        let root = try #require(try YAMLParser.parse(Array(Self.ruleFile.utf8), file: "fuzz.yml"))
        #expect(root["id"]?.scalar == "bundle-version-format")
        #expect(root["examples"]?.sequence?.count == 2)
        #expect(root["match"]?["required"]?.scalar == "yes")
    }

    @Test(.hangGuard)
    func mutationsParseOrThrowNeverCrash() throws {
        var random = SeededRandom(seed: 0x59A4_D1E5)
        let original = Array(Self.ruleFile.utf8)
        var parsed = 0
        var refused = 0
        for _ in 0..<4000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                Self.mutate(&bytes, using: &random)
            }
            do {
                if let root = try YAMLParser.parse(bytes, file: "fuzz.yml") {
                    Self.checkPositions(root, lineCount: bytes.count { [0x0A, 0x0D, 0x85, 0xA8, 0xA9].contains($0) } + 2)
                }
                parsed += 1
            } catch {
                #expect(error.file == "fuzz.yml")
                #expect(error.line >= 1 && error.column >= 1)
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        // Both outcomes happen, so the mutations neither always break the file nor never do.
        #expect(parsed > 100)
        #expect(refused > 100)
    }

    private static func mutate(_ bytes: inout [UInt8], using random: inout SeededRandom) {
        guard !bytes.isEmpty else {
            bytes.append(interesting.randomElement(using: &random)!)
            return
        }
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            bytes[index] = interesting.randomElement(using: &random)!
        case 1:
            bytes.insert(interesting.randomElement(using: &random)!, at: index)
        case 2:
            bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...8, using: &random)))
        case 3:
            bytes[index] = UInt8.random(in: 0...255, using: &random)
        case 4:
            // Copy a stretch elsewhere: repeats keys, unbalances brackets, shifts indentation.
            let end = min(bytes.count, index + Int.random(in: 1...40, using: &random))
            let stretch = bytes[index..<end]
            bytes.insert(contentsOf: stretch, at: Int.random(in: 0...bytes.count, using: &random))
        default:
            bytes.insert(contentsOf: Array(repeating: UInt8(ascii: " "), count: Int.random(in: 1...3, using: &random)), at: index)
        }
    }

    /// Every node of a parsed tree has a 1-based position inside the file.
    private static func checkPositions(_ root: YAMLNode, lineCount: Int) {
        var pending = [root]
        while let node = pending.popLast() {
            #expect(node.line >= 1 && node.line <= lineCount)
            #expect(node.column >= 1)
            switch node.value {
            case .scalar:
                break
            case .sequence(let items):
                pending += items
            case .mapping(let pairs):
                pending += pairs.flatMap { [$0.key, $0.value] }
            }
        }
    }
}
