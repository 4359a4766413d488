import BundleCheckFormats

/// The JSON a review writes when a side cannot be read: the schema's error form
/// (docs/diff.schema.json), so a dashboard that asked for JSON can still read why.
public enum DiffErrorDocument {
    public static func render(_ error: ReviewSideError) -> String {
        JSONWriter().string(from: [
            "schemaVersion": .integer(Int64(DiffJSONReporter.schemaVersion)),
            "tool": ["name": "bundlecheck", "version": .string(BundleCheckVersion.current)],
            "error": [
                "side": .string(error.side.rawValue),
                "path": .string(error.path),
                "message": .string(error.description),
            ],
        ])
    }
}
