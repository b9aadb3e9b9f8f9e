import Foundation
import Multiformats

/// Multibase as Open DID's peers write it.
///
/// Java's `Base64` encoder pads, so Open DID servers emit `m…=` (the unpadded-base64
/// prefix with padding). Such strings are read as base64; everything else follows the
/// multibase table strictly.
enum LenientMultibase {
    static func decode(_ text: String) throws(MultiformatsError) -> (encoding: MultibaseEncoding, data: Data) {
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
