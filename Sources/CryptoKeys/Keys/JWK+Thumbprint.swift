import Foundation
import Multiformats

extension JWK {
    /// The RFC 7638 thumbprint input: the required members for `kty`, in lexicographic
    /// order, as JSON with no whitespace.
    public func thumbprintInput() throws(CryptoKeysError) -> Data {
        func member(_ name: String, _ value: String?) throws(CryptoKeysError) -> (String, String) {
            guard let value else { throw .invalidJWK(reason: "thumbprint needs \(name)") }
            return (name, value)
        }
        func encoded(_ name: String, _ value: Data?) throws(CryptoKeysError) -> (String, String) {
            try member(name, value.map { Base64URL.encode($0) })
        }
        let members: [(String, String)]
        switch kty {
        case .ec:
            members = [try member("crv", crv), ("kty", "EC"), try encoded("x", x), try encoded("y", y)]
        case .okp:
            members = [try member("crv", crv), ("kty", "OKP"), try encoded("x", x)]
        case .rsa:
            members = [try encoded("e", e), ("kty", "RSA"), try encoded("n", n)]
        case .oct:
            members = [try encoded("k", k), ("kty", "oct")]
        }
        let body = members.map { "\(JSONText.quoted($0.0)):\(JSONText.quoted($0.1))" }.joined(separator: ",")
        return Data("{\(body)}".utf8)
    }

    /// The RFC 7638 thumbprint: the hash of ``thumbprintInput()``.
    public func thumbprint(hash: DigestAlgorithm = .sha256) throws(CryptoKeysError) -> Data {
        hash.hash(try thumbprintInput())
    }

    /// The RFC 7638 thumbprint as base64url text, the form `kid`s and `jkt` claims use.
    public func thumbprintString(hash: DigestAlgorithm = .sha256) throws(CryptoKeysError) -> String {
        Base64URL.encode(try thumbprint(hash: hash))
    }
}

extension PublicKey {
    /// The RFC 7638 thumbprint of this key's public JWK.
    public func thumbprint(hash: DigestAlgorithm = .sha256) -> Data {
        (try? JWK(publicKey: self).thumbprint(hash: hash)) ?? Data()
    }
}

/// JSON string quoting as RFC 8259 §7 requires (quote, backslash, control characters).
enum JSONText {
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case let control where control.value < 0x20:
                output += String(format: "\\u%04x", control.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
