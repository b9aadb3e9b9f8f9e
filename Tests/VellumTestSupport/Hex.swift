import Foundation

extension Data {
    /// Decodes a hex string (whitespace ignored) for test fixtures; `nil` when malformed.
    public init?(testHex hex: String) {
        let digits = hex.filter { !$0.isWhitespace }
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(bytes)
    }

    /// Lower-case hex, for test assertions and messages.
    public var testHex: String { map { String(format: "%02x", $0) }.joined() }
}
