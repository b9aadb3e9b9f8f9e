import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Testing

@testable import JOSE

@Suite("JWS forgeries and policy refusals")
struct JWSPolicyTests {
    let payload = Data("{\"sub\":\"alice\"}".utf8)
    var key: PublicKey { Fixtures.p256.publicKey }

    func token() async throws -> String {
        try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.p256))
    }

    @Test("a tampered payload, header or signature does not verify")
    func tampering() async throws {
        let token = try await token()
        let otherPayload = Fixtures.replacingPart(token, 1, with: Base64URL.encode(Data("{\"sub\":\"mallory\"}".utf8)))
        #expect(throws: JOSEError.invalidSignature) { try JWS.verifyCompact(otherPayload, key: key) }
        let otherHeader = Fixtures.replacingPart(token, 0, with: Base64URL.encode(Data("{\"alg\":\"ES256\",\"kid\":\"x\"}".utf8)))
        #expect(throws: JOSEError.invalidSignature) { try JWS.verifyCompact(otherHeader, key: key) }
        for byte in [0, 31, 32, 63] {
            let flipped = try Fixtures.flippingBit(token, part: 2, byte: byte)
            #expect(throws: JOSEError.invalidSignature) { try JWS.verifyCompact(flipped, key: key) }
        }
        #expect(throws: JOSEError.invalidSignature) {
            try JWS.verifyCompact(token, key: PrivateKey(curve: .p256).publicKey)
        }
    }

    @Test("alg none is refused, whatever its spelling and even with an empty signature")
    func algNone() throws {
        for alg in ["none", "None", "NONE"] {
            let header = Base64URL.encode(Data("{\"alg\":\"\(alg)\"}".utf8))
            let token = header + "." + Base64URL.encode(payload) + "."
            #expect(throws: JOSEError.unsecuredAlgorithm) { try JWS.verifyCompact(token, key: key) }
        }
    }

    @Test("HS256 signed with the issuer's public key bytes is refused (algorithm confusion)")
    func algorithmConfusion() throws {
        let publicBytes = try #require(key.sec1UncompressedRepresentation)
        let forged = Fixtures.forgeHMAC(header: "{\"alg\":\"HS256\"}", payload: payload, secret: publicBytes)
        #expect(throws: JOSEError.algorithmNotAllowed("HS256")) { try JWS.verifyCompact(forged, key: key) }
        // Even a policy that allows HMAC never treats a public key as an HMAC secret.
        #expect(throws: JOSEError.keyMismatch(algorithm: "HS256", key: "P-256")) {
            try JWS.verifyCompact(forged, key: key, policy: .allowingHMAC)
        }
    }

    @Test("the header's algorithm must fit the key's type and curve")
    func keyMismatch() throws {
        let es256 = try Fixtures.forge(header: "{\"alg\":\"ES256\"}", payload: payload, key: Fixtures.p256)
        #expect(throws: JOSEError.keyMismatch(algorithm: "ES256", key: "P-384")) {
            try JWS.verifyCompact(es256, key: Fixtures.p384.publicKey)
        }
        #expect(throws: JOSEError.keyMismatch(algorithm: "ES256", key: "Ed25519")) {
            try JWS.verifyCompact(es256, key: Fixtures.ed25519.publicKey)
        }
        #expect(throws: JOSEError.keyMismatch(algorithm: "ES256", key: "secp256k1")) {
            try JWS.verifyCompact(es256, key: Fixtures.secp256k1.publicKey)
        }
        // ES256 relabelled as ES256K over the same bytes must not verify with a k1 key.
        let relabelled = try Fixtures.forge(header: "{\"alg\":\"ES256K\"}", payload: payload, key: Fixtures.p256)
        #expect(throws: JOSEError.keyMismatch(algorithm: "ES256K", key: "P-256")) {
            try JWS.verifyCompact(relabelled, key: key)
        }
        let hmacKey = JWSVerificationKey(symmetricKey: Data(repeating: 7, count: 32))
        #expect(throws: JOSEError.self) { try JWSObject(compact: es256).verify(key: hmacKey, policy: .allowingHMAC) }
    }

    @Test("an algorithm outside the allow-list is refused")
    func allowList() async throws {
        let token = try await token()
        let policy = JWSPolicy(allowedAlgorithms: [.edDSA])
        #expect(throws: JOSEError.algorithmNotAllowed("ES256")) { try JWS.verifyCompact(token, key: key, policy: policy) }
        let unknown = try Fixtures.forge(header: "{\"alg\":\"ES224\"}", payload: payload, key: Fixtures.p256)
        #expect(throws: JOSEError.unsupportedAlgorithm("ES224")) { try JWS.verifyCompact(unknown, key: key) }
        let missing = try Fixtures.forge(header: "{\"kid\":\"a\"}", payload: payload, key: Fixtures.p256)
        #expect(throws: JOSEError.invalidHeader("alg is missing")) { try JWS.verifyCompact(missing, key: key) }
        let wrongType = try Fixtures.forge(header: "{\"alg\":[\"ES256\"]}", payload: payload, key: Fixtures.p256)
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(wrongType, key: key) }
    }

    @Test("crit: unknown, empty, registered, absent or unprotected members are refused")
    func critical() throws {
        func forged(_ header: String) throws -> String {
            try Fixtures.forge(header: header, payload: payload, key: Fixtures.p256)
        }
        let unknown = try forged("{\"alg\":\"ES256\",\"crit\":[\"exp\"],\"exp\":1}")
        #expect(throws: JOSEError.unsupportedCritical("exp is not understood")) { try JWS.verifyCompact(unknown, key: key) }
        let understood = JWSPolicy(understoodCriticalMembers: ["exp"])
        #expect(try JWS.verifyCompact(unknown, key: key, policy: understood).payload == payload)
        for header in [
            "{\"alg\":\"ES256\",\"crit\":[]}",
            "{\"alg\":\"ES256\",\"crit\":[\"alg\"]}",
            "{\"alg\":\"ES256\",\"crit\":[\"exp\"]}",
            "{\"alg\":\"ES256\",\"crit\":\"exp\",\"exp\":1}",
            "{\"alg\":\"ES256\",\"crit\":[1]}",
            "{\"alg\":\"ES256\",\"crit\":[\"exp\",\"exp\"],\"exp\":1}",
        ] {
            #expect(throws: JOSEError.self) { try JWS.verifyCompact(try forged(header), key: key, policy: understood) }
        }
    }

    @Test("b64 must be protected, boolean and listed in crit")
    func b64Rules() throws {
        let noCrit = try Fixtures.forge(
            header: "{\"alg\":\"ES256\",\"b64\":false}", payload: Data("abc".utf8), key: Fixtures.p256,
            encodePayload: false)
        #expect(throws: JOSEError.unsupportedCritical("b64 is used but not listed in crit")) {
            try JWS.verifyCompact(noCrit, key: key)
        }
        #expect(try JWS.verifyCompact(noCrit, key: key, policy: JWSPolicy(requiresCriticalB64: false)).payload == Data("abc".utf8))
        let notBool = try Fixtures.forge(
            header: "{\"alg\":\"ES256\",\"b64\":\"no\",\"crit\":[\"b64\"]}", payload: payload, key: Fixtures.p256)
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(notBool, key: key) }
    }

    @Test("duplicate header members are refused")
    func duplicateMembers() throws {
        let token = try Fixtures.forge(header: "{\"alg\":\"ES256\",\"alg\":\"none\"}", payload: payload, key: Fixtures.p256)
        #expect {
            try JWS.verifyCompact(token, key: key)
        } throws: { error in
            guard case .invalidJSON(_, .duplicateMember("alg", _))? = error as? JOSEError else { return false }
            return true
        }
    }

    @Test("truncated, garbage and wrongly shaped tokens are refused", arguments: [
        "", ".", "..", "...", "a.b", "a.b.c.d", "eyJhbGciOiJFUzI1NiJ9", "eyJhbGciOiJFUzI1NiJ9.e30",
        "eyJhbGciOiJFUzI1NiJ9..", ".e30.AAAA", "bm90IGpzb24.e30.AAAA", "W10.e30.AAAA", "IkVTMjU2Ig.e30.AAAA",
        "eyJhbGciOiJFUzI1NiJ9.e30.AAAA=", "eyJhbGciOiJFUzI1NiJ9=.e30.AAAA", "eyJhbGciOiJFUzI1NiJ9.e3+.AAAA",
        "eyJhbGciOiJFUzI1NiJ9.e30.AA/A", "eyJhbGciOiJFUzI1NiJ9 .e30.AAAA", "eyJhbGciOiJFUzI1NiJ9.e31.AAAA",
    ])
    func garbage(token: String) {
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(token, key: Fixtures.p256.publicKey) }
    }

    @Test("a valid token with padding or non-canonical base64url in any part is refused")
    func strictBase64() async throws {
        let token = try await token()
        let parts = token.components(separatedBy: ".")
        for index in 0..<3 {
            var padded = parts
            padded[index] += "="
            #expect(throws: JOSEError.self) { try JWS.verifyCompact(padded.joined(separator: "."), key: key) }
            var standard = parts
            standard[index] = standard[index].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            if standard[index] != parts[index] {
                #expect(throws: JOSEError.self) { try JWS.verifyCompact(standard.joined(separator: "."), key: key) }
            }
        }
    }

    @Test("oversized tokens, headers and signature counts are refused before parsing")
    func limits() async throws {
        let big = String(repeating: "A", count: 5 << 20)
        #expect(throws: JOSEError.self) { try JWS.verifyCompact("e30." + big + ".AA", key: key) }
        let small = JWSPolicy(limits: JOSELimits(maximumTokenSize: 100))
        let token = try await JWS.signCompact(payload: Data(repeating: 0x41, count: 200), signer: Fixtures.signer(Fixtures.p256))
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(token, key: key, policy: small) }
        let hugeHeader = "{\"alg\":\"ES256\",\"x\":\"" + String(repeating: "a", count: 70_000) + "\"}"
        let withHugeHeader = try Fixtures.forge(header: hugeHeader, payload: payload, key: Fixtures.p256)
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(withHugeHeader, key: key) }
        let deepHeader = "{\"alg\":\"ES256\",\"x\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}"
        let withDeepHeader = try Fixtures.forge(header: deepHeader, payload: payload, key: Fixtures.p256)
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(withDeepHeader, key: key) }
        let entry = "{\"protected\":\"eyJhbGciOiJFUzI1NiJ9\",\"signature\":\"AA\"}"
        let many = "{\"payload\":\"e30\",\"signatures\":[" + Array(repeating: entry, count: 17).joined(separator: ",") + "]}"
        #expect(throws: JOSEError.limitExceeded("more than 16 signatures")) { try JWSObject(json: Data(many.utf8)) }
    }

    @Test("malformed JSON serializations are refused", arguments: [
        "[]", "{}", "{\"payload\":\"e30\"}", "{\"payload\":1,\"protected\":\"eyJhbGciOiJFUzI1NiJ9\",\"signature\":\"AA\"}",
        "{\"payload\":\"e30\",\"signatures\":[]}", "{\"payload\":\"e30\",\"signatures\":{}}",
        "{\"payload\":\"e30\",\"signatures\":[1]}",
        "{\"payload\":\"e30\",\"signature\":\"AA\"}",
        "{\"payload\":\"e30\",\"protected\":\"eyJhbGciOiJFUzI1NiJ9\",\"signature\":\"AA\",\"signatures\":[]}",
        "{\"payload\":\"e30\",\"header\":[],\"signature\":\"AA\"}",
        "{\"payload\":\"e30\",\"payload\":\"e30\",\"protected\":\"eyJhbGciOiJFUzI1NiJ9\",\"signature\":\"AA\"}",
    ])
    func malformedJSON(text: String) {
        #expect(throws: JOSEError.self) {
            try JWS.verifyJSON(Data(text.utf8), key: JWSVerificationKey(Fixtures.p256.publicKey))
        }
    }

    @Test("an unprotected header cannot smuggle alg, crit or b64")
    func unprotectedSmuggling() async throws {
        let json = try await JWS.signJSON(payload: payload, signers: [(JOSEHeader(), nil, Fixtures.signer(Fixtures.p256))], flattened: true)
        var object = try #require(try JSONValue(parsing: json).objectValue)
        object["header"] = ["crit": ["b64"], "b64": false]
        #expect(throws: JOSEError.self) {
            try JWS.verifyJSON(JSONValue.object(object).serialized(), key: JWSVerificationKey(Fixtures.p256.publicKey))
        }
        object["header"] = ["alg": "none"]
        #expect(throws: JOSEError.self) {
            try JWS.verifyJSON(JSONValue.object(object).serialized(), key: JWSVerificationKey(Fixtures.p256.publicKey))
        }
    }

    @Test("an explicit typ is enforced, case-insensitively and with application/ optional")
    func explicitType() async throws {
        let token = try await JWS.signCompact(
            payload: payload, header: JOSEHeader(type: "kb+jwt"), signer: Fixtures.signer(Fixtures.p256))
        #expect(try JWS.verifyCompact(token, key: key, policy: JWSPolicy(requiredType: "application/KB+JWT")).payload == payload)
        #expect(throws: JOSEError.invalidHeader("typ is kb+jwt, expected dc+sd-jwt")) {
            try JWS.verifyCompact(token, key: key, policy: JWSPolicy(requiredType: "dc+sd-jwt"))
        }
        let untyped = try await self.token()
        #expect(throws: JOSEError.self) { try JWS.verifyCompact(untyped, key: key, policy: JWSPolicy(requiredType: "JWT")) }
    }

    @Test("HMAC keys shorter than the hash are refused")
    func shortHMACKey() {
        let short = Data(repeating: 1, count: 16)
        let token = Fixtures.forgeHMAC(header: "{\"alg\":\"HS256\"}", payload: payload, secret: short)
        #expect(throws: JOSEError.self) {
            try JWSObject(compact: token).verify(key: JWSVerificationKey(symmetricKey: short), policy: .allowingHMAC)
        }
    }
}
