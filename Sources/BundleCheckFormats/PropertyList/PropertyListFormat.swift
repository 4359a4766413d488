/// The two on-disk forms Apple's tools write.
public enum PropertyListFormat: String, Sendable, Hashable {
    case xml
    case binary
}
