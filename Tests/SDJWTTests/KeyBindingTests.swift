import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import SDJWT
import Testing

/// RFC 9901 §4.3 and §7.3: the Key Binding JWT a Holder makes and the checks a Verifier
/// applies, with one test per way a presentation can be replayed, forwarded or forged.
@Suite("Key binding")
struct KeyBindingTests {
    static let audience = "https://verifier.example.org"
    static let nonce = "n-0S6_WzA2Mj"
    static let now: TimeInterval = 1_750_000_000

    /// A verifier at `now` demanding a KB-JWT for the audience and nonce above.
    static func verifier(
        requirement: KeyBindingPolicy.Requirement = .required, at time: TimeInterval = now
    ) -> SDJWTVerifier {
        Fixtures.verifier(at: time, audience: audience, nonce: nonce, requirement: requirement)
    }

    /// A presentation of given_name and address with a KB-JWT made at `issuedAt`.
    static func presentation(
        issuedAt: TimeInterval = now, audience: String = audience, nonce: String = nonce,
        signer: (any Signer)? = nil, transactionData: [String] = []
    ) async throws -> SDJWTObject {
        let issued = try await Fixtures.rfcStyleSDJWT()
        let processed = try ProcessedSDJWT(unverified: issued)
        let request = KeyBindingRequest(
            audience: audience, nonce: nonce, issuedAt: Date(timeIntervalSince1970: issuedAt),
            transactionData: transactionData)
        let paths = try [Fixtures.path(#"["given_name"]"#), Fixtures.path(#"["address"]"#)]
        let key: any Signer = try signer ?? Fixtures.holderSigner()
        return try await processed.presentation(disclosing: paths, keyBinding: request, signer: key)
    }

    static func verify(_ sdJWT: SDJWTObject, with verifier: SDJWTVerifier = verifier()) async throws(SDJWTError) -> VerifiedSDJWT {
        let resolver: SDJWTIssuerKeyLookup
        do { resolver = try Fixtures.issuerResolver() } catch { throw .issuerKeyNotFound("fixture") }
        return try await verifier.verify(sdJWT, resolver: resolver)
    }

    @Test("a Holder's presentation verifies, and the KB-JWT says what RFC 9901 §4.3 requires")
    func happyPath() async throws {
        let presented = try await Self.presentation()
        let verified = try await Self.verify(presented)
        let binding = try #require(verified.keyBinding)
        #expect(binding.header.type == "kb+jwt")
        #expect(binding.header.algorithm == "ES256")
        #expect(binding.audience == Self.audience)
        #expect(binding.nonce == Self.nonce)
        #expect(binding.issuedAt == Date(timeIntervalSince1970: Self.now))
        #expect(binding.claims["sd_hash"] == .string(SDHashAlgorithm.sha256.digest(of: presented.keyBindingInput)))
        #expect(binding.holderKey == JWK(publicKey: try Fixtures.holderKey().publicKey))
        #expect(verified.claims["given_name"] == "John")
        #expect(verified.claims["family_name"] == nil)
    }

    @Test("a KB-JWT with another nonce is refused (replay)")
    func wrongNonce() async throws {
        let presented = try await Self.presentation(nonce: "old-nonce")
        await expectSDJWTError(.keyBinding(.nonceMismatch)) { _ = try await Self.verify(presented) }
    }

    @Test("a KB-JWT for another verifier is refused (forwarding)")
    func wrongAudience() async throws {
        let presented = try await Self.presentation(audience: "https://evil.example")
        await expectSDJWTError(.keyBinding(.audienceMismatch(expected: Self.audience, actual: "https://evil.example"))) {
            _ = try await Self.verify(presented)
        }
    }

    @Test("a KB-JWT moved to another selection of Disclosures fails sd_hash")
    func wrongSDHash() async throws {
        let presented = try await Self.presentation()
        let issued = try await Fixtures.rfcStyleSDJWT()
        // Same issuer JWT and KB-JWT, one Disclosure fewer.
        let fewer = presented.compactSerialization.replacingOccurrences(of: presented.disclosures[0].encoded + "~", with: "")
        await expectSDJWTError(.keyBinding(.sdHashMismatch)) { _ = try await Self.verify(try SDJWTObject(compact: fewer)) }
        // The KB-JWT glued onto another credential of the same holder.
        let other = issued.keyBindingInput + (presented.keyBindingJWT ?? "")
        await expectSDJWTError(.keyBinding(.sdHashMismatch)) { _ = try await Self.verify(try SDJWTObject(compact: other)) }
    }

    @Test("a stale KB-JWT, or one from the future, is refused")
    func issuedAtWindow() async throws {
        let stale = try await Self.presentation(issuedAt: Self.now - 301)
        await expectSDJWTError(.keyBinding(.tooOld(issuedAtSeconds: Int64(Self.now) - 301, nowSeconds: Int64(Self.now)))) {
            _ = try await Self.verify(stale)
        }
        let justInTime = try await Self.presentation(issuedAt: Self.now - 300)
        _ = try await Self.verify(justInTime)
        let future = try await Self.presentation(issuedAt: Self.now + 61)
        await expectSDJWTError(.keyBinding(.issuedInFuture(issuedAtSeconds: Int64(Self.now) + 61, nowSeconds: Int64(Self.now)))) {
            _ = try await Self.verify(future)
        }
        _ = try await Self.verify(try await Self.presentation(issuedAt: Self.now + 60))
    }

    @Test("a KB-JWT signed by a key other than cnf is refused")
    func wrongHolderKey() async throws {
        let thief = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
        let presented = try await Self.presentation(signer: thief)
        await expectSDJWTError(.keyBinding(.invalidSignature)) { _ = try await Self.verify(presented) }
        let otherCurve = try SoftwareSigner(privateKey: PrivateKey(curve: .ed25519))
        let mismatched = try await Self.presentation(signer: otherCurve)
        await expectSDJWTError(matching: { if case .keyBinding(.jwt(.keyMismatch)) = $0 { true } else { false } }) {
            _ = try await Self.verify(mismatched)
        }
    }

    @Test("a missing KB-JWT is refused where key binding is required, or cnf requires it")
    func missingKeyBinding() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT()
        let bare = try ProcessedSDJWT(unverified: issued).presentation(disclosing: [Fixtures.path(#"["given_name"]"#)])
        #expect(!bare.hasKeyBinding)
        await expectSDJWTError(.keyBinding(.missing)) { _ = try await Self.verify(bare) }
        await expectSDJWTError(.keyBinding(.missing)) {
            _ = try await Self.verify(bare, with: Self.verifier(requirement: .requiredWhenConfirmationKeyPresent))
        }
        // Without cnf, "when cnf is present" does not require it; "required" still does.
        let unbound = try await SDJWTBuilder(claims: ["sub": "x"], disclosing: [Fixtures.path(#"["sub"]"#)])
            .issue(signer: Fixtures.issuerSigner())
        _ = try await Self.verify(unbound, with: Self.verifier(requirement: .requiredWhenConfirmationKeyPresent))
        await expectSDJWTError(.keyBinding(.missing)) { _ = try await Self.verify(unbound) }
        _ = try await Self.verify(bare, with: Self.verifier(requirement: .optional))
    }

    @Test("a KB-JWT on an SD-JWT without cnf cannot be checked and is refused")
    func noConfirmationKey() async throws {
        let unbound = try await SDJWTBuilder(claims: ["sub": "x"]).issue(signer: Fixtures.issuerSigner())
        let presented = try await unbound.addingKeyBinding(
            KeyBindingRequest(audience: Self.audience, nonce: Self.nonce, issuedAt: Date(timeIntervalSince1970: Self.now)),
            hashAlgorithm: .sha256, signer: Fixtures.holderSigner())
        await expectSDJWTError(.keyBinding(.noConfirmationKey)) { _ = try await Self.verify(presented) }
        await expectSDJWTError(.keyBinding(.noConfirmationKey)) {
            _ = try await Self.verify(presented, with: Self.verifier(requirement: .optional))
        }
    }

    @Test("a Holder refuses an SD-JWT+KB from the Issuer (§7.2)")
    func forbiddenOnReceipt() async throws {
        let presented = try await Self.presentation()
        await expectSDJWTError(.keyBinding(.unexpected)) {
            _ = try await Self.verify(presented, with: Fixtures.holderVerifier(at: Self.now))
        }
    }

    @Test("a KB-JWT with alg none, the wrong typ or a missing claim is refused")
    func malformedKeyBindingJWT() async throws {
        let presented = try await Self.presentation()
        let input = presented.keyBindingInput
        let sdHash = SDHashAlgorithm.sha256.digest(of: input)
        func token(header: String, payload: JSONObject, signer: (any Signer)? = nil) async throws -> SDJWTObject {
            let h = Base64URL.encode(Data(header.utf8))
            let p = Base64URL.encode(JSONValue.object(payload).serialized())
            var signature = ""
            if let signer { signature = Base64URL.encode(try await signer.sign(Data("\(h).\(p)".utf8))) }
            return try SDJWTObject(compact: input + "\(h).\(p).\(signature)")
        }
        let claims: JSONObject = [
            "iat": .number(JSONNumber(Int(Self.now))), "aud": .string(Self.audience), "nonce": .string(Self.nonce),
            "sd_hash": .string(sdHash),
        ]
        let holder = try Fixtures.holderSigner()
        let unsecured = try await token(header: #"{"alg":"none","typ":"kb+jwt"}"#, payload: claims)
        await expectSDJWTError(.keyBinding(.jwt(.unsecuredAlgorithm))) { _ = try await Self.verify(unsecured) }
        let wrongType = try await token(header: #"{"alg":"ES256","typ":"JWT"}"#, payload: claims, signer: holder)
        await expectSDJWTError(.keyBinding(.jwt(.invalidHeader("typ is JWT, expected kb+jwt")))) {
            _ = try await Self.verify(wrongType)
        }
        _ = try await Self.verify(try await token(header: #"{"alg":"ES256","typ":"kb+jwt"}"#, payload: claims, signer: holder))
        for missing in ["iat", "aud", "nonce", "sd_hash"] {
            var partial = claims
            partial[missing] = nil
            let forged = try await token(header: #"{"alg":"ES256","typ":"kb+jwt"}"#, payload: partial, signer: holder)
            await expectSDJWTError(.keyBinding(.missingClaim(missing))) { _ = try await Self.verify(forged) }
        }
        var arrayAudience = claims
        arrayAudience["aud"] = [.string(Self.audience)]
        let array = try await token(header: #"{"alg":"ES256","typ":"kb+jwt"}"#, payload: arrayAudience, signer: holder)
        await expectSDJWTError(.keyBinding(.missingClaim("aud"))) { _ = try await Self.verify(array) }
        var expired = claims
        expired["exp"] = .number(JSONNumber(Int(Self.now) - 120))
        let expiredToken = try await token(header: #"{"alg":"ES256","typ":"kb+jwt"}"#, payload: expired, signer: holder)
        await expectSDJWTError(matching: { if case .keyBinding(.jwt(.claimValidation(.expired))) = $0 { true } else { false } }) {
            _ = try await Self.verify(expiredToken)
        }
    }

    @Test("transaction_data_hashes cover exactly the requested transaction data")
    func transactionData() async throws {
        let items = [
            Base64URL.encode(Data(#"{"type":"payment","credential_ids":["pid"],"amount":"42.00"}"#.utf8)),
            Base64URL.encode(Data(#"{"type":"qes","credential_ids":["pid"]}"#.utf8)),
        ]
        let presented = try await Self.presentation(transactionData: items)
        var verifier = Self.verifier()
        verifier.keyBinding.transactionData = items
        let verified = try await Self.verify(presented, with: verifier)
        let binding = try #require(verified.keyBinding)
        #expect(binding.claims["transaction_data_hashes_alg"] == "sha-256")
        #expect(binding.claims["transaction_data_hashes"] == .array(items.map { .string(SDHashAlgorithm.sha256.digest(of: $0)) }))

        verifier.keyBinding.transactionData = [items[0]]
        await expectSDJWTError(matching: { if case .keyBinding(.transactionDataMismatch) = $0 { true } else { false } }) {
            _ = try await Self.verify(presented, with: verifier)
        }
        verifier.keyBinding.transactionData = items
        let without = try await Self.presentation()
        await expectSDJWTError(matching: { if case .keyBinding(.transactionDataMismatch) = $0 { true } else { false } }) {
            _ = try await Self.verify(without, with: verifier)
        }
    }

    @Test("the KB-JWT is written exactly: typ and alg, then iat, aud, nonce and sd_hash, whichever path writes it")
    func exactSerialization() async throws {
        func decodedParts(of presented: SDJWTObject) throws -> (header: String, payload: String) {
            let parts = try #require(presented.keyBindingJWT).split(separator: ".")
            try #require(parts.count == 3)
            return (String(decoding: try Base64URL.decode(String(parts[0])), as: UTF8.self),
                    String(decoding: try Base64URL.decode(String(parts[1])), as: UTF8.self))
        }
        // The plain request: written directly.
        let plain = try await Self.presentation()
        let plainParts = try decodedParts(of: plain)
        let plainHash = SDHashAlgorithm.sha256.digest(of: plain.keyBindingInput)
        #expect(plainParts.header == #"{"typ":"kb+jwt","alg":"ES256"}"#)
        #expect(plainParts.payload == #"{"iat":1750000000,"aud":"https://verifier.example.org","nonce":"n-0S6_WzA2Mj","sd_hash":"\#(plainHash)"}"#)
        #expect(plain.compactSerialization == plain.keyBindingInput + (plain.keyBindingJWT ?? ""))
        _ = try await Self.verify(plain)

        // A nonce JSON must escape and a signer with a kid: through the JWS signer, the same
        // members in the same order, and the kid after them.
        let nonce = #"n"1\"#
        let keyed = try SoftwareSigner(privateKey: Fixtures.holderKey(), keyID: "holder-key-1")
        let escaped = try await Self.presentation(nonce: nonce, signer: keyed)
        let escapedParts = try decodedParts(of: escaped)
        let escapedHash = SDHashAlgorithm.sha256.digest(of: escaped.keyBindingInput)
        #expect(escapedParts.header == #"{"typ":"kb+jwt","alg":"ES256","kid":"holder-key-1"}"#)
        #expect(escapedParts.payload == #"{"iat":1750000000,"aud":"https://verifier.example.org","nonce":"n\"1\\","sd_hash":"\#(escapedHash)"}"#)
        let verified = try await Self.verify(
            escaped, with: Fixtures.verifier(at: Self.now, audience: Self.audience, nonce: nonce, requirement: .required))
        #expect(verified.keyBinding?.nonce == nonce)
    }

    @Test("the directly written iat is JSON's integer: whole seconds rounded down, a sign only below zero",
          arguments: [(0.0, "0"), (-1.5, "-2"), (1_750_000_000.9, "1750000000"), (9.0, "9"), (10.0, "10")])
    func issuedAtDigits(seconds: TimeInterval, written: String) async throws {
        let presented = try await Self.presentation(issuedAt: seconds)
        let parts = try #require(presented.keyBindingJWT).split(separator: ".")
        let payload = try JSONValue(parsing: Base64URL.decode(String(parts[1])))
        let iat = try #require(payload.objectValue?["iat"]?.numberValue)
        #expect(iat.text == written)
    }

    @Test("sd_hash uses the SD-JWT's own _sd_alg")
    func sdHashFollowsHashAlgorithm() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT(hashAlgorithm: .sha512)
        let processed = try ProcessedSDJWT(unverified: issued)
        #expect(processed.hashAlgorithm == .sha512)
        let presented = try await processed.presentation(
            disclosing: [Fixtures.path(#"["email"]"#)],
            keyBinding: KeyBindingRequest(audience: Self.audience, nonce: Self.nonce, issuedAt: Date(timeIntervalSince1970: Self.now)),
            signer: Fixtures.holderSigner())
        let verified = try await Self.verify(presented)
        #expect(verified.keyBinding?.claims["sd_hash"] == .string(SDHashAlgorithm.sha512.digest(of: presented.keyBindingInput)))
        #expect(verified.claims["email"] == "johndoe@example.com")
    }
}
