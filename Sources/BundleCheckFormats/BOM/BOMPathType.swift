/// What a path of an installer `Bom` is: the first byte of its information block.
package enum BOMPathType: UInt8, Sendable, Hashable {
    case file = 1
    case directory = 2
    case link = 3
    /// A block or character device (its mode says which).
    case device = 4
}
