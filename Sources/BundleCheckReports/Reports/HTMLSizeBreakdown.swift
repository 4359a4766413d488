import BundleCheckModel

/// A top-level app's largest folders and files as bars against the app's total, for the HTML
/// report, with what the sizes are not: App Store thinning and encryption change what a device
/// downloads, so they measure the upload, not the download.
enum HTMLSizeBreakdown {
    static let caveat =
        "Uncompressed sizes as the package lists them, every architecture and asset variant together: "
        + "App Store thinning (one variant per device) and encryption change what a device downloads, "
        + "so these measure what is uploaded. Xcode's App Thinning Size Report gives each variant's size."

    /// The breakdown as escaped HTML; nil when the app has nothing to list.
    static func html(_ sizes: BundleSizes, root: String) -> String? {
        guard sizes.total.uncompressed > 0, !(sizes.largestFolders.isEmpty && sizes.largestFiles.isEmpty) else { return nil }
        var lines = ["<div class=\"sizes\">"]
        for (title, entries) in [("Largest folders", sizes.largestFolders), ("Largest files", sizes.largestFiles)] where !entries.isEmpty {
            lines.append("<table class=\"size-bars\"><caption>\(title)</caption>")
            for entry in entries {
                let shown = entry.path.hasPrefix(root + "/") ? String(entry.path.dropFirst(root.count + 1)) : entry.path
                // Tenths of a percent of the app, in integers: the same bytes draw the same bar everywhere.
                let permille = min(
                    1000,
                    entry.size.uncompressed.multipliedReportingOverflow(by: 1000).overflow
                        ? 1000 : entry.size.uncompressed * 1000 / sizes.total.uncompressed)
                let width = "\(permille / 10).\(permille % 10)%"
                lines.append(
                    "<tr><td class=\"size-path\"><code>\(HTMLText.escaped(shown))\(entry.isFolder ? "/" : "")</code></td>"
                        + "<td class=\"size-value\">\(HTMLText.escaped(ReportText.byteCount(entry.size.uncompressed)))</td>"
                        + "<td class=\"size-share\"><span class=\"bar\" style=\"width: \(width)\"></span>"
                        + "<span class=\"muted\">\(width)</span></td></tr>")
            }
            lines.append("</table>")
        }
        lines.append("<p class=\"muted size-caveat\">\(HTMLText.escaped(caveat))</p>")
        lines.append("</div>")
        return lines.joined(separator: "\n")
    }
}
