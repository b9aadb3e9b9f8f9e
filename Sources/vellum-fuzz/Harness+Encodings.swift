import CBOR
import Foundation
import JOSE
import JSONModel
import SDJWT

extension Harness {
    /// The encodings every format is read through.
    static let encodings: [Harness] = [
        Harness(name: "cbor", summary: "CBOR.decode and its diagnostic notation") { data in
            if let item = try? CBOR.decode(data) { _ = item.encoded() }
            _ = try? CBOR.decodeSequence(data)
        },
        Harness(name: "json", summary: "JSONValue(parsing:), then re-serialised") { data in
            if let value = try? JSONValue(parsing: data) { _ = value.serialized() }
        },
        Harness(name: "jws", summary: "JWSObject compact and JSON serialisations, JWT claims") { data in
            if let text = text(data) { _ = try? JWSObject(compact: text) }
            _ = try? JWSObject(json: data)
            _ = try? JWTClaims(json: data)
        },
        Harness(name: "jwe", summary: "JWEObject compact and JSON serialisations") { data in
            if let text = text(data) { _ = try? JWEObject(compact: text) }
            _ = try? JWEObject(json: data)
        },
        Harness(name: "sd-jwt", summary: "SD-JWT compact (with disclosures and KB-JWT) and JSON serialisations") { data in
            if let text = text(data) {
                _ = try? SDJWTObject(compact: text)
                _ = try? SDJWTObject(parsing: text)
            }
            _ = try? SDJWTObject(json: data)
        },
    ]
}
