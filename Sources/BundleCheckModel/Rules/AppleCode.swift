/// The shape of the codes App Store Connect prints: `ITMS-` and five digits.
enum AppleCode {
    static func isValid(_ code: String) -> Bool {
        guard code.hasPrefix("ITMS-") else { return false }
        let digits = code.dropFirst(5)
        return digits.count == 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
