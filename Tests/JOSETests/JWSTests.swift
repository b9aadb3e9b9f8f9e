import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Testing

@testable import JOSE

@Suite("JWS signing and verification (RFC 7515, RFC 7797)")
struct JWSTests {
    let payload = Data("{\"iss\":\"https://issuer.example/a/b\"}".utf8)

    @Test("compact JWS round-trips for every signing curve", arguments: [
        Fixtures.p256, Fixtures.p384, Fixtures.p521, Fixtures.secp256k1, Fixtures.ed25519,
    ])
    func compactRoundTrip(key: PrivateKey) async throws {
        let signer = try Fixtures.signer(key, keyID: "key-1")
        let token = try await JWS.signCompact(payload: payload, header: JOSEHeader(type: "JWT"), signer: signer)
        let verified = try JWS.verifyCompact(token, key: key.publicKey)
        #expect(verified.payload == payload)
        #expect(verified.header.algorithm == signer.algorithm.rawValue)
        #expect(verified.header.keyID == "key-1")
        #expect(verified.header.type == "JWT")
        #expect(verified.algorithm == JWSAlgorithm(signer.algorithm))
    }

    @Test("the protected header keeps custom members and is written without escaping '/'")
    func customMembers() async throws {
        var header = JOSEHeader(type: "dc+sd-jwt")
        header["x5c"] = .array([.string(Data([1, 2, 3]).base64EncodedString())])
        header["trust_chain"] = .array(["https://a.example/b"])
        let token = try await JWS.signCompact(
            payload: payload, header: header, signer: Fixtures.signer(Fixtures.p256),
            options: JWS.SigningOptions(embedPublicKey: true))
        let headerText = String(decoding: try Base64URL.decode(token.components(separatedBy: ".")[0]), as: UTF8.self)
        #expect(headerText.contains("https://a.example/b"))
        #expect(!headerText.contains("\\/"))
        let verified = try JWS.verifyCompact(token, key: Fixtures.p256.publicKey)
        #expect(verified.header.certificateChain == [Data([1, 2, 3])])
        #expect(try verified.header.embeddedKey()?.publicKey() == Fixtures.p256.publicKey)
        #expect(verified.protectedHeader["trust_chain"] == ["https://a.example/b"])
    }

    @Test("an embedded jwk with private material or off its curve, or a malformed x5c, is refused")
    func embeddedKeyChecks() throws {
        var header = JOSEHeader(algorithm: "ES256")
        header["jwk"] = try JSONValue(parsing: JWK(privateKey: Fixtures.p256).jsonData())
        #expect(throws: JOSEError.self) { try header.embeddedKey() }
        header["jwk"] = ["kty": "EC", "crv": "P-256", "x": .string(Base64URL.encode(Data(count: 32))), "y": .string(Base64URL.encode(Data(count: 32)))]
        #expect(throws: JOSEError.self) { try header.embeddedKey() }
        header["jwk"] = nil
        header["x5c"] = ["not base64 !"]
        #expect(throws: JOSEError.self) { try header.validateRegisteredMemberTypes() }
        header["x5c"] = []
        #expect(throws: JOSEError.self) { try header.validateRegisteredMemberTypes() }
        header["x5c"] = nil
        header["kid"] = 7
        #expect(throws: JOSEError.invalidHeader("kid is not a string")) { try header.validateRegisteredMemberTypes() }
    }

