import Foundation

/// Runs a `text` matcher's regular expression over one decoded file.
enum TextSearch {
    /// More hits than this in one file say nothing new and would flood a report.
    static let maximumHitsPerFile = 100
    /// Matched text longer than this is cut for the message.
    static let maximumValueLength = 200

    /// One hit per line holding a match (at the first match of that line), so
    /// that `file:line` identifies each hit; at most `maximumHitsPerFile`.
    static func hits(of pattern: NSRegularExpression, in text: String, file: String, bundle: String?) -> [MatchHit] {
        let lineStarts = lineStartOffsets(text)
        let string = NSString(string: text)
        var hits: [MatchHit] = []
        var lastLine = 0
        var lineIndex = 0
        pattern.enumerateMatches(in: text, options: [], range: NSRange(location: 0, length: string.length)) { result, _, stop in
            guard let range = result?.range, range.location != NSNotFound else { return }
            // Matches come in order, so the line only ever moves forward.
            while lineIndex + 1 < lineStarts.count, lineStarts[lineIndex + 1] <= range.location {
                lineIndex += 1
            }
            let line = lineIndex + 1
            guard line != lastLine else { return }
            lastLine = line
            let matched = String(string.substring(with: range).prefix(maximumValueLength))
            hits.append(MatchHit(bundle: bundle, file: file, keyPath: nil, line: line, value: matched, identity: "\(file):\(line)"))
            if hits.count >= maximumHitsPerFile { stop.pointee = true }
        }
        return hits
    }

    /// UTF-16 offsets (NSString's unit) where each line starts; `\n`, `\r\n` and a lone `\r` end a line.
    static func lineStartOffsets(_ text: String) -> [Int] {
        var starts = [0]
        var offset = 0
        var afterCarriageReturn = false
        for unit in text.utf16 {
            if afterCarriageReturn && unit != 0x0A {
                starts.append(offset)
            }
            afterCarriageReturn = unit == 0x0D
            offset += 1
            if unit == 0x0A { starts.append(offset) }
        }
        if afterCarriageReturn { starts.append(offset) }
        return starts
    }
}
