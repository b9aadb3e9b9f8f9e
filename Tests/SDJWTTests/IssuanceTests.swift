import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import SDJWT
import Testing

/// The issuing side (RFC 9901 §4, §6): flat, structured and recursive disclosures, array
/// elements, decoys and the choice of hash, each checked by verifying what was issued.
@Suite("Issuance")
struct IssuanceTests {
    static let address: JSONObject = [
        "street_address": "Schulstr. 12", "locality": "Schulpforta", "region": "Sachsen-Anhalt", "country": "DE",
    ]
    static let claims: JSONObject = [
        "iss": "https://issuer.example.com", "iat": 1_683_000_000, "exp": 1_883_000_000, "address": .object(address),
    ]

    static func issue(_ paths: [String], decoys: DecoyDigests = .none, hash: SDHashAlgorithm = .sha256) async throws -> (
        SDJWTObject, ProcessedSDJWT
    ) {
        let builder = SDJWTBuilder(
            claims: claims, disclosing: try paths.map(Fixtures.path), hashAlgorithm: hash, decoys: decoys,
            randomBytes: Fixtures.seededRandom())
        let issued = try await builder.issue(signer: Fixtures.issuerSigner())
        let verified = try await Fixtures.holderVerifier().verify(issued, resolver: Fixtures.issuerResolver())
        #expect(verified.claims == claims, "all Disclosures reveal every claim")
        return (issued, verified.processed)
    }