    @Test("a JWK verifies, and its alg pins the algorithm")
    func verifyWithJWK() async throws {
        let token = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.ed25519))
        var jwk = JWK(publicKey: Fixtures.ed25519.publicKey)
        #expect(try JWS.verifyCompact(token, jwk: jwk).payload == payload)
        jwk.alg = "ES256"
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(token, jwk: jwk) }
        jwk.alg = nil
        jwk.use = "enc"
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(token, jwk: jwk) }
    }

    @Test("a resolver picks the key from the header's kid")
    func resolver() async throws {
        let keys = ["a": Fixtures.p256.publicKey, "b": Fixtures.ed25519.publicKey]
        let resolver = JWSKeyLookup { header in
            keys[header.keyID ?? ""].map { JWSVerificationKey($0) }
        }
        let token = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.ed25519, keyID: "b"))
        #expect(try await JWS.verifyCompact(token, resolver: resolver).payload == payload)
        let unknown = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.ed25519, keyID: "c"))
        await #expect(throws: JOSEError.keyNotFound) { try await JWS.verifyCompact(unknown, resolver: resolver) }
    }

    @Test("a detached payload is left out and supplied by the verifier")
    func detached() async throws {
        let token = try await JWS.signCompact(
            payload: payload, signer: Fixtures.signer(Fixtures.p256),
            options: JWS.SigningOptions(detachedPayload: true))
        #expect(token.components(separatedBy: ".")[1].isEmpty)
        let verified = try JWS.verifyCompact(token, key: Fixtures.p256.publicKey, detachedPayload: payload)
        #expect(verified.payload == payload)
        #expect(throws: JOSEError.invalidSignature) {
            try JWS.verifyCompact(token, key: Fixtures.p256.publicKey, detachedPayload: Data("other".utf8))
        }
    }

    @Test("b64:false signs the payload as is and lists b64 in crit")
    func unencodedPayload() async throws {
        let plain = Data("price: $2".utf8)
        let token = try await JWS.signCompact(
            payload: plain, signer: Fixtures.signer(Fixtures.p256),
            options: JWS.SigningOptions(unencodedPayload: true))
        #expect(token.components(separatedBy: ".")[1] == "price: $2")
        #expect(try JWS.verifyCompact(token, key: Fixtures.p256.publicKey).payload == plain)
        let raw = Data("$.02 is the price".utf8)
        let json = try await JWS.signJSON(
            payload: raw, signers: [(JOSEHeader(), nil, Fixtures.signer(Fixtures.p256))], flattened: true,
            options: JWS.SigningOptions(unencodedPayload: true))
        let verified = try JWS.verifyJSON(json, key: JWSVerificationKey(Fixtures.p256.publicKey))
        #expect(verified.payload == raw)
        #expect(verified.header.critical == ["b64"])
        #expect(verified.header.base64EncodesPayload == false)
    }

    @Test("b64:false compact with a '.' in the payload is refused when signing, accepted detached")
    func unencodedCompactDot() async throws {
        let raw = Data("$.02".utf8)
        await #expect(throws: JOSEError.self) {
            try await JWS.signCompact(
                payload: raw, signer: Fixtures.signer(Fixtures.p256),
                options: JWS.SigningOptions(unencodedPayload: true))
        }
        let token = try await JWS.signCompact(
            payload: raw, signer: Fixtures.signer(Fixtures.p256),
            options: JWS.SigningOptions(detachedPayload: true, unencodedPayload: true))
        #expect(try JWS.verifyCompact(token, key: Fixtures.p256.publicKey, detachedPayload: raw).payload == raw)
    }

    @Test("general JSON serialization with several signers verifies with each key")
    func generalSerialization() async throws {
        let json = try await JWS.signJSON(
            payload: payload,
            signers: [
                (JOSEHeader(), ["kid": "p256"], Fixtures.signer(Fixtures.p256)),
                (JOSEHeader(), ["kid": "ed"], Fixtures.signer(Fixtures.ed25519)),
                (JOSEHeader(), nil, Fixtures.signer(Fixtures.secp256k1)),
            ])
        let object = try JWSObject(json: json)
        #expect(object.signatures.count == 3)
        let first = try object.verify(key: JWSVerificationKey(Fixtures.p256.publicKey))
        #expect(first.signatureIndex == 0 && first.header.keyID == "p256")
        #expect(first.protectedHeader["kid"] == nil)
        #expect(try object.verify(key: JWSVerificationKey(Fixtures.ed25519.publicKey)).signatureIndex == 1)
        #expect(try object.verify(key: JWSVerificationKey(Fixtures.secp256k1.publicKey)).signatureIndex == 2)
        #expect(throws: JOSEError.self) { try object.verify(key: JWSVerificationKey(Fixtures.p384.publicKey)) }
    }

    @Test("a header member in both protected and unprotected headers is refused")
    func overlappingHeaders() async throws {
        await #expect(throws: JOSEError.self) {
            try await JWS.signJSON(
                payload: payload, signers: [(JOSEHeader(keyID: "a"), ["kid": "b"], Fixtures.signer(Fixtures.p256))])
        }
    }

    /// A compact JWS is checked over `header.payload` where it lies in the token; a token
    /// inside a longer text (an SD-JWT) is checked over its own bytes only.
    @Test("a compact JWS verifies over its own header and payload, and a changed bit in either fails", arguments: [
        Fixtures.p256, Fixtures.p384, Fixtures.secp256k1, Fixtures.ed25519,
    ])
    func signingInputInPlace(key: PrivateKey) async throws {
        let token = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(key, keyID: "key-1"))
        let inText = "\(token)~WyJzYWx0IiwibmFtZSIsInZhbHVlIl0~"
        let embedded = try JWSObject(compact: inText.split(separator: "~")[0])
        #expect(try embedded.verify(key: JWSVerificationKey(key.publicKey)).payload == payload)
        // A bit of the kid's value in the header, and of the issuer's name in the payload.
        let header = try Base64URL.decode(String(token.split(separator: ".")[0]))
        let kidOffset = try #require(header.firstRange(of: Data("key-1".utf8))).lowerBound
        let issuerOffset = try #require(payload.firstRange(of: Data("issuer".utf8))).lowerBound
        for (part, offset) in [(0, kidOffset), (1, issuerOffset)] {
            let changed = try JWSObject(compact: Fixtures.flippingBit(token, part: part, byte: offset))
            #expect(throws: JOSEError.invalidSignature) { try changed.verify(key: JWSVerificationKey(key.publicKey)) }
        }
    }
}
