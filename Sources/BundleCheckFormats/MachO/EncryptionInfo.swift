/// `LC_ENCRYPTION_INFO(_64)`: the range the App Store encrypts, and whether it is encrypted now.
public struct EncryptionInfo: Sendable, Hashable {
    public var cryptOffset: UInt32
    public var cryptSize: UInt32
    /// 0 before the App Store encrypts the binary, 1 after.
    public var cryptID: UInt32

    public init(cryptOffset: UInt32, cryptSize: UInt32, cryptID: UInt32) {
        self.cryptOffset = cryptOffset
        self.cryptSize = cryptSize
        self.cryptID = cryptID
    }

    public var isEncrypted: Bool { cryptID != 0 }
}
