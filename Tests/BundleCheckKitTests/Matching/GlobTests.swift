import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

@Suite struct GlobTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let path: String
        let matches: Bool
        var testDescription: String { "\(pattern) \(matches ? "matches" : "does not match") \(path)" }
    }

    static func yes(_ pattern: String, _ path: String) -> Case { Case(pattern: pattern, path: path, matches: true) }
    static func no(_ pattern: String, _ path: String) -> Case { Case(pattern: pattern, path: path, matches: false) }

    static let starCases: [Case] = [
        yes("*.plist", "Info.plist"),
        yes("*.plist", ".plist"),
        no("*.plist", "Info.plist.bak"),
        no("*.plist", "Base.lproj/Info.plist"),
        yes("*", ".DS_Store"),
        yes(".*", ".DS_Store"),
        yes("*x*y", "axxbyy"),
        no("*x*y", "axxbyyz"),
        yes("a*", "a"),
        yes("*/*", "a/b"),
        no("*/*", "a"),
        no("*", "a/b"),
    ]

    static let questionMarkCases: [Case] = [
        yes("?.txt", "a.txt"),
        no("?.txt", "ab.txt"),
        no("?.txt", ".txt"),
        yes("?", "é"),
        no("?", "/"),
    ]

    static let classCases: [Case] = [
        yes("[abc].txt", "b.txt"),
        no("[abc].txt", "d.txt"),
        yes("[a-z]1", "q1"),
        no("[a-z]1", "Q1"),
        yes("[!a]x", "bx"),
        no("[!a]x", "ax"),
        yes("[]]", "]"),
        yes("[!]]", "a"),
        no("[!]]", "]"),
        yes("[a-]", "-"),
        yes("x[0-9][0-9]", "x42"),
        yes("[abc", "[abc"),
    ]

    static let anyDepthCases: [Case] = [
        yes("**", "a"),
        yes("**", "a/b/c"),
        yes("**/.DS_Store", ".DS_Store"),
        yes("**/.DS_Store", "a/b/.DS_Store"),
        no("**/.DS_Store", "a/b/.DS_Store2"),
        yes("a/**/b", "a/b"),
        yes("a/**/b", "a/x/y/b"),
        no("a/**/b", "a/x/y/c"),
        no("a/**/b", "b"),
        yes("a/**", "a"),
        yes("a/**", "a/b/c"),
        no("a/**", "b/a"),
        yes("**/Frameworks/*.framework", "PlugIns/X.appex/Frameworks/Y.framework"),
        no("**/Frameworks/*.framework", "Frameworks/Y.framework/Z"),
        yes("**/*/**/z", "a/b/c/z"),
        no("**/*/**/z", "z"),
        yes("**/__MACOSX", "__MACOSX"),
        yes("**/x/**/x", "x/x/x/x"),
    ]

    static let literalCases: [Case] = [
        yes("$(PRODUCT_NAME).app", "$(PRODUCT_NAME).app"),
        no("$(PRODUCT_NAME).app", "Notes.app"),
        yes("**/${EXECUTABLE_NAME}", "a/${EXECUTABLE_NAME}"),
        yes("a+b.txt", "a+b.txt"),
        no("a+b.txt", "aab.txt"),
        no("a.txt", "abtxt"),
        yes("^a$|b", "^a$|b"),
        yes("\\d", "\\d"),
        no("Frameworks", "frameworks"),
    ]

    @Test(arguments: starCases) func starMatchesAnyRunWithinOneComponent(_ testCase: Case) {
        #expect(Glob(testCase.pattern).matches(testCase.path) == testCase.matches)
    }

    @Test(arguments: questionMarkCases) func questionMarkMatchesExactlyOneCharacter(_ testCase: Case) {
        #expect(Glob(testCase.pattern).matches(testCase.path) == testCase.matches)
    }

    @Test(arguments: classCases) func bracketClassesMatchListedRangedOrExcludedCharacters(_ testCase: Case) {
        #expect(Glob(testCase.pattern).matches(testCase.path) == testCase.matches)
    }

    @Test(arguments: anyDepthCases) func doubleStarMatchesZeroOrMoreWholeComponents(_ testCase: Case) {
        #expect(Glob(testCase.pattern).matches(testCase.path) == testCase.matches)
    }

    @Test(arguments: literalCases) func everythingElseIsLiteral(_ testCase: Case) {
        #expect(Glob(testCase.pattern).matches(testCase.path) == testCase.matches)
    }

    @Test func globsAreEqualByPatternAlone() {
        #expect(Glob("**/*.plist") == Glob("**/*.plist"))
        #expect(Glob("*.plist") != Glob("**/*.plist"))
        #expect(Set([Glob("a"), Glob("a"), Glob("b")]).count == 2)
    }

    /// A pattern that makes naive backtracking explode must still answer at once.
    @Test func manyStarsAndDoubleStarsMatchInPolynomialTime() {
        let stars = String(repeating: "*a", count: 30) + "b"
        #expect(!Glob(stars).matches(String(repeating: "a", count: 200)))
        let depth = Array(repeating: "**/a", count: 20).joined(separator: "/") + "/b"
        #expect(!Glob(depth).matches(Array(repeating: "a", count: 200).joined(separator: "/")))
    }
}

