/// A Mach-O file as a container's one forward pass read it (an installer package's payload
/// streams by once): what `PayloadReadPlan.consumer`'s reader made of it, or the error it met.
/// Taken back by path through `PackageContainer.prefetchedMachO(at:)`, typed, so nothing is
/// downcast on the way.
public struct PrefetchedMachO: Sendable {
    /// Nil when the file was no Mach-O after all.
    public let result: Result<MachOFile?, any Error>

    public init(result: Result<MachOFile?, any Error>) {
        self.result = result
    }
}
