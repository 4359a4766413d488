import Testing

@testable import BundleCheckFormats

/// Predicates the tests share: the seed's rule exactly as the article prints it, and Apple's example.
enum PredicateSamples {
    /// Seed 000, section 5: the Action extension's rule, with the article's indentation.
    static let seedRule = [
        "SUBQUERY (",
        "                    extensionItems,",
        "                    $extensionItem,",
        "                    SUBQUERY (",
        "                        $extensionItem.attachments,",
        "                        $attachment,",
        "                        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.adobe.pdf\" ||",
        "                        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\" ||",
        "                        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.zip-archive\" ||",
        "                        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.pkware.zip-archive\"",
        "                    ).@count == 1",
        "                ).@count == 1",
    ].joined(separator: "\n")

    /// The canonical form the seed's rule parses to.
    static let seedRuleDescription =
        "SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, "
        + "(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.adobe.pdf\") OR "
        + "(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\") OR "
        + "(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.zip-archive\") OR "
        + "(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.pkware.zip-archive\")"
        + ").@count == 1).@count == 1"

    /// Apple's documented example of an image-only rule.
    static let appleImageRule =
        "SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, "
        + "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count == 1).@count == 1"

    /// The parsed predicate, or nil after recording the syntax error as a test issue.
    static func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Predicate? {
        do {
            return try PredicateParser.parse(text)
        } catch {
            Issue.record("\(text.debugDescription) does not parse: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
