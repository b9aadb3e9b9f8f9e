import CBOR
import COSE
import CryptoKeys
import Foundation
import Multiformats
import VellumTestSupport

/// One cose-wg/Examples JSON case in COSE_Sign1 or COSE_Mac0 form.
struct COSEExampleCase {
    enum Kind { case sign1, mac0 }

    let folder: String
    let name: String
    let title: String
    let kind: Kind
    let expectFailure: Bool
    let algorithmName: String
    let keyJSON: [String: Any]
    let encoded: Data
    let externalAAD: Data
    let plaintext: Data
    let toBeAuthenticated: Data?

    /// Reads a case, or `nil` when it is not in a single-signer/single-key form.
    init?(url: URL) throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let json = object as? [String: Any], let input = json["input"] as? [String: Any],
              let output = json["output"] as? [String: Any], let cborHex = output["cbor"] as? String
        else { return nil }
        let body: [String: Any]
        if let sign = input["sign0"] as? [String: Any] {
            kind = .sign1
            body = sign
            keyJSON = sign["key"] as? [String: Any] ?? [:]
        } else if let mac = input["mac0"] as? [String: Any] {
            kind = .mac0
            body = mac
            let recipients = mac["recipients"] as? [[String: Any]] ?? []
            keyJSON = recipients.first?["key"] as? [String: Any] ?? [:]
        } else {
            return nil
        }
        folder = url.deletingLastPathComponent().lastPathComponent
        name = url.deletingPathExtension().lastPathComponent
        title = json["title"] as? String ?? name
        expectFailure = json["fail"] as? Bool ?? false
        let protected = body["protected"] as? [String: Any]
        let unprotected = body["unprotected"] as? [String: Any]
        algorithmName = body["alg"] as? String ?? protected?["alg"] as? String ?? unprotected?["alg"] as? String ?? "?"
        encoded = Data(testHex: cborHex) ?? Data()
        externalAAD = Data(testHex: body["external"] as? String ?? "") ?? Data()
        plaintext = Data((input["plaintext"] as? String ?? "").utf8)
        let intermediates = json["intermediates"] as? [String: Any]
        let intermediate = intermediates?["ToBeSign_hex"] as? String ?? intermediates?["ToMac_hex"] as? String
        toBeAuthenticated = intermediate.flatMap { Data(testHex: $0) }
    }

    /// Why this library does not run the case, or `nil` when it does.
    var skipReason: String? {
        if keyJSON["crv"] as? String == "Ed448" { return "Ed448 is not supported" }
        switch algorithmName {
        case "ES256", "ES384", "ES512", "EdDSA", "HS256", "HS384", "HS512", "HS256/64": return nil
        default: return "algorithm \(algorithmName) is not supported"
        }
    }

    /// The key from the JSON (a JWK with `_hex` variants) as a COSE_Key.
    func coseKey() throws -> COSEKey {
        func bytes(_ name: String) throws -> Data? {
            if let text = keyJSON[name] as? String { return try Base64URL.decode(text) }
            if let hex = keyJSON["\(name)_hex"] as? String { return Data(testHex: hex) }
            return nil
        }
        let curves: [String: COSECurve] = [
            "P-256": .p256, "P-384": .p384, "P-521": .p521, "Ed25519": .ed25519, "X25519": .x25519,
        ]
        switch keyJSON["kty"] as? String {
        case "EC":
            let y = try bytes("y").map(COSEKey.YCoordinate.coordinate)
            let key = COSEKey(
                keyType: .ec2, curve: curves[keyJSON["crv"] as? String ?? ""], x: try bytes("x"), y: y, d: try bytes("d"))
            try key.validate()
            return key
        case "OKP":
            let key = COSEKey(keyType: .okp, curve: curves[keyJSON["crv"] as? String ?? ""], x: try bytes("x"), d: try bytes("d"))
            try key.validate()
            return key
        case "oct":
            return COSEKey(symmetricKey: try bytes("k") ?? Data())
        default:
            throw COSEError.invalidKey("unknown kty in the example")
        }
    }

    /// Parses and verifies the example as the spec says a recipient would.
    func verify() throws {
        switch kind {
        case .sign1:
            let message = try COSESign1(decoding: encoded)
            try message.verify(with: coseKey(), externalAAD: externalAAD)
        case .mac0:
            let message = try COSEMac0(decoding: encoded)
            try message.verify(with: coseKey(), externalAAD: externalAAD)
        }
    }

    /// The files of every cose-wg/Examples folder.
    static func all() throws -> [URL] {
        let root = try Vectors.url("cose/cose-wg-Examples")
        let folders = try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
    }
}
