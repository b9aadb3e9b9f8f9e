import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import SDJWT
import Testing

/// One test per attack on an SD-JWT: each forgery or malformation is refused with the
/// error that names it (RFC 9901 §7.1, §9).
@Suite("Attacks on the SD-JWT")
struct AttackTests {
    /// Signs `payload` as the vectors' issuer and appends `disclosures`: an issuer (or
    /// a bug) that produces what an honest builder never would.
    static func forge(
        _ payload: JSONObject, disclosures: [Disclosure], header: JOSEHeader = JOSEHeader(type: "example+sd-jwt")
    ) async throws -> SDJWTObject {
        let jwt = try await JWS.signCompact(
            payload: JSONValue.object(payload).serialized(), header: header, signer: Fixtures.issuerSigner())
        return try SDJWTObject(compact: ([jwt] + disclosures.map(\.encoded)).joined(separator: "~") + "~")
    }

    static func verify(_ sdJWT: SDJWTObject, verifier: SDJWTVerifier = Fixtures.holderVerifier()) async throws(SDJWTError) {
        let resolver: SDJWTIssuerKeyLookup
        do {
            resolver = try Fixtures.issuerResolver()
        } catch {
            throw .issuerKeyNotFound("fixture")
        }
        _ = try await verifier.verify(sdJWT, resolver: resolver)
    }

    let name = Disclosure(salt: "c2FsdC0x", claimName: "given_name", value: "Erika")
    let element = Disclosure(salt: "c2FsdC0y", claimName: nil, value: "DE")

