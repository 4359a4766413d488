import Testing

extension Trait where Self == TimeLimitTrait {
    /// A bound that catches a hang, not a measure of speed (the benchmarks measure that). The
    /// suite runs its tests in parallel on two cores, and a test can wait a minute or more for a
    /// thread: 60-second limits failed twice in six full runs for tests that take a second alone.
    static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
