import CryptoKeys
import Foundation
import JSONModel
import Multiformats

@testable import JOSE

/// Keys and token builders shared by the JOSE tests.
enum Fixtures {
    static let p256 = PrivateKey(curve: .p256)
    static let p384 = PrivateKey(curve: .p384)
    static let p521 = PrivateKey(curve: .p521)
    static let secp256k1 = PrivateKey(curve: .secp256k1)
    static let ed25519 = PrivateKey(curve: .ed25519)
    static let x25519 = PrivateKey(curve: .x25519)

    static func signer(_ key: PrivateKey, keyID: String? = nil) throws -> SoftwareSigner {
        try SoftwareSigner(privateKey: key, keyID: keyID)
    }

    /// A compact JWS over an arbitrary header text, signed with `key` — for building the
    /// malformed and hostile tokens a conforming signer would never emit.
    static func forge(
        header: String, payload: Data, key: PrivateKey, algorithm: SignatureAlgorithm = .es256,
        encodePayload: Bool = true
    ) throws -> String {
        let encodedHeader = Base64URL.encode(Data(header.utf8))
        let payloadPart = encodePayload ? Data(Base64URL.encode(payload).utf8) : payload
        let input = Data(encodedHeader.utf8) + Data(".".utf8) + payloadPart
        let signature = try key.sign(input, algorithm: algorithm)
        return encodedHeader + "." + String(decoding: payloadPart, as: UTF8.self) + "." + Base64URL.encode(signature)
    }

    /// A compact HS256 JWS over an arbitrary header, MACed with `secret`.
    static func forgeHMAC(header: String, payload: Data, secret: Data, digest: DigestAlgorithm = .sha256) -> String {
        let encodedHeader = Base64URL.encode(Data(header.utf8))
        let encodedPayload = Base64URL.encode(payload)
        let mac = digest.authenticationCode(for: Data((encodedHeader + "." + encodedPayload).utf8), key: secret)
        return encodedHeader + "." + encodedPayload + "." + Base64URL.encode(mac)
    }

    /// Replaces part `index` of a dotted token.
    static func replacingPart(_ token: String, _ index: Int, with part: String) -> String {
        var parts = token.components(separatedBy: ".")
        parts[index] = part
        return parts.joined(separator: ".")
    }

    /// Flips one bit of the decoded part `index` of a dotted token.
    static func flippingBit(_ token: String, part index: Int, byte: Int = 0) throws -> String {
        var bytes = try Base64URL.decode(token.components(separatedBy: ".")[index])
        let position = bytes.startIndex + min(byte, bytes.count - 1)
        bytes[position] ^= 0x01
        return replacingPart(token, index, with: Base64URL.encode(bytes))
    }
}