    @Test("a tampered Disclosure no longer matches any digest")
    func tamperedDisclosure() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        let original = try #require(issued.disclosures.first { $0.claimName == "given_name" })
        let tampered = Disclosure(salt: original.salt, claimName: "given_name", value: "Mallory")
        let forged = try SDJWTObject(compact: issued.issuerSignedJWT + "~" + tampered.encoded + "~")
        await expectSDJWTError(.unreferencedDisclosure(digest: tampered.digest(using: .sha256))) {
            try await Self.verify(forged)
        }
        // Changing one character of the encoding is a different Disclosure too.
        var characters = Array(original.encoded)
        characters[characters.count / 2] = characters[characters.count / 2] == "A" ? "B" : "A"
        let flipped = issued.issuerSignedJWT + "~" + String(characters) + "~"
        await expectSDJWTError(matching: {
            if case .unreferencedDisclosure = $0 { true } else if case .malformedDisclosure = $0 { true } else { false }
        }) {
            try await Self.verify(try SDJWTObject(compact: flipped))
        }
    }

    @Test("removing a digest from the signed payload breaks the signature")
    func removedDigest() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        let parts = issued.issuerSignedJWT.split(separator: ".").map(String.init)
        var payload = try Fixtures.object(String(decoding: Base64URL.decode(parts[1]), as: UTF8.self))
        payload["_sd"] = .array(Array(try #require(payload["_sd"]?.arrayValue).dropFirst()))
        let jwt = [parts[0], Base64URL.encode(JSONValue.object(payload).serialized()), parts[2]].joined(separator: ".")
        let forged = try SDJWTObject(compact: jwt + "~" + issued.disclosures.map(\.encoded).joined(separator: "~") + "~")
        await expectSDJWTError(.issuerJWT(.invalidSignature)) { try await Self.verify(forged) }
    }

    @Test("a Disclosure whose digest the issuer never embedded is refused")
    func disclosureWithoutDigest() async throws {
        let forged = try await Self.forge(["_sd": [.string(name.digest(using: .sha256))]], disclosures: [name, element])
        await expectSDJWTError(.unreferencedDisclosure(digest: element.digest(using: .sha256))) {
            try await Self.verify(forged)
        }
    }

    @Test("a digest that occurs twice is refused, in _sd, in arrays and across Disclosures")
    func duplicatedDigest() async throws {
        let digest = name.digest(using: .sha256)
        let twiceInSD = try await Self.forge(["_sd": [.string(digest), .string(digest)]], disclosures: [name])
        await expectSDJWTError(.duplicateDigest(digest)) { try await Self.verify(twiceInSD) }

        let elementDigest = element.digest(using: .sha256)
        let twiceInArray = try await Self.forge(
            ["nationalities": [["...": .string(elementDigest)], ["...": .string(elementDigest)]]], disclosures: [element])
        await expectSDJWTError(.duplicateDigest(elementDigest)) { try await Self.verify(twiceInArray) }

        let decoy = "decoy-digest-not-matching-anything"
        let twiceDecoy = try await Self.forge(
            ["_sd": [.string(decoy)], "address": ["_sd": [.string(decoy)]]], disclosures: [])
        await expectSDJWTError(.duplicateDigest(decoy)) { try await Self.verify(twiceDecoy) }

        // Decoys that are real digests (of nothing sent): of two repeated ones, the one met
        // again first is named.
        let first = SDHashAlgorithm.sha256.digest(of: "decoy one")
        let second = SDHashAlgorithm.sha256.digest(of: "decoy two")
        let repeatedDecoys = try await Self.forge(
            ["_sd": [.string(first), .string(second), .string(second), .string(first)]], disclosures: [])
        await expectSDJWTError(.duplicateDigest(second)) { try await Self.verify(repeatedDecoys) }

        // A recursive Disclosure that repeats a digest of the payload.
        let inner = Disclosure(salt: "c2FsdC0z", claimName: "address", value: ["_sd": [.string(digest)]])
        let recursive = try await Self.forge(
            ["_sd": [.string(digest), .string(inner.digest(using: .sha256))]], disclosures: [name, inner])
        await expectSDJWTError(.duplicateDigest(digest)) { try await Self.verify(recursive) }
    }

    @Test("the same Disclosure sent twice is refused")
    func repeatedDisclosure() async throws {
        let forged = try await Self.forge(["_sd": [.string(name.digest(using: .sha256))]], disclosures: [name, name])
        await expectSDJWTError(.repeatedDisclosure(digest: name.digest(using: .sha256))) { try await Self.verify(forged) }
        // Of two sent twice, the one whose second copy comes first is named.
        let twoRepeated = try await Self.forge(
            ["_sd": [.string(name.digest(using: .sha256))], "nationalities": [["...": .string(element.digest(using: .sha256))]]],
            disclosures: [name, element, element, name])
        await expectSDJWTError(.repeatedDisclosure(digest: element.digest(using: .sha256))) {
            try await Self.verify(twoRepeated)
        }
    }

    @Test("an unknown or refused _sd_alg, or one that does not match the digests")
    func wrongHashAlgorithm() async throws {
        let md5 = try await Self.forge(["_sd": [.string(name.digest(using: .sha256))], "_sd_alg": "md5"], disclosures: [name])
        await expectSDJWTError(.unsupportedHashAlgorithm("md5")) { try await Self.verify(md5) }

        let notString = try await Self.forge(["_sd_alg": 256], disclosures: [])
        await expectSDJWTError(.unsupportedHashAlgorithm("a non-string")) { try await Self.verify(notString) }

        // Digests made with SHA-256 but _sd_alg says SHA-512: nothing matches.
        let mismatch = try await Self.forge(
            ["_sd": [.string(name.digest(using: .sha256))], "_sd_alg": "sha-512"], disclosures: [name])
        await expectSDJWTError(.unreferencedDisclosure(digest: name.digest(using: .sha512))) {
            try await Self.verify(mismatch)
        }

        // A verifier that accepts SHA-256 only refuses SHA-384.
        let sha384 = try await Fixtures.rfcStyleSDJWT(hashAlgorithm: .sha384)
        var strict = Fixtures.holderVerifier()
        strict.acceptedHashAlgorithms = [.sha256]
        await expectSDJWTError(.unsupportedHashAlgorithm("sha-384")) { try await Self.verify(sha384, verifier: strict) }
    }

    @Test("alg none is refused, whatever the policy allows")
    func unsecuredIssuerJWT() async throws {
        let header = Base64URL.encode(Data(#"{"alg":"none","typ":"example+sd-jwt"}"#.utf8))
        let payload = Base64URL.encode(JSONValue.object(["_sd": [.string(name.digest(using: .sha256))]]).serialized())
        let forged = try SDJWTObject(compact: "\(header).\(payload).~\(name.encoded)~")
        await expectSDJWTError(.issuerJWT(.unsecuredAlgorithm)) { try await Self.verify(forged) }
        var permissive = Fixtures.holderVerifier()
        permissive.issuerPolicy = .allowingHMAC
        await expectSDJWTError(.issuerJWT(.unsecuredAlgorithm)) { try await Self.verify(forged, verifier: permissive) }
    }

    @Test("a signature by another key is refused")
    func wrongIssuerKey() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        let stranger = SDJWTIssuerKeyLookup(publicKey: PrivateKey(curve: .p256).publicKey)
        await expectSDJWTError(.issuerJWT(.invalidSignature)) {
            _ = try await Fixtures.holderVerifier().verify(issued, resolver: stranger)
        }
        let otherCurve = SDJWTIssuerKeyLookup(publicKey: PrivateKey(curve: .ed25519).publicKey)
        await expectSDJWTError(matching: { if case .issuerJWT(.keyMismatch) = $0 { true } else { false } }) {
            _ = try await Fixtures.holderVerifier().verify(issued, resolver: otherCurve)
        }
        let none = SDJWTIssuerKeyLookup { _, _ in nil }
        await expectSDJWTError(matching: { if case .issuerKeyNotFound = $0 { true } else { false } }) {
            _ = try await Fixtures.holderVerifier().verify(issued, resolver: none)
        }
    }

    @Test("an expired SD-JWT is refused, also when exp is selectively disclosed")
    func expired() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        let after = Fixtures.holderVerifier(at: 1_883_000_000 + 61)
        await expectSDJWTError(matching: { if case .claimValidation(.expired) = $0 { true } else { false } }) {
            try await Self.verify(issued, verifier: after)
        }
        let hiddenExp = Disclosure(salt: "c2FsdC00", claimName: "exp", value: 1_700_000_000)
        let forged = try await Self.forge(["_sd": [.string(hiddenExp.digest(using: .sha256))]], disclosures: [hiddenExp])
        await expectSDJWTError(matching: { if case .claimValidation(.expired) = $0 { true } else { false } }) {
            try await Self.verify(forged)
        }
        // A verifier that needs exp refuses a credential that withholds it.
        var needsExp = Fixtures.holderVerifier()
        needsExp.requiredClaims = ["exp"]
        let withheld = try SDJWTObject(compact: forged.issuerSignedJWT + "~")
        await expectSDJWTError(.claimValidation(.missingClaim("exp"))) { try await Self.verify(withheld, verifier: needsExp) }
    }

    @Test("an SD-JWT before its nbf is refused")
    func notYetValid() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT(extraClaims: ["nbf": 1_800_000_000])
        await expectSDJWTError(matching: { if case .claimValidation(.notYetValid) = $0 { true } else { false } }) {
            try await Self.verify(issued)
        }
        _ = try await Fixtures.holderVerifier(at: 1_800_000_000).verify(issued, resolver: Fixtures.issuerResolver())
    }

    @Test("a Disclosure naming _sd or ... is refused")
    func reservedNames() async throws {
        for reserved in ["_sd", "..."] {
            let disclosure = Disclosure(salt: "c2FsdC01", claimName: reserved, value: ["x"])
            let forged = try await Self.forge(["_sd": [.string(disclosure.digest(using: .sha256))]], disclosures: [disclosure])
            await expectSDJWTError(.reservedClaimName(reserved)) { try await Self.verify(forged) }
        }
    }

    @Test("a disclosed claim that collides with an existing one is refused")
    func nameCollision() async throws {
        let withPlain = try await Self.forge(
            ["given_name": "Erika", "_sd": [.string(name.digest(using: .sha256))]], disclosures: [name])
        await expectSDJWTError(.claimNameCollision("given_name")) { try await Self.verify(withPlain) }

        let twin = Disclosure(salt: "c2FsdC02", claimName: "given_name", value: "Mallory")
        let twoDisclosures = try await Self.forge(
            ["_sd": [.string(name.digest(using: .sha256)), .string(twin.digest(using: .sha256))]], disclosures: [name, twin])
        await expectSDJWTError(.claimNameCollision("given_name")) { try await Self.verify(twoDisclosures) }
    }

    @Test("a Disclosure of the wrong kind for its digest's place is refused")
    func kindMismatch() async throws {
        let elementInSD = try await Self.forge(["_sd": [.string(element.digest(using: .sha256))]], disclosures: [element])
        await expectSDJWTError(.disclosureKindMismatch(digest: element.digest(using: .sha256))) {
            try await Self.verify(elementInSD)
        }
        let propertyInArray = try await Self.forge(
            ["list": [["...": .string(name.digest(using: .sha256))]]], disclosures: [name])
        await expectSDJWTError(.disclosureKindMismatch(digest: name.digest(using: .sha256))) {
            try await Self.verify(propertyInArray)
        }
    }

    @Test("the payload may not misuse _sd, ... or _sd_alg")
    func payloadMisuse() async throws {
        let cases: [(JSONObject, String)] = [
            (["_sd": "not-an-array"], "_sd is not an array"),
            (["_sd": [1]], "_sd holds a non-string"),
            (["...": "x"], "... is used outside an array element digest"),
            (["list": [["...": "x", "extra": 1]]], "an array element has ... beside other members or a non-string digest"),
            (["list": [["...": 1]]], "an array element has ... beside other members or a non-string digest"),
            (["address": ["_sd_alg": "sha-256"]], "_sd_alg is below the top level"),
        ]
        for (payload, reason) in cases {
            let forged = try await Self.forge(payload, disclosures: [])
            await expectSDJWTError(.invalidPayload(reason)) { try await Self.verify(forged) }
        }
    }

    @Test("a payload that is not a JSON object is refused")
    func payloadNotAnObject() async throws {
        let jwt = try await JWS.signCompact(payload: Data("[1,2]".utf8), signer: Fixtures.issuerSigner())
        await expectSDJWTError(.invalidPayload("not a JSON object")) {
            try await Self.verify(try SDJWTObject(compact: jwt + "~"))
        }
        let duplicate = try await JWS.signCompact(payload: Data(#"{"a":1,"a":2}"#.utf8), signer: Fixtures.issuerSigner())
        await expectSDJWTError(matching: { if case .invalidPayload = $0 { true } else { false } }) {
            try await Self.verify(try SDJWTObject(compact: duplicate + "~"))
        }
    }

    @Test("nesting deeper than the limit is refused, also when it comes from recursive Disclosures")
    func depthLimit() async throws {
        var value: JSONValue = "leaf"
        var disclosures = [Disclosure]()
        for level in 0..<40 {
            let disclosure = Disclosure(salt: "salt\(level)", claimName: "level", value: value)
            disclosures.append(disclosure)
            value = ["_sd": [.string(disclosure.digest(using: .sha256))]]
        }
        guard case .object(let payload) = value else { return }
        let forged = try await Self.forge(payload, disclosures: disclosures)
        await expectSDJWTError(matching: { if case .limitExceeded = $0 { true } else { false } }) {
            try await Self.verify(forged)
        }
        var deep = Fixtures.holderVerifier()
        deep.limits.maximumDepth = 64
        try await Self.verify(forged, verifier: deep)
    }
}
