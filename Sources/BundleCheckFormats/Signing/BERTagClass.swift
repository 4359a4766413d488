/// The two high bits of a BER identifier octet: who defines the tag's meaning.
public enum BERTagClass: UInt8, Sendable, Hashable, CaseIterable {
    case universal = 0
    case application = 1
    case contextSpecific = 2
    case `private` = 3
}
