import BundleCheckFormats

/// Visits every value of a parsed property list with a stack of its own (no recursion, so a deep
/// document cannot exhaust the harness's stack) and reads each one, so that a value the parser
/// built wrongly is touched, not just returned.
public enum PlistWalk {
    @discardableResult
    public static func visit(_ root: PlistValue) -> Int {
        var pending = [root]
        var visited = 0
        while let value = pending.popLast() {
            visited += 1
            switch value {
            case .array(let items):
                pending += items
            case .dictionary(let dictionary):
                for entry in dictionary.entries {
                    visited += entry.key.utf8.count & 1
                    pending.append(entry.value)
                }
            case .string(let text):
                visited += text.utf8.count & 1
            case .data(let bytes):
                visited += bytes.count & 1
            default:
                break
            }
        }
        return visited
    }
}
