/// Compares one facet's values on the two sides, the same way for every facet: keys only NEW
/// has are added, keys only OLD has removed; a text that differs is changed; a list gains and
/// loses elements one by one (set-wise, in each side's order), so one app group added is one change.
/// A key a side holds more than once (a manifest that lists one API category twice, two document
/// types of one name) is compared occurrence by occurrence: the first with the first, and so on.
enum FacetComparison {
    static func changes(of facet: InventoryFacet, old: FacetValue, new: FacetValue) -> [FacetChange] {
        var changes: [FacetChange] = []
        func key(_ key: String) -> String? { key.isEmpty ? nil : key }
        let before = occurrences(old), after = occurrences(new)
        var seen: [String: Int] = [:]
        for entry in new.entries {
            let index = seen[entry.key, default: 0]
            seen[entry.key] = index + 1
            let earlier = before[entry.key] ?? []
            guard index < earlier.count else {
                changes += whole(entry, of: facet, .added)
                continue
            }
            switch (earlier[index], entry.entry) {
            case (.text(let was), .text(let now)) where was != now:
                changes.append(FacetChange(facet: facet.id, key: key(entry.key), kind: .changed, old: was, new: now))
            case (.list(let was), .list(let now)):
                let wasSet = Set(was), nowSet = Set(now)
                changes += unique(now).filter { !wasSet.contains($0) }.map {
                    FacetChange(facet: facet.id, key: key(entry.key), kind: .added, old: nil, new: $0)
                }
                changes += unique(was).filter { !nowSet.contains($0) }.map {
                    FacetChange(facet: facet.id, key: key(entry.key), kind: .removed, old: $0, new: nil)
                }
            case (.text(let was), .list(let now)):
                changes.append(FacetChange(facet: facet.id, key: key(entry.key), kind: .changed, old: was, new: now.joined(separator: ", ")))
            case (.list(let was), .text(let now)):
                changes.append(FacetChange(facet: facet.id, key: key(entry.key), kind: .changed, old: was.joined(separator: ", "), new: now))
            default:
                break
            }
        }
        seen = [:]
        for entry in old.entries {
            let index = seen[entry.key, default: 0]
            seen[entry.key] = index + 1
            if index >= (after[entry.key]?.count ?? 0) {
                changes += whole(entry, of: facet, .removed)
            }
        }
        return changes
    }

    /// Each key's entries in the order the side holds them.
    private static func occurrences(_ value: FacetValue) -> [String: [FacetValue.Entry]] {
        var byKey: [String: [FacetValue.Entry]] = [:]
        for entry in value.entries { byKey[entry.key, default: []].append(entry.entry) }
        return byKey
    }

    /// An entry only one side has, added or removed whole: a text as one change, a list as its
    /// elements (a keyed empty list as `(empty)`; an unkeyed one adds nothing to show).
    private static func whole(_ entry: FacetValue.Keyed, of facet: InventoryFacet, _ kind: FacetChange.Kind) -> [FacetChange] {
        let key = entry.key.isEmpty ? nil : entry.key
        func change(_ value: String) -> FacetChange {
            FacetChange(facet: facet.id, key: key, kind: kind, old: kind == .removed ? value : nil, new: kind == .added ? value : nil)
        }
        switch entry.entry {
        case .text(let text):
            return [change(text)]
        case .list(let items):
            return (items.isEmpty && key != nil ? [change("(empty)")] : []) + unique(items).map(change)
        }
    }

    /// `items` without repeats, first kept.
    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
