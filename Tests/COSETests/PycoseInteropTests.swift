import CBOR
import COSE
import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

/// Interop with pycose 1.1.0 (Tests/Peers/cose_peer.py), both directions. Keys cross as
/// COSE_Key bytes, so each side also reads the other's key encoding.
@Suite("pycose interop")
struct PycoseInteropTests {
    static let payload = Data("interop payload \u{1F510}".utf8)
    static let aad = Data([0xFF, 0x00, 0xEE])

    static func peer(_ request: [String: String]) async throws -> [String: Any] {
        try await PythonPeer.runJSON("cose_peer.py", input: JSONSerialization.data(withJSONObject: request))
    }

    static func hex(_ answer: [String: Any], _ name: String) throws -> Data {
        let text = try #require(answer[name] as? String)
        return try #require(Data(testHex: text))
    }

    @Test("pycose verifies our COSE_Sign1", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage),
          arguments: [KeyCurve.p256, .ed25519])
    func pycoseVerifiesOurSign1(curve: KeyCurve) async throws {
        let key = PrivateKey(curve: curve)
        var unprotected = COSEHeaders()
        unprotected.keyID = Data("vellum".utf8)
        let message = try await COSESign1.sign(
            payload: Self.payload, unprotected: unprotected, externalAAD: Self.aad,
            signer: try SoftwareSigner(privateKey: key))
        let coseKey = try COSEKey(publicKey: key.publicKey).encoded()
        let good = try await Self.peer([
            "op": "verify_sign1", "cose": message.encoded().testHex, "key": coseKey.testHex, "external_aad": Self.aad.testHex,
        ])
        #expect(good["valid"] as? Bool == true, "\(good)")
        // The peer must also say no to a forgery, or the check above proves nothing.
        let forged = try COSESign1(
            protected: message.protected, unprotected: message.unprotected,
            payload: Data("other".utf8), signature: message.signature)
        let bad = try await Self.peer([
            "op": "verify_sign1", "cose": forged.encoded().testHex, "key": coseKey.testHex, "external_aad": Self.aad.testHex,
        ])
        #expect(bad["valid"] as? Bool == false, "\(bad)")
    }

    @Test("we verify pycose's COSE_Sign1", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage),
          arguments: ["ES256", "EdDSA"])
    func weVerifyPycoseSign1(algorithm: String) async throws {
        let answer = try await Self.peer([
            "op": "sign1", "alg": algorithm, "payload": Self.payload.testHex, "external_aad": Self.aad.testHex,
        ])
        let message = try COSESign1(decoding: Self.hex(answer, "cose"), tagPolicy: .required)
        let key = try COSEKey(decoding: Self.hex(answer, "key"))
        #expect(message.payload == Self.payload)
        #expect(message.unprotected.keyID == Data("pycose".utf8))
        try message.verify(with: key, externalAAD: Self.aad)
        #expect(throws: COSEError.invalidSignature) { try message.verify(with: key) }
    }

    @Test("pycose verifies our COSE_Mac0", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage),
          arguments: [COSEAlgorithm.hmac256, .hmac384, .hmac512, .hmac256Truncated64])
    func pycoseVerifiesOurMac0(algorithm: COSEAlgorithm) async throws {
        let secret = Data((0..<32).map { UInt8($0 * 7 & 0xFF) })
        let message = try COSEMac0.authenticate(
            payload: Self.payload, key: secret, algorithm: algorithm, externalAAD: Self.aad)
        let key = COSEKey(symmetricKey: secret).encoded()
        let good = try await Self.peer([
            "op": "verify_mac0", "cose": message.encoded().testHex, "key": key.testHex, "external_aad": Self.aad.testHex,
        ])
        #expect(good["valid"] as? Bool == true, "\(good)")
        let bad = try await Self.peer([
            "op": "verify_mac0", "cose": message.encoded().testHex, "key": key.testHex, "external_aad": "",
        ])
        #expect(bad["valid"] as? Bool == false, "\(bad)")
    }

    @Test("we verify pycose's COSE_Mac0", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage),
          arguments: ["HMAC256", "HMAC384", "HMAC512", "HMAC256/64"])
    func weVerifyPycoseMac0(algorithm: String) async throws {
        let answer = try await Self.peer([
            "op": "mac0", "alg": algorithm, "payload": Self.payload.testHex, "external_aad": Self.aad.testHex,
        ])
        let message = try COSEMac0(decoding: Self.hex(answer, "cose"), tagPolicy: .required)
        let key = try COSEKey(decoding: Self.hex(answer, "key"))
        try message.verify(with: key, externalAAD: Self.aad)
        #expect(throws: COSEError.invalidMAC) { try message.verify(with: key) }
    }
}
