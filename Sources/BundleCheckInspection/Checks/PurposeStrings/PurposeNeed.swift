import BundleCheckFormats

/// One thing a purpose asks of an Info.plist: one of `keys`, each of which may serve only some
/// deployment targets (NSCalendarsUsageDescription below iOS 17, the FullAccess and WriteOnly
/// keys from iOS 17), and the whole item may be asked only below a deployment target
/// (NSLocationAlwaysUsageDescription below iOS 11).
struct PurposeNeed: Sendable, Hashable {
    struct Key: Sendable, Hashable {
        let name: String
        /// The key serves deployment targets from this version on.
        let from: MachOVersion?
        /// The key serves deployment targets below this version.
        let below: MachOVersion?

        /// Whether the system at `target` reads this key; with no target known, every key serves.
        func serves(_ target: MachOVersion?) -> Bool {
            guard let target else { return true }
            if let from, target < from { return false }
            if let below, target >= below { return false }
            return true
        }
    }

    let keys: [Key]
    /// The item is asked only of deployment targets below this version.
    let below: MachOVersion?

    /// Whether a bundle deploying to `target` is asked; with no target known, items for old
    /// systems are not (an unknown target is taken as recent).
    func isAsked(of target: MachOVersion?) -> Bool {
        guard let below else { return true }
        guard let target else { return false }
        return target < below
    }

    /// The names of the keys that meet this item for `target`, in the table's order.
    func keys(for target: MachOVersion?) -> [String] {
        keys.filter { $0.serves(target) }.map(\.name)
    }
}
