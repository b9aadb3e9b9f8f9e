import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import SDJWT
import Testing
import VellumTestSupport

/// Keys, clocks and small helpers shared by the SD-JWT tests.
enum Fixtures {
    /// The issuer key of every vector (RFC 9901 A.5 and the sd-jwt-python `settings.yml`).
    static let issuerJWK = #"{"kty":"EC","crv":"P-256","d":"Ur2bNKuBPOrAaxsRnbSH6hIhmNTxSGXshDSUD1a1y7g","x":"b28d4MwZMjw8-00CG4xfnn9SLMVMM19SlqZpVb_uNtQ","y":"Xv5zWwuoaTgdS6hV43yI6gBwTnjukmFQQnJ_kCxzqk8"}"#
    /// The holder key of every vector (its public half is the `cnf.jwk` of the examples).
    static let holderJWK = #"{"kty":"EC","crv":"P-256","d":"5K5SCos8zf9zRemGGUl6yfok-_NiiryNZsvANWMhF-I","x":"TCAER19Zvu3OHF4j4W4vfSVoHIP1ILilDls7vCeGemc","y":"ZxjiWWbZMQGHVWKVQ4hbSIirsVfuecCE6t4jT9F2HZQ"}"#

    static func privateKey(_ jwk: String) throws -> PrivateKey {
        try JWK(jsonData: Data(jwk.utf8)).privateKey()
    }

    static func issuerKey() throws -> PrivateKey { try privateKey(issuerJWK) }
    static func holderKey() throws -> PrivateKey { try privateKey(holderJWK) }
    static func issuerSigner() throws -> SoftwareSigner { try SoftwareSigner(privateKey: issuerKey()) }
    static func holderSigner() throws -> SoftwareSigner { try SoftwareSigner(privateKey: holderKey()) }
    static func issuerResolver() throws -> SDJWTIssuerKeyLookup {
        SDJWTIssuerKeyLookup(publicKey: try issuerKey().publicKey)
    }

    /// A clock stopped at `seconds` since the epoch.
    static func clock(_ seconds: TimeInterval) -> @Sendable () -> Date {
        { Date(timeIntervalSince1970: seconds) }
    }

    /// 2024-01-01, inside every vector's `iat`…`exp` window.
    static let vectorTime: TimeInterval = 1_704_067_200

    /// A claim path from its JSON form, e.g. `#"["address","street_address"]"#`.
    static func path(_ json: String) throws -> ClaimPath {
        try ClaimPath(json: JSONValue(parsing: json))
    }

    static func object(_ json: String) throws -> JSONObject {
        guard case .object(let object) = try JSONValue(parsing: json) else { throw FixtureError("not an object") }
        return object
    }

    /// Deterministic "random" bytes for reproducible issuance: SHA-256 in counter mode
    /// over `seed`, a fresh stream per call of this function.
    static func seededRandom(_ seed: UInt8 = 0) -> @Sendable (Int) -> [UInt8] {
        let counter = Counter()
        return { count in
            var bytes = [UInt8]()
            while bytes.count < count {
                bytes += DigestAlgorithm.sha256.hash(Data([seed]) + withUnsafeBytes(of: counter.next()) { Data($0) })
            }
            return Array(bytes.prefix(count))
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 0
        func next() -> UInt64 { lock.withLock { value += 1; return value } }
    }

    /// The RFC 9901 §5 claims set.
    static let rfcClaims = #"""
    {"iss":"https://issuer.example.com","iat":1683000000,"exp":1883000000,"sub":"user_42","given_name":"John",
     "family_name":"Doe","email":"johndoe@example.com","phone_number":"+1-202-555-0101",
     "phone_number_verified":true,"address":{"street_address":"123 Main St","locality":"Anytown",
     "region":"Anystate","country":"US"},"birthdate":"1940-01-01","updated_at":1570000000,
     "nationalities":["US","DE"]}
    """#

    /// A signed SD-JWT of the RFC §5 claims (flat address, array elements disclosable) bound
    /// to the holder key.
    static func rfcStyleSDJWT(
        decoys: DecoyDigests = .none, hashAlgorithm: SDHashAlgorithm = .sha256, extraClaims: JSONObject = [:]
    ) async throws -> SDJWTObject {
        var claims = try object(rfcClaims)
        for (name, value) in extraClaims { claims[name] = value }
        let paths = try ["given_name", "family_name", "email", "phone_number", "phone_number_verified", "address",
                         "birthdate", "updated_at"].map { try path("[\"\($0)\"]") } + [path(#"["nationalities",null]"#)]
        let builder = SDJWTBuilder(
            claims: claims, disclosing: paths, hashAlgorithm: hashAlgorithm, decoys: decoys,
            header: JOSEHeader(type: "example+sd-jwt"), holderKey: JWK(publicKey: try holderKey().publicKey))
        return try await builder.issue(signer: issuerSigner())
    }

    /// A verifier at the vectors' time that demands a KB-JWT for the given nonce and audience.
    static func verifier(
        at time: TimeInterval = vectorTime, audience: String = "https://verifier.example.org", nonce: String = "1234567890",
        requirement: KeyBindingPolicy.Requirement = .required, maximumAge: TimeInterval = 300
    ) -> SDJWTVerifier {
        SDJWTVerifier(
            keyBinding: KeyBindingPolicy(requirement: requirement, audience: audience, nonce: nonce, maximumAge: maximumAge),
            clock: clock(time))
    }

    /// The holder's verifier on receipt from the Issuer: no KB-JWT allowed.
    static func holderVerifier(at time: TimeInterval = vectorTime) -> SDJWTVerifier {
        SDJWTVerifier(keyBinding: .forbidden, clock: clock(time))
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Expects `body` to throw exactly `expected`.
func expectSDJWTError(
    _ expected: SDJWTError, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    await expectError(SDJWTError.self, sourceLocation: sourceLocation, matching: { $0 == expected }, body)
}

/// Expects `body` to throw an error matching `matches`.
func expectSDJWTError(
    sourceLocation: SourceLocation = #_sourceLocation, matching matches: (SDJWTError) -> Bool,
    _ body: () async throws -> Void
) async {
    await expectError(SDJWTError.self, sourceLocation: sourceLocation, matching: matches, body)
}
