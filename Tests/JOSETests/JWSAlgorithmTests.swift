import CryptoKeys
import Foundation
import Testing

@testable import JOSE

/// RFC 7518 §3.1, RFC 8037 and RFC 8812 name the JWS algorithms; the asymmetric ones are
/// CryptoKeys' own ``SignatureAlgorithm`` values, so the two modules cannot disagree on a name.
@Suite("JWSAlgorithm: the key layer's algorithms plus HMAC, under their JOSE names")
struct JWSAlgorithmTests {
    /// The `alg` names this module has verified since it was written, in their order.
    static let names = [
        "ES256", "ES384", "ES512", "ES256K", "EdDSA", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512",
        "HS256", "HS384", "HS512",
    ]

    @Test("every algorithm, in order, under the name it always had")
    func namesAndOrder() {
        #expect(JWSAlgorithm.allCases.map(\.rawValue) == Self.names)
        for name in Self.names {
            #expect(JWSAlgorithm(rawValue: name)?.rawValue == name)
        }
    }

    @Test("an asymmetric algorithm is the key layer's algorithm itself", arguments: SignatureAlgorithm.allCases)
    func asymmetricIsTheKeyLayersAlgorithm(algorithm: SignatureAlgorithm) {
        let jws = JWSAlgorithm(algorithm)
        #expect(jws == .signature(algorithm))
        #expect(jws.rawValue == algorithm.rawValue)
        #expect(jws.signatureAlgorithm == algorithm)
        #expect(jws.hmacDigest == nil)
        #expect(JWSAlgorithm.asymmetric.contains(jws))
    }

    @Test("HMAC names its hash and is never among the asymmetric defaults")
    func hmac() {
        #expect(JWSAlgorithm.hs256 == .hmac(.sha256))
        #expect(JWSAlgorithm.hs384.hmacDigest == .sha384)
        #expect(JWSAlgorithm.hs512.signatureAlgorithm == nil)
        #expect(JWSAlgorithm.asymmetric.count == SignatureAlgorithm.allCases.count)
        #expect(JWSAlgorithm.asymmetric.isDisjoint(with: [.hs256, .hs384, .hs512]))
        #expect(JWSPolicy.default.allowedAlgorithms == JWSAlgorithm.asymmetric)
    }

    @Test("names are read exactly: no none, no other case, no alias", arguments: [
        "none", "NONE", "es256", "Es256", "HS1", "HS", "ES256 ", "Ed25519", "",
    ])
    func unknownNames(name: String) {
        #expect(JWSAlgorithm(rawValue: name) == nil)
    }

    @Test("Codable as the bare name, refusing an unknown one")
    func codable() throws {
        let encoded = try JSONEncoder().encode([JWSAlgorithm.es256k, .hs384])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["ES256K","HS384"]"#)
        #expect(try JSONDecoder().decode([JWSAlgorithm].self, from: encoded) == [.es256k, .hs384])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(JWSAlgorithm.self, from: Data(#""none""#.utf8)) }
    }
}
