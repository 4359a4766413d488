import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

@Suite struct PredicateAnalyzerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        /// Each issue as `severity line:column message`.
        let issues: [String]
        var testDescription: String { text.debugDescription }
    }

    static func check(_ text: String, _ issues: String...) -> Case {
        Case(text: text, issues: issues)
    }

    static func rendered(_ text: String) -> [String]? {
        PredicateSamples.parse(text).map { predicate in
            PredicateAnalyzer.issues(in: predicate, types: .shipped).map { "\($0.severity.rawValue) \($0.line):\($0.column) \($0.message)" }
        }
    }

    static let variableCases: [Case] = [
        check("SUBQUERY(items, $x, $x.a == 1).@count > 0"),
        check(PredicateSamples.appleImageRule),
        check("$attachment.a == 1", "error 1:1 $attachment is not bound by an enclosing SUBQUERY"),
        check(
            "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\"",
            "error 1:5 $attachment is not bound by an enclosing SUBQUERY"
        ),
        // The collection is evaluated outside the subquery, so its own variable is not bound there.
        check("SUBQUERY($x.items, $x, $x.a == 1).@count > 0", "error 1:10 $x is not bound by an enclosing SUBQUERY"),
        check(
            "SUBQUERY(items, $x, $x.a == 1).@count > 0 AND $x.b == 2",
            "error 1:47 $x is not bound by an enclosing SUBQUERY"
        ),
        // A typo in the inner variable's name.
        check(
            "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $attachment, ANY $attachement.types UTI-CONFORMS-TO \"public.image\").@count == 1).@count == 1",
            "error 1:78 $attachement is not bound by an enclosing SUBQUERY"
        ),
        check("SUBQUERY(items, $x, $x.a == $y).@count > 0", "error 1:29 $y is not bound by an enclosing SUBQUERY"),
    ]

    static let typeIdentifierCases: [Case] = [
        check(PredicateSamples.seedRule),
        check("ANY types UTI-CONFORMS-TO \"COM.ADOBE.PDF\""),
        check("ANY types UTI-CONFORMS-TO \"com.apple.quicktime-movie\""),
        check("ANY types UTI-EQUALS \"org.openxmlformats.wordprocessingml.document\""),
        check("ANY types UTI-CONFORMS-TO $allowed", "error 1:27 $allowed is not bound by an enclosing SUBQUERY"),
        check(
            "ANY types UTI-CONFORMS-TO \"pdf\"",
            "error 1:27 'pdf' is not a well-formed type identifier: it is not a reverse-DNS identifier; did you mean 'com.adobe.pdf'?"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"portabledocument\"",
            "error 1:27 'portabledocument' is not a well-formed type identifier: it is not a reverse-DNS identifier with at least two components, like 'public.image'"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public..image\"",
            "error 1:27 'public..image' is not a well-formed type identifier: it has an empty component between two dots"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public.image \"",
            "error 1:27 'public.image ' is not a well-formed type identifier: it contains white space"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \".public.image\"",
            "error 1:27 '.public.image' is not a well-formed type identifier: it starts with '.'"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public.image.\"",
            "error 1:27 'public.image.' is not a well-formed type identifier: it ends with '.'"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public/image\"",
            "error 1:27 'public/image' is not a well-formed type identifier: it contains '/'; only letters, digits, '-' and '.' are allowed"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public.*\"",
            "error 1:27 'public.*' is not a well-formed type identifier: it contains '*'; only letters, digits, '-' and '.' are allowed"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"\"",
            "error 1:27 '' is not a well-formed type identifier: it is empty"
        ),
        check(
            "ANY types UTI-CONFORMS-TO {\"public.image\", \"jpg\"}",
            "error 1:44 'jpg' is not a well-formed type identifier: it is not a reverse-DNS identifier; did you mean 'public.jpeg'?"
        ),
        check("ANY types UTI-CONFORMS-TO 1", "error 1:27 UTI-CONFORMS-TO compares type identifiers, found 1"),
        check("ANY types UTI-EQUALS {TRUE}", "error 1:23 UTI-EQUALS compares type identifiers, found TRUE"),
        check(
            "\"pdf\" UTI-CONFORMS-TO \"public.data\"",
            "error 1:1 'pdf' is not a well-formed type identifier: it is not a reverse-DNS identifier; did you mean 'com.adobe.pdf'?"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"com.example.custom\"",
            "note 1:27 unknown type identifier 'com.example.custom'; if it is your own type, declare it in UTExportedTypeDeclarations"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"com.adobe.pfd\"",
            "note 1:27 unknown type identifier 'com.adobe.pfd'; did you mean 'com.adobe.pdf'?; if it is your own type, declare it in UTExportedTypeDeclarations"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public.imag\"",
            "note 1:27 unknown type identifier 'public.imag' in Apple's public namespace; did you mean 'public.image'?"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public.pdf\"",
            "note 1:27 unknown type identifier 'public.pdf' in Apple's public namespace; did you mean 'com.adobe.pdf'?"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public.gif\"",
            "note 1:27 unknown type identifier 'public.gif' in Apple's public namespace; did you mean 'com.compuserve.gif'?"
        ),
        check(
            "ANY types UTI-CONFORMS-TO \"public.something-new\"",
            "note 1:27 unknown type identifier 'public.something-new' in Apple's public namespace; check the spelling"
        ),
        // Other operators take any string.
        check("name == \"pdf\""),
    ]

    static let countCases: [Case] = [
        check("items.@count == 0"),
        check("items.@count >= 1 AND items.@count <= 10"),
        check("2 == items.@count"),
        check("items.@count == limit"),
        check("items.@count IN {1, 2}"),
        check("items.@count == -1", "error 1:17 @count is compared with -1; counts are non-negative integers"),
        check("items.@count == 'one'", "error 1:17 @count is compared with 'one'; counts are non-negative integers"),
        check("items.@count > 1.5", "error 1:16 @count is compared with 1.5; counts are non-negative integers"),
        check("items.@count == TRUE", "error 1:17 @count is compared with TRUE; counts are non-negative integers"),
        check("items.@count != NULL", "error 1:17 @count is compared with NULL; counts are non-negative integers"),
        check("-2 < items.@count", "error 1:1 @count is compared with -2; counts are non-negative integers"),
        check("items.@count BETWEEN {-1, 3}", "error 1:23 @count is compared with -1; counts are non-negative integers"),
        check(
            "SUBQUERY(items, $x, $x.a == 1).@count == -1",
            "error 1:42 @count is compared with -1; counts are non-negative integers"
        ),
        check("items.@Count == 1", "error 1:7 unknown collection operator '@Count'; did you mean '@count'? (operators are case-sensitive)"),
        check(
            "items.@length == 1",
            "error 1:7 unknown collection operator '@length'; the operators are @count, @sum, @avg, @min, @max and the @…unionOf… family"
        ),
        check("items.@distinctUnionOfObjects.name CONTAINS 'x'"),
    ]

    @Test(arguments: variableCases)
    func everyVariableIsBoundByAnEnclosingSubquery(_ testCase: Case) {
        #expect(Self.rendered(testCase.text) == testCase.issues)
    }

    @Test(arguments: typeIdentifierCases)
    func typeIdentifiersAreWellFormedAndKnown(_ testCase: Case) {
        #expect(Self.rendered(testCase.text) == testCase.issues)
    }

    @Test(arguments: countCases)
    func countsAreComparedWithNonNegativeIntegers(_ testCase: Case) {
        #expect(Self.rendered(testCase.text) == testCase.issues)
    }

    @Test func issuesComeInTextOrderWithAnExcerpt() throws {
        let text = "SUBQUERY(items, $x,\n  ANY $x.types UTI-CONFORMS-TO \"pdf\" OR $y.a == 1\n).@count == -1"
        let predicate = try #require(PredicateSamples.parse(text))
        let issues = PredicateAnalyzer.issues(in: predicate, types: .shipped)
        #expect(issues.map { "\($0.line):\($0.column)" } == ["2:32", "2:41", "3:13"])
        #expect(issues.first?.excerpt == "  ANY $x.types UTI-CONFORMS-TO \"pdf\" OR $y.a == 1\n" + String(repeating: " ", count: 31) + "^")
        #expect(issues.first?.offset == 51)
    }

    @Test func everyTableEntryIsWellFormed() throws {
        #expect(KnownTypeIdentifiers.shipped.identifiers.count > 100 && KnownTypeIdentifiers.shipped.knownPrefixes == ["com.apple."])
        #expect(KnownTypeIdentifiers.shipped.bareWords["pdf"] == "com.adobe.pdf" && KnownTypeIdentifiers.shipped.isKnown("COM.APPLE.QUICKTIME-MOVIE"))
        let partial = try DataTableText.table(
            "type-identifiers", entries: "identifiers: [public.item]\nknown-prefixes: [com.apple.]\nlikely-meant: {public.jpg: public.jpeg}\nbare-words: [pdf]")
        #expect(
            throws: YAMLLoadError(file: "Rules/data/type-identifiers.yml", line: 9, field: "entries.bare-words", message: "expected a mapping, found a list")
        ) {
            try TypeIdentifierTable(partial)
        }
        for identifier in KnownTypeIdentifiers.shipped.identifiers {
            #expect(TypeIdentifierSyntax.problem(in: identifier) == nil, "\(identifier)")
            #expect(identifier == identifier.lowercased(), "\(identifier)")
        }
        for (guess, meant) in KnownTypeIdentifiers.shipped.likelyMeant.merging(KnownTypeIdentifiers.shipped.bareWords, uniquingKeysWith: { a, _ in a }) {
            #expect(KnownTypeIdentifiers.shipped.isKnown(meant), "\(guess) suggests unknown \(meant)")
            #expect(!KnownTypeIdentifiers.shipped.isKnown(guess), "\(guess) is known")
        }
    }
}
