import CryptoKeys
import Foundation
import Multiformats
import Testing
import VellumTestSupport

@Suite("JSON Web Key")
struct JWKTests {
    @Test("RFC 7638 §3.1: the RSA example thumbprint")
    func rfc7638Example() throws {
        let json = """
            {"kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw","e":"AQAB","alg":"RS256","kid":"2011-04-29"}
            """
        let jwk = try JWK(jsonData: Data(json.utf8))
        #expect(try jwk.thumbprintString() == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
        let input = String(decoding: try jwk.thumbprintInput(), as: UTF8.self)
        #expect(input.hasPrefix(#"{"e":"AQAB","kty":"RSA","n":"0vx7"#))
        let key = try jwk.publicKey()
        #expect(key.keyType == .rsa)
        #expect(JWK(publicKey: key).n == jwk.n)
        #expect(key.thumbprint().count == 32)
        #expect(Base64URL.encode(key.thumbprint()) == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    }

    @Test("RFC 8037 A.3: the Ed25519 thumbprint")
    func rfc8037Thumbprint() throws {
        let jwk = try JWK(jsonData: Data(#"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#.utf8))
        #expect(try jwk.thumbprintString() == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
        #expect(try jwk.publicKey().curve == .ed25519)
    }

    @Test("keys round-trip through JWK JSON", arguments: KeyCurve.allCases)
    func roundTrip(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        let jwk = JWK(privateKey: key, keyID: "k1")
        #expect(jwk.crv == curve.rawValue)
        #expect(jwk.kty == curve.keyType)
        let decoded = try JWK(jsonData: jwk.jsonData())
        #expect(decoded == jwk)
        #expect(try decoded.privateKey().rawRepresentation == key.rawRepresentation)
        #expect(try decoded.publicKey() == key.publicKey)
        #expect(!decoded.publicOnly.isPrivate)
        #expect(try decoded.publicOnly.thumbprint() == decoded.thumbprint())
        if curve.isWeierstrass {
            #expect(jwk.x?.count == curve.coordinateByteCount)
            #expect(jwk.y?.count == curve.coordinateByteCount)
        } else {
            #expect(jwk.y == nil)
        }
    }

    @Test("strict base64url: padding, standard alphabet and stray bits are rejected")
    func strictBase64() {
        let good = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
        for bad in [good + "=", good.replacingOccurrences(of: "_", with: "/"), "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURp", "1 1"] {
            let json = #"{"kty":"OKP","crv":"Ed25519","x":"\#(bad)"}"#
            #expect(throws: CryptoKeysError.self) { try JWK(jsonData: Data(json.utf8)) }
        }
    }

    @Test("member checks: lengths, curve, missing and foreign members")
    func memberValidation() throws {
        let key = PrivateKey(curve: .p256).publicKey
        var jwk = JWK(publicKey: key)
        #expect(try jwk.publicKey() == key)

        var short = jwk
        short.x = jwk.x?.dropFirst()
        #expect(throws: CryptoKeysError.self) { try short.publicKey() }

        var leadingZero = jwk
        leadingZero.x = Data([0]) + (jwk.x ?? Data())
        #expect(throws: CryptoKeysError.self) { try leadingZero.publicKey() }

        var offCurve = jwk
        offCurve.y = Data(repeating: 1, count: 32)
        #expect(throws: CryptoKeysError.self) { try offCurve.publicKey() }

        var noY = jwk
        noY.y = nil
        #expect(throws: CryptoKeysError.self) { try noY.publicKey() }

        var wrongCurve = jwk
        wrongCurve.crv = "Ed25519"
        #expect(throws: CryptoKeysError.self) { try wrongCurve.publicKey() }

        var unknownCurve = jwk
        unknownCurve.crv = "P-192"
        #expect(throws: CryptoKeysError.unsupported("curve P-192")) { try unknownCurve.publicKey() }

        var withK = jwk
        withK.k = Data([1])
        #expect(throws: CryptoKeysError.self) { try withK.publicKey() }

        jwk = JWK(publicKey: PrivateKey(curve: .ed25519).publicKey)
        jwk.y = Data(count: 32)
        #expect(throws: CryptoKeysError.self) { try jwk.publicKey() }

        #expect(throws: CryptoKeysError.self) { try JWK(kty: .rsa, n: Data([0, 1]), e: Data([1, 0, 1])).publicKey() }
        #expect(throws: CryptoKeysError.self) { try JWK(symmetricKey: Data([1])).publicKey() }
    }

    @Test("a d that does not match x/y is rejected")
    func mismatchedPrivateKey() throws {
        var jwk = JWK(privateKey: PrivateKey(curve: .p256))
        jwk.d = PrivateKey(curve: .p256).rawRepresentation
        #expect(throws: CryptoKeysError.invalidJWK(reason: "d does not match the public key")) { try jwk.privateKey() }
    }

    @Test("malformed JSON: wrong types, unknown kty, oversize, not an object")
    func malformedJSON() {
        let cases = [
            #"{"kty":"EC","crv":"P-256","x":5}"#,
            #"{"kty":"XYZ"}"#,
            #"{"crv":"P-256"}"#,
            #"[]"#,
            #"{"kty":"EC""#,
            #"{"kty":"oct","k":"AA","key_ops":"sign"}"#,
        ]
        for json in cases {
            #expect(throws: CryptoKeysError.self) { try JWK(jsonData: Data(json.utf8)) }
        }
        let huge = Data(("{\"kty\":\"oct\",\"kid\":\"" + String(repeating: "a", count: 70_000) + "\"}").utf8)
        #expect(throws: CryptoKeysError.invalidJWK(reason: "JWK too large")) { try JWK(jsonData: huge) }
    }

    @Test("optional members survive a round trip")
    func optionalMembers() throws {
        let json = #"{"alg":"ES256","crv":"P-256","key_ops":["verify"],"kid":"a","kty":"EC","use":"sig","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","x5t#S256":"abc","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#
        let jwk = try JWK(jsonData: Data(json.utf8))
        #expect(jwk.keyOps == ["verify"])
        #expect(jwk.x5tS256 == "abc")
        #expect(String(decoding: jwk.jsonData(), as: UTF8.self) == json)
        #expect(try jwk.publicKey().curve == .p256)
    }
}