    @Test("flat (RFC 9901 §6.1): the whole address is one Disclosure")
    func flat() async throws {
        let (issued, processed) = try await Self.issue([#"["address"]"#])
        #expect(issued.disclosures.count == 1)
        #expect(issued.disclosures[0].claimName == "address")
        #expect(issued.disclosures[0].value == .object(Self.address))
        #expect(processed.issuerSignedPayload["address"] == nil)
        #expect(processed.issuerSignedPayload["_sd"]?.arrayValue?.count == 1)
        #expect(processed.issuerSignedPayload["_sd_alg"] == "sha-256")
    }

    @Test("structured (RFC 9901 §6.2): address stays, each member has its own digest")
    func structured() async throws {
        let (issued, processed) = try await Self.issue(
            ["street_address", "locality", "region", "country"].map { #"["address","\#($0)"]"# })
        #expect(issued.disclosures.count == 4)
        let address = try #require(processed.issuerSignedPayload["address"]?.objectValue)
        #expect(address.keys == ["_sd"])
        #expect(address["_sd"]?.arrayValue?.count == 4)
        #expect(processed.issuerSignedPayload["_sd"] == nil)
        #expect(processed.disclosedClaims.map(\.path).contains([.key("address"), .key("country")]))
    }

    @Test("recursive (RFC 9901 §6.3): the address Disclosure carries its members' digests")
    func recursive() async throws {
        let (issued, _) = try await Self.issue(
            [#"["address"]"#] + ["street_address", "locality", "region", "country"].map { #"["address","\#($0)"]"# })
        #expect(issued.disclosures.count == 5)
        let outer = try #require(issued.disclosures.first { $0.claimName == "address" })
        #expect(outer.value.objectValue?.keys == ["_sd"])
        // Inner Disclosures are made first, so their digests can go into the outer one.
        #expect(issued.disclosures.last?.claimName == "address")
    }

    @Test("array elements are replaced by {\"...\": digest}, in place")
    func arrayElements() async throws {
        let builder = SDJWTBuilder(
            claims: ["nationalities": ["DE", "FR", "US"]], disclosing: [try Fixtures.path(#"["nationalities",1]"#)])
        let issued = try await builder.issue(signer: Fixtures.issuerSigner())
        let processed = try ProcessedSDJWT(unverified: issued)
        let signed = try #require(processed.issuerSignedPayload["nationalities"]?.arrayValue)
        #expect(signed.count == 3)
        #expect(signed[0] == "DE" && signed[2] == "US")
        #expect(signed[1].objectValue?.keys == ["..."])
        #expect(processed.claims["nationalities"] == ["DE", "FR", "US"])
        let withheld = try ProcessedSDJWT(unverified: processed.presentation(disclosing: []))
        #expect(withheld.claims["nationalities"] == ["DE", "US"])

        let all = try await SDJWTBuilder(
            claims: ["nationalities": ["DE", "FR"]], disclosing: [try Fixtures.path(#"["nationalities",null]"#)]
        ).issue(signer: Fixtures.issuerSigner())
        #expect(all.disclosures.count == 2 && all.disclosures.allSatisfy(\.isArrayElement))
    }

    @Test("decoys: a fixed count per object or array with disclosable content, or a random count")
    func decoys() async throws {
        let (fixed, processed) = try await Self.issue([#"["address","region"]"#, #"["iss"]"#], decoys: .fixed(3))
        #expect(fixed.disclosures.count == 2)
        #expect(processed.issuerSignedPayload["_sd"]?.arrayValue?.count == 4)
        #expect(processed.issuerSignedPayload["address"]?["_sd"]?.arrayValue?.count == 4)
        let digests = processed.issuerSignedPayload["_sd"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(digests == digests.sorted(), "digests are sorted to hide the claims' order")

        for _ in 0..<5 {
            let (_, random) = try await Self.issue([#"["address"]"#], decoys: .random(2...5))
            let count = random.issuerSignedPayload["_sd"]?.arrayValue?.count ?? 0
            #expect((3...6).contains(count))
        }
        let array = try await SDJWTBuilder(
            claims: ["list": [1, 2]], disclosing: [try Fixtures.path(#"["list",0]"#)], decoys: .fixed(2)
        ).issue(signer: Fixtures.issuerSigner())
        let arrayProcessed = try ProcessedSDJWT(unverified: array)
        #expect(arrayProcessed.issuerSignedPayload["list"]?.arrayValue?.count == 4)
        #expect(arrayProcessed.claims["list"] == [1, 2])
    }

    @Test("SHA-384 and SHA-512 digests, named in _sd_alg", arguments: [SDHashAlgorithm.sha384, .sha512])
    func hashChoice(algorithm: SDHashAlgorithm) async throws {
        let (issued, processed) = try await Self.issue([#"["address"]"#], hash: algorithm)
        #expect(processed.issuerSignedPayload["_sd_alg"] == .string(algorithm.rawValue))
        let digest = try #require(processed.issuerSignedPayload["_sd"]?.arrayValue?.first?.stringValue)
        #expect(digest == issued.disclosures[0].digest(using: algorithm))
        #expect(try Base64URL.decode(digest).count == algorithm.digestAlgorithm.byteCount)
    }

    @Test("the holder key goes in cnf.jwk, public only")
    func holderKey() async throws {
        let holder = try Fixtures.holderKey()
        let builder = SDJWTBuilder(
            claims: ["sub": "x"], holderKey: JWK(privateKey: holder))
        let issued = try await builder.issue(signer: Fixtures.issuerSigner())
        let processed = try ProcessedSDJWT(unverified: issued)
        let jwk = try #require(processed.claims["cnf"]?["jwk"]?.objectValue)
        #expect(jwk["d"] == nil)
        #expect(jwk["x"] == .string(Base64URL.encode(try #require(holder.publicKey.coordinates?.x))))
    }

    @Test("header members and the signer's algorithm are used")
    func header() async throws {
        let signer = try SoftwareSigner(privateKey: PrivateKey(curve: .ed25519), keyID: "key-1")
        let builder = SDJWTBuilder(claims: ["sub": "x"], header: JOSEHeader(type: "dc+sd-jwt"))
        let issued = try await builder.issue(signer: signer)
        let header = try #require(issued.jws.signatures.first?.header)
        #expect(header.type == "dc+sd-jwt")
        #expect(header.algorithm == "EdDSA")
        #expect(header.keyID == "key-1")
        var verifier = Fixtures.holderVerifier()
        verifier.issuerPolicy.requiredType = "dc+sd-jwt"
        _ = try verifier.verify(issued, issuerKey: JWSVerificationKey(signer.publicKey))
    }

    @Test("the same random bytes give the same SD-JWT payload")
    func reproducible() throws {
        func builder() throws -> SDJWTBuilder {
            SDJWTBuilder(
                claims: Self.claims, disclosing: [try Fixtures.path(#"["address"]"#)], decoys: .random(1...4),
                randomBytes: Fixtures.seededRandom(7))
        }
        let first = try builder().payloadAndDisclosures()
        let second = try builder().payloadAndDisclosures()
        #expect(first.payload == second.payload)
        #expect(first.disclosures == second.disclosures)
    }

    @Test("system randomness gives distinct 128-bit salts")
    func salts() throws {
        let builder = SDJWTBuilder(claims: ["a": 1, "b": 2], disclosing: [try Fixtures.path(#"["a"]"#), try Fixtures.path(#"["b"]"#)])
        let salts = try builder.payloadAndDisclosures().disclosures.map(\.salt)
        #expect(Set(salts).count == 2)
        #expect(try salts.allSatisfy { try Base64URL.decode($0).count == 16 })
    }

    @Test("input that would be read as SD-JWT machinery, or paths that select nothing, are refused")
    func invalidInput() throws {
        for claims: JSONObject in [["_sd": []], ["a": ["...": "x"]], ["_sd_alg": "sha-256"], ["a": [["_sd": 1]]]] {
            #expect(throws: SDJWTError.self) { try SDJWTBuilder(claims: claims).payloadAndDisclosures() }
        }
        #expect(throws: SDJWTError.self) {
            try SDJWTBuilder(claims: ["a": 1], disclosing: [Fixtures.path(#"["b"]"#)]).payloadAndDisclosures()
        }
        #expect(throws: SDJWTError.self) {
            try SDJWTBuilder(claims: ["a": 1], disclosing: [Fixtures.path(#"["a",0]"#)]).payloadAndDisclosures()
        }
        #expect(throws: SDJWTError.invalidIssuanceInput("cnf is in the claims and a holder key is given")) {
            try SDJWTBuilder(claims: ["cnf": ["jkt": "x"]], holderKey: JWK(publicKey: Fixtures.holderKey().publicKey))
                .payloadAndDisclosures()
        }
    }

    @Test("issuing as a flattened JWS JSON serialization")
    func jsonIssuance() async throws {
        let builder = SDJWTBuilder(claims: Self.claims, disclosing: [try Fixtures.path(#"["address","region"]"#)])
        let issued = try await builder.issue(signer: Fixtures.issuerSigner(), serialization: .flattenedJSON)
        #expect(issued.serialization == .flattenedJSON)
        let text = issued.serialized
        #expect(text.hasPrefix("{"))
        let document = try JSONValue(parsing: text)
        #expect(document["header"]?["disclosures"]?.arrayValue?.count == 1)
        #expect(document["header"]?["kb_jwt"] == nil)
        let verified = try await Fixtures.holderVerifier().verify(text, resolver: Fixtures.issuerResolver())
        #expect(verified.claims == Self.claims)
    }
}
