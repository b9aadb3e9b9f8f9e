import Foundation
import Multiformats

/// Multibase as Open DID's peers write it.
///
/// Java's `Base64` encoder pads, so Open DID servers emit `m…=` (the unpadded-base64
/// prefix with padding). Such strings are read as base64; everything else follows the
/// multibase table strictly.
enum LenientMultibase {
    static func decode(_ text: String) throws(MultiformatsError) -> (encoding: MultibaseEncoding, data: Data) {
        // Proof values are decoded once per signature checked: take the table-driven
        // base64url decoder for `u`, and Foundation's base64 for `m`, over the generic one.
        if text.hasPrefix("u") {
            return (.base64url, try Base64URL.decode(String(text.dropFirst())))
        }
        if text.hasPrefix("m"), !text.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) {
            var body = String(text.dropFirst())
            body += String(repeating: "=", count: (4 - body.utf8.count % 4) % 4)
            if let data = Data(base64Encoded: body) { return (.base64, data) }
        }
        if text.hasPrefix("m"), text.hasSuffix("=") {
            var body = Substring(text)
            var padding = 0
            while body.hasSuffix("="), padding < 2 {
                body = body.dropLast()
                padding += 1
            }
            return try Multibase.decode(String(body))
        }
        return try Multibase.decode(text)
    }
}