@Suite struct GlobValidationTests {
    static let wellFormed = [
        "*", "**", "**/.DS_Store", "a/**/b", "[a-z]*.txt", "[!.]*", "[]]", "$(VAR)/{x}", "Frameworks",
    ]

    static let malformed: [(pattern: String, problem: String)] = [
        ("", "empty"),
        ("/Payload/*.app", "starts with '/'"),
        ("a**", "'**' must be a whole component"),
        ("**b/c", "'**' must be a whole component"),
        ("a/***", "'**' must be a whole component"),
        ("[abc", "never closed"),
        ("x/[!", "never closed"),
        ("[]", "never closed"),
        ("a//b", "empty"),
        ("Frameworks/", "empty"),
        ("[z-a]", "backwards"),
    ]

    @Test(arguments: wellFormed) func wellFormedPatternsHaveNoProblem(_ pattern: String) {
        #expect(Glob.validate(pattern) == nil)
    }

    @Test(arguments: malformed) func malformedPatternsAreDescribed(_ pattern: String, _ problem: String) throws {
        let description = try #require(Glob.validate(pattern))
        #expect(description.contains(problem), "\(description)")
    }
}

@Suite struct GlobShortcutTests {
    /// The last-component check and the `*suffix` form must agree with the general matcher.
    static let cases: [(pattern: String, path: String, matches: Bool)] = [
        ("**/*.dSYM", "Payload/X.app/X.app.dSYM", true),
        ("**/*.dSYM", "X.dSYM/Contents/Info.plist", false),
        ("**/*.dSYM", ".dSYM", true),
        ("**/*.dSYM", "dSYM", false),
        ("**/*.dSYM", "a/b.dsym", false),
        ("*.é", "x.é", true),
        ("*.é", "x.e\u{301}", false),
        ("*x", "x", true),
        ("*xx", "x", false),
        ("**/Frameworks/*.framework/**", "Frameworks/A.framework/A", true),
        ("**/Frameworks/*.framework/**", "Frameworks/A.framework", true),
        ("a/**/b", "a/x/y/b", true),
        ("a/**/b", "a/x/y/c", false),
        ("**/.DS_Store", "Payload/.DS_Store", true),
    ]

    @Test(arguments: cases) func shortcutsGiveTheGeneralAnswer(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test func parentComponentsAreFoundBytewise() {
        for name in ["..", "../x", "a/..", "a/../b"] {
            #expect(ZipEntryUnsafeNameCheck.hasParentComponent(name), "\(name)")
        }
        for name in ["", ".", "...", "a..", "..a", "a/.../b", "a/.b/..c", "a/./b"] {
            #expect(!ZipEntryUnsafeNameCheck.hasParentComponent(name), "\(name)")
        }
    }

    @Test func theByteCheckOfTheLastComponentNeverTurnsAwayAMatch() {
        // Names that differ from the patterns' endings by a byte, by case, by canonical
        // equivalence (a Kelvin sign is the letter K to a String), or not at all.
        let globs = [
            "**/Keychain", "**/*.dSYM", "*.car", "**/.DS_Store", "Info.plist", "**/*é", "**/*", "a/**", "**/[ab]c", "**",
            "**/\u{212A}eychain", "**/a\u{37E}", "**/._*", "**/é?*x", "**/a*b?c", "**/?.é", "**/*$(*", "**/*é*",
        ].map(Glob.init)
        let names = [
            "Keychain", "\u{212A}eychain", "keychain", "App.dSYM", "App.dsym", "x.car", ".DS_Store", "DS_Store", "Info.plist",
            "cafe\u{301}", "café", "ac", "bc", "dc", "", "\u{1F600}.car", "._Info.plist", "._", "_.x", "éax", "e\u{301}ax",
            "azbxc", "abc", "ab", "x.é", "x.e\u{301}", "a$(B)", "$(", "$ (", "(x$", "a;",
        ]
        var turnedAway = 0
        for glob in globs {
            for name in names {
                let byBytes = Array(name.utf8).withUnsafeBufferPointer { glob.mayMatch(lastComponent: $0) }
                let path = glob.pattern.hasPrefix("a/") ? "a/" + name : name
                if glob.matches(path) {
                    #expect(byBytes, "\(glob) matches \(path) but the byte check turns it away")
                }
                if !byBytes { turnedAway += 1 }
            }
        }
        #expect(Glob("**/Keychain").matches("\u{212A}eychain"), "a String compares by canonical equivalence")
        #expect(turnedAway > 30, "the check turns most non-matching names away")
        // A wildcard's plain scalars before its first wildcard and after its last decide too.
        let appleDouble = Glob("**/._*")
        #expect(!Array("Info.plist".utf8).withUnsafeBufferPointer { appleDouble.mayMatch(lastComponent: $0) })
        #expect(!Array("abd".utf8).withUnsafeBufferPointer { Glob("**/a*b?c").mayMatch(lastComponent: $0) })
        #expect(!Array("Info.plist".utf8).withUnsafeBufferPointer { Glob("**/*$(*").mayMatch(lastComponent: $0) })
    }
}
