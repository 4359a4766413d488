/// The version printed by `--version` and written into every JSON report.
public enum BundleCheckVersion {
    public static let current = "0.1.0"
}
