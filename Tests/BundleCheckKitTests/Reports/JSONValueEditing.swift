import BundleCheckFormats

extension JSONValue {
    /// A copy with the value at `path` replaced by `transform(old)`: removed when it returns nil,
    /// added at the end of its object when the key was absent.
    func editing(_ path: [JSONStep], _ transform: (JSONValue?) -> JSONValue?) -> JSONValue {
        guard let step = path.first else { return transform(self) ?? .null }
        let rest = Array(path.dropFirst())
        switch (self, step) {
        case (.object(var members), .key(let key)):
            if let index = members.firstIndex(where: { $0.key == key }) {
                let old = members[index].value
                if let new = rest.isEmpty ? transform(old) : old.editing(rest, transform) {
                    members[index] = Member(key, new)
                } else {
                    members.remove(at: index)
                }
            } else if rest.isEmpty, let new = transform(nil) {
                members.append(Member(key, new))
            }
            return .object(members)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            if let new = rest.isEmpty ? transform(elements[index]) : elements[index].editing(rest, transform) {
                elements[index] = new
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            return self
        }
    }

    func setting(_ path: [JSONStep], to value: JSONValue) -> JSONValue {
        editing(path) { _ in value }
    }

    func removing(_ path: [JSONStep]) -> JSONValue {
        editing(path) { _ in nil }
    }
}
