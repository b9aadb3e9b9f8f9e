import CBOR
import COSE
import CryptoKeys
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// A VCDM 2.0 credential secured with COSE (`vc+cose`): it verifies with the key its `kid`
/// names, and a changed payload, another DID's key and a message without the `vc+cose` type are
/// refused, each with its own error.
@Suite("COSE-secured credentials")
struct COSECredentialTests {
    typealias Party = JOSECredentialTests.Party
    static let policy = JOSECredentialTests.policy

    @Test("a vc+cose credential verifies; its payload is the credential")
    func roundTrip() async throws {
        let issuer = try Party()
        let signed = try await COSECredential.sign(issuer.credential2(), keyID: issuer.keyID, signer: issuer.signer)
        let verified = try await COSECredential.verify(signed, policy: Self.policy)
        #expect(verified.credential.json == issuer.credential2())
        #expect(verified.verificationMethod.id.description == issuer.keyID)
        let message = try COSESign1(decoding: signed)
        #expect(message.protected.headers[.int(16)] == .textString("application/vc+cose"))
    }

    @Test("a changed payload, another DID's key, an untyped message and an expired credential are refused")
    func refusals() async throws {
        let issuer = try Party()
        let forger = try Party()
        let signed = try COSESign1(decoding: try await COSECredential.sign(issuer.credential2(), keyID: issuer.keyID, signer: issuer.signer))
        var changed = try #require(issuer.credential2().objectValue)
        changed["credentialSubject"] = ["id": "did:example:subject", "degree": ["name": "Doctor of Medicine"]]
        let tampered = try COSESign1(
            protected: signed.protected, unprotected: signed.unprotected, payload: JSONValue.object(changed).serialized(.compact),
            signature: signed.signature)
        await #expect(throws: JOSECredentialError.cose(.invalidSignature)) { _ = try await COSECredential.verify(tampered.encoded(), policy: Self.policy) }

        let foreign = try await COSECredential.sign(issuer.credential2(), keyID: forger.keyID, signer: forger.signer)
        await #expect(throws: JOSECredentialError.signerNotIssuer(keyDID: forger.did, issuer: issuer.did)) {
            _ = try await COSECredential.verify(foreign, policy: Self.policy)
        }

        let untyped = try await COSESign1.sign(
            payload: issuer.credential2().serialized(.compact), protected: COSEHeaders([(.keyID, .byteString(Data(issuer.keyID.utf8)))]),
            signer: issuer.signer)
        await expectError(JOSECredentialError.self, matching: {
            if case .notACredential = $0 { return true } else { return false }
        }) { _ = try await COSECredential.verify(untyped.encoded(), policy: Self.policy) }

        let expired = try await COSECredential.sign(issuer.credential2(validUntil: "2025-03-01T00:00:00Z"), keyID: issuer.keyID, signer: issuer.signer)
        await #expect(throws: JOSECredentialError.credential(.expired(member: "validUntil"))) { _ = try await COSECredential.verify(expired, policy: Self.policy) }
        await #expect(throws: JOSECredentialError.self) { _ = try await COSECredential.verify(Data([0xd2, 0x84]), policy: Self.policy) }
    }

    @Test("pycose verifies Vellum's vc+cose with the issuer's key, and refuses it changed", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func pycose() async throws {
        let issuer = try Party()
        let signed = try COSESign1(decoding: try await COSECredential.sign(issuer.credential2(), keyID: issuer.keyID, signer: issuer.signer))
        let key = try COSEKey(publicKey: issuer.signer.publicKey).encoded().testHex
        func peer(_ message: COSESign1) async throws -> Bool? {
            let request: [String: Any] = ["op": "verify_sign1", "cose": message.encoded().testHex, "key": key, "external_aad": ""]
            return try await PythonPeer.runJSON("cose_peer.py", input: JSONSerialization.data(withJSONObject: request))["valid"] as? Bool
        }
        #expect(try await peer(signed) == true)
        let forged = try COSESign1(
            protected: signed.protected, unprotected: signed.unprotected, payload: Data("{}".utf8), signature: signed.signature)
        #expect(try await peer(forged) == false)
    }
}
