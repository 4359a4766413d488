import BundleCheckFormats
import Foundation

/// Writes a `PlistValue` as an XML property list laid out the way Apple's tools write it.
///
/// The output is deterministic: the XML declaration, Apple's DOCTYPE, a
/// `<plist version="1.0">` wrapper, one element per line indented with tabs,
/// dictionary keys in entry order (duplicates included), `<dict/>` and `<array/>`
/// when empty, dates as `2026-01-02T03:04:05Z` (whole seconds, rounded down),
/// data as base64 lines of at most 76 columns (a tab counting 8) between
/// `<data>` and `</data>`, reals in their shortest exact form (`1`, `0.1`,
/// `nan`, `+infinity`), and UIDs as Apple's `{CF$UID: n}` dictionary.
///
/// `&`, `<` and `>` are escaped, and so is a carriage return (`&#13;`), which an
/// XML parser would otherwise turn into a line feed; other control characters are
/// written as they are, as Apple's writer does, and make a file no parser accepts.
public enum XMLPropertyListWriter {
    public static func write(_ value: PlistValue) -> [UInt8] {
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        append(value, indent: 0, to: &output)
        output += "</plist>\n"
        return Array(output.utf8)
    }

    private static func append(_ value: PlistValue, indent: Int, to output: inout String) {
        let tabs = String(repeating: "\t", count: indent)
        switch value {
        case .string(let string):
            output += "\(tabs)<string>\(escape(string))</string>\n"
        case .integer(let integer):
            output += "\(tabs)<integer>\(integer.description)</integer>\n"
        case .real(let real):
            output += "\(tabs)<real>\(format(real))</real>\n"
        case .bool(let bool):
            output += bool ? "\(tabs)<true/>\n" : "\(tabs)<false/>\n"
        case .date(let date):
            output += "\(tabs)<date>\(format(date))</date>\n"
        case .data(let bytes):
            output += "\(tabs)<data>\n"
            let columns = max(16, 76 - 8 * indent)
            let bytesPerLine = columns / 4 * 3
            var start = 0
            while start < bytes.count {
                let end = min(start + bytesPerLine, bytes.count)
                output += tabs + Data(bytes[start..<end]).base64EncodedString() + "\n"
                start = end
            }
            output += "\(tabs)</data>\n"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "\(tabs)<array/>\n"
                return
            }
            output += "\(tabs)<array>\n"
            for element in elements {
                append(element, indent: indent + 1, to: &output)
            }
            output += "\(tabs)</array>\n"
        case .dictionary(let dictionary):
            guard dictionary.count > 0 else {
                output += "\(tabs)<dict/>\n"
                return
            }
            output += "\(tabs)<dict>\n"
            for entry in dictionary.entries {
                output += "\(tabs)\t<key>\(escape(entry.key))</key>\n"
                append(entry.value, indent: indent + 1, to: &output)
            }
            output += "\(tabs)</dict>\n"
        case .uid(let uid):
            output += "\(tabs)<dict>\n\(tabs)\t<key>CF$UID</key>\n\(tabs)\t<integer>\(uid)</integer>\n\(tabs)</dict>\n"
        }
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\r": escaped += "&#13;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func format(_ real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-infinity" : "+infinity" }
        let text = real.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `yyyy-mm-ddThh:mm:ssZ` in UTC (proleptic Gregorian calendar), for years 1 to 9999.
    private static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970.rounded(.down)
        precondition(
            interval >= -62_135_596_800 && interval <= 253_402_300_799,
            "XMLPropertyListWriter: \(date.timeIntervalSinceReferenceDate) s since 2001 is not a date of years 1 to 9999")
        let seconds = Int(interval)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }
}
