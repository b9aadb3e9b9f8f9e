import Crypto
import CryptoExtras
import Foundation

extension PublicKey {
    /// Reads a DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) for any supported key: P-256/
    /// 384/521 (RFC 5480), secp256k1, Ed25519 and X25519 (RFC 8410), or RSA (at least 2048
    /// bits). X.509 certificates and many PEM files carry keys this way.
    ///
    /// EC keys must name their curve (RFC 5480 `namedCurve`); explicit curve parameters
    /// are refused, as Wycheproof expects, because nothing Vellum reads uses them and they
    /// are a classic source of invalid-curve bugs.
    public init(derRepresentation der: Data) throws(CryptoKeysError) {
        guard der.count <= 4096 else { throw .invalidKey(reason: "SubjectPublicKeyInfo too large") }
        for (curve, prefix) in SubjectPublicKeyInfo.okpPrefixes where der.starts(with: prefix) {
            try self.init(rawRepresentation: Data(der.dropFirst(prefix.count)), curve: curve)
            return
        }
        for curve in [KeyCurve.p256, .p384, .p521, .secp256k1] {
            for pointLength in [1 + 2 * curve.coordinateByteCount, 1 + curve.coordinateByteCount] {
                let prefix = SubjectPublicKeyInfo.ecPrefix(curve: curve, pointLength: pointLength)
                if der.count == prefix.count + pointLength, der.starts(with: prefix) {
                    try self.init(sec1Representation: Data(der.suffix(pointLength)), curve: curve)
                    return
                }
            }
        }
        if der.range(of: SubjectPublicKeyInfo.ecAlgorithmPrefixBody).map({ $0.lowerBound - der.startIndex <= 6 }) == true {
            throw .invalidKey(reason: "EC SubjectPublicKeyInfo must use a supported named curve")
        }
        guard let key = try? _RSA.Signing.PublicKey(derRepresentation: der) else {
            throw .invalidKey(reason: "unrecognised or malformed SubjectPublicKeyInfo")
        }
        self.init(backing: .rsa(key))
    }

    /// Reads a PEM `PUBLIC KEY` block (a SubjectPublicKeyInfo).
    public init(pemRepresentation pem: String) throws(CryptoKeysError) {
        try self.init(derRepresentation: PEM.decode(pem, label: "PUBLIC KEY"))
    }

    /// The DER SubjectPublicKeyInfo (uncompressed point for EC keys).
    public var derRepresentation: Data {
        switch backing {
        case .p256(let key): return key.derRepresentation
        case .p384(let key): return key.derRepresentation
        case .p521(let key): return key.derRepresentation
        case .ed25519(let key): return SubjectPublicKeyInfo.ed25519Prefix + key.rawRepresentation
        case .x25519(let key): return SubjectPublicKeyInfo.x25519Prefix + key.rawRepresentation
        case .secp256k1(let key): return SubjectPublicKeyInfo.ecEncoding(curve: .secp256k1, point: key.uncompressed)
        case .rsa(let key): return key.derRepresentation
        }
    }

    /// The PEM `PUBLIC KEY` block.
    public var pemRepresentation: String {
        PEM.encode(derRepresentation, label: "PUBLIC KEY")
    }
}

/// SubjectPublicKeyInfo layouts. Each has a fixed shape for a given curve and point size,
/// so a key is recognised by its exact header and anything else is refused.
enum SubjectPublicKeyInfo {
    /// SEQUENCE { SEQUENCE { OID 1.3.101.112 } BIT STRING (33 bytes) } — RFC 8410.
    static let ed25519Prefix = Data([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00])
    /// As above with OID 1.3.101.110 (X25519).
    static let x25519Prefix = Data([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00])

    static let okpPrefixes: [(KeyCurve, Data)] = [(.ed25519, ed25519Prefix), (.x25519, x25519Prefix)]

    /// The start of any SPKI whose algorithm is id-ecPublicKey (1.2.840.10045.2.1), used to
    /// tell "an EC key we refuse" from "not an EC key".
    static let ecAlgorithmPrefixBody = Data([0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01])

    static func curveOID(_ curve: KeyCurve) -> Data {
        switch curve {
        case .p256: return Data([0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07])
        case .p384: return Data([0x2b, 0x81, 0x04, 0x00, 0x22])
        case .p521: return Data([0x2b, 0x81, 0x04, 0x00, 0x23])
        case .secp256k1: return Data([0x2b, 0x81, 0x04, 0x00, 0x0a])
        case .ed25519, .x25519: return Data()
        }
    }

    /// The whole DER encoding of an EC SPKI up to (not including) the SEC1 point.
    static func ecPrefix(curve: KeyCurve, pointLength: Int) -> Data {
        let algorithm = DERWriter.element(
            tag: 0x30, ecAlgorithmPrefixBody + DERWriter.element(tag: 0x06, curveOID(curve)))
        let full = DERWriter.element(
            tag: 0x30, algorithm + DERWriter.element(tag: 0x03, Data(count: 1 + pointLength)))
        return Data(full.prefix(full.count - pointLength))
    }

    /// The SPKI of an EC point (the form swift-crypto writes for NIST curves).
    static func ecEncoding(curve: KeyCurve, point: Data) -> Data {
        ecPrefix(curve: curve, pointLength: point.count) + point
    }
}

/// Minimal PEM (RFC 7468) framing: one block, strict base64 body.
enum PEM {
    static func decode(_ text: String, label: String) throws(CryptoKeysError) -> Data {
        guard text.utf8.count <= 16384 else { throw .invalidKey(reason: "PEM too large") }
        let begin = "-----BEGIN \(label)-----", end = "-----END \(label)-----"
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard lines.count >= 2, lines.first == begin, lines.last == end else {
            throw .invalidKey(reason: "expected a PEM \(label) block")
        }
        let body = lines.dropFirst().dropLast().joined()
        guard let der = Data(base64Encoded: body), !der.isEmpty else {
            throw .invalidKey(reason: "PEM body is not base64")
        }
        return der
    }

    static func encode(_ der: Data, label: String) -> String {
        let base64 = der.base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var index = base64.startIndex
        while index < base64.endIndex {
            let next = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[index..<next]))
            index = next
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n")
    }
}
