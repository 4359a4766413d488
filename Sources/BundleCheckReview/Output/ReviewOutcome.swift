import BundleCheckModel

/// Whether a review fails the run, for the command's exit status.
public enum ReviewOutcome {
    public static func fails(_ diff: ReleaseDiff, failOn: FailureThreshold) -> Bool {
        ReviewVerdict(diff, failOn: failOn).fails
    }
}
