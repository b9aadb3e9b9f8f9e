import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import SDJWT

/// A Holder's SD-JWT work on a PID-like credential with 14 Disclosures: verify it as
/// received (parse, issuer signature, every Disclosure, validity), then present five claims
/// with a Key Binding JWT. Beside it, the bare cost of the two signatures this needs (one
/// ES256 verify, one ES256 sign), so "÷ bare" is the price of the SD-JWT layer, and Python
/// `sd-jwt` doing the same verify + present.
enum SDJWTBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "sdjwt.bare.es256.verify+sign", prepare: {
            let fixture = try await Fixture()
            let (signingInput, signature) = try fixture.issuerSignature()
            let issuerPublicKey = fixture.issuerKey.publicKey
            // A KB-JWT's signing input is about 250 bytes.
            let keyBindingInput = Data(String(repeating: "e", count: 250).utf8)
            return Benchmark.Operation(run: {
                guard try issuerPublicKey.verify(signature, for: signingInput, algorithm: .es256) else {
                    throw BenchmarkFailure.resultMismatch("bare signature did not verify")
                }
                _ = try fixture.holderKey.sign(keyBindingInput, algorithm: .es256)
            })
        }),
        Benchmark(name: "sdjwt.pid14.verify+present", prepare: {
            let fixture = try await Fixture()
            let verifier = SDJWTVerifier(keyBinding: .forbidden)
            let resolver = SDJWTIssuerKeyLookup(publicKey: fixture.issuerKey.publicKey)
            let signer = try SoftwareSigner(privateKey: fixture.holderKey)
            let paths = try Fixture.presented.map { try ClaimPath(json: $0) }
            let issuance = fixture.issuance
            return Benchmark.Operation(run: {
                let verified = try await verifier.verify(issuance, resolver: resolver)
                let presentation = try await verified.presentation(
                    disclosing: paths, keyBinding: KeyBindingRequest(audience: Fixture.audience, nonce: Fixture.nonce),
                    signer: signer)
                guard presentation.disclosures.count == 6, !presentation.serialized.isEmpty else {
                    throw BenchmarkFailure.resultMismatch("presented \(presentation.disclosures.count) disclosures")
                }
            }, peerInput: [try fixture.peerCase()])
        }, peer: "sd_jwt.pid14.verify+present", baseline: "sdjwt.bare.es256.verify+sign"),
        // The parts of the above, to see where the time goes.
        Benchmark(name: "sdjwt.pid14.parse", prepare: {
            let issuance = try await Fixture().issuance
            return Benchmark.Operation(run: { _ = try SDJWTObject(parsing: issuance) })
        }),
        Benchmark(name: "sdjwt.pid14.verify", prepare: {
            let fixture = try await Fixture()
            let verifier = SDJWTVerifier(keyBinding: .forbidden)
            let sdJWT = try SDJWTObject(parsing: fixture.issuance)
            let key = JWSVerificationKey(fixture.issuerKey.publicKey)
            return Benchmark.Operation(run: { _ = try verifier.verify(sdJWT, issuerKey: key) })
        }),
        Benchmark(name: "sdjwt.pid14.present", prepare: {
            let fixture = try await Fixture()
            let verified = try SDJWTVerifier(keyBinding: .forbidden)
                .verify(SDJWTObject(parsing: fixture.issuance), issuerKey: JWSVerificationKey(fixture.issuerKey.publicKey))
            let signer = try SoftwareSigner(privateKey: fixture.holderKey)
            let paths = try Fixture.presented.map { try ClaimPath(json: $0) }
            return Benchmark.Operation(run: {
                _ = try await verified.presentation(
                    disclosing: paths, keyBinding: KeyBindingRequest(audience: Fixture.audience, nonce: Fixture.nonce),
                    signer: signer
                ).serialized
            })
        }),
        Benchmark(name: "sdjwt.pid14.part.verify-resolver", prepare: {
            let fixture = try await Fixture()
            let verifier = SDJWTVerifier(keyBinding: .forbidden)
            let resolver = SDJWTIssuerKeyLookup(publicKey: fixture.issuerKey.publicKey)
            let issuance = fixture.issuance
            return Benchmark.Operation(run: { _ = try await verifier.verify(issuance, resolver: resolver) })
        }),
        Benchmark(name: "sdjwt.pid14.part.parse+verify-key", prepare: {
            let fixture = try await Fixture()
            let verifier = SDJWTVerifier(keyBinding: .forbidden)
            let key = JWSVerificationKey(fixture.issuerKey.publicKey)
            let issuance = fixture.issuance
            return Benchmark.Operation(run: { _ = try verifier.verify(SDJWTObject(parsing: issuance), issuerKey: key) })
        }),
        Benchmark(name: "sdjwt.pid14.part.disclosures", prepare: {
            let parts = try await Fixture().issuance.split(separator: "~").dropFirst().map(String.init)
            return Benchmark.Operation(run: { for part in parts { _ = try Disclosure(encoded: part) } })
        }),
        Benchmark(name: "sdjwt.pid14.part.digests", prepare: {
            let disclosures = try SDJWTObject(parsing: try await Fixture().issuance).disclosures
            return Benchmark.Operation(run: { for disclosure in disclosures { _ = disclosure.digest(using: .sha256) } })
        }),
        Benchmark(name: "sdjwt.pid14.part.payload", prepare: {
            let jwt = String(try await Fixture().issuance.split(separator: "~")[0])
            let payload = try Base64URL.decode(String(jwt.split(separator: ".")[1]))
            return Benchmark.Operation(run: { _ = try JSONParser().parse(payload) })
        }),
        Benchmark(name: "sdjwt.pid14.part.jws", prepare: {
            let jwt = String(try await Fixture().issuance.split(separator: "~")[0])
            return Benchmark.Operation(run: { _ = try JWSObject(compact: jwt) })
        }),
        // The SD-JWT layer without either signature: parse, process, select, serialize.
        Benchmark(name: "sdjwt.pid14.part.no-signatures", prepare: {
            let fixture = try await Fixture()
            let paths = try Fixture.presented.map { try ClaimPath(json: $0) }
            let issuance = fixture.issuance
            return Benchmark.Operation(run: {
                let processed = try ProcessedSDJWT(unverified: SDJWTObject(parsing: issuance))
                _ = try processed.presentation(disclosing: paths).serialized
            })
        }),
        // The same work with the bare signatures in its loop: what the SD-JWT layer would
        // cost beside them with no JWS, verifier or KB-JWT machinery, a floor for "÷ bare".
        Benchmark(name: "sdjwt.pid14.part.bare-signatures+no-signatures", prepare: {
            let fixture = try await Fixture()
            let (signingInput, signature) = try fixture.issuerSignature()
            let issuerPublicKey = fixture.issuerKey.publicKey
            let keyBindingInput = Data(String(repeating: "e", count: 250).utf8)
            let paths = try Fixture.presented.map { try ClaimPath(json: $0) }
            let issuance = fixture.issuance
            return Benchmark.Operation(run: {
                guard try issuerPublicKey.verify(signature, for: signingInput, algorithm: .es256) else {
                    throw BenchmarkFailure.resultMismatch("bare signature did not verify")
                }
                let processed = try ProcessedSDJWT(unverified: SDJWTObject(parsing: issuance))
                _ = try processed.presentation(disclosing: paths).serialized
                _ = try fixture.holderKey.sign(keyBindingInput, algorithm: .es256)
            })
        }, baseline: "sdjwt.bare.es256.verify+sign"),
        // The KB-JWT alone: sd_hash, header, payload and the holder's signature.
        Benchmark(name: "sdjwt.pid14.part.key-binding", prepare: {
            let fixture = try await Fixture()
            let verified = try SDJWTVerifier(keyBinding: .forbidden)
                .verify(SDJWTObject(parsing: fixture.issuance), issuerKey: JWSVerificationKey(fixture.issuerKey.publicKey))
            let signer = try SoftwareSigner(privateKey: fixture.holderKey)
            let presentation = try verified.presentation(disclosing: Fixture.presented.map { try ClaimPath(json: $0) })
            return Benchmark.Operation(run: {
                _ = try await presentation.addingKeyBinding(
                    KeyBindingRequest(audience: Fixture.audience, nonce: Fixture.nonce), hashAlgorithm: .sha256,
                    signer: signer
                ).serialized
            })
        }),
        Benchmark(name: "sdjwt.pid14.part.es256-verify", prepare: {
            let fixture = try await Fixture()
            let (signingInput, signature) = try fixture.issuerSignature()
            let issuerPublicKey = fixture.issuerKey.publicKey
            return Benchmark.Operation(run: { _ = try issuerPublicKey.verify(signature, for: signingInput, algorithm: .es256) })
        }),
    ]

    /// An issuer key, a holder key and a 14-Disclosure SD-JWT bound to the holder.
    struct Fixture {
        static let audience = "https://verifier.example.org"
        static let nonce = "f3a9c1e0-5b7d-4c2a-9e8f-1d2c3b4a5e6f"
        /// Six claims, six Disclosures: the address itself is not disclosable, so its locality
        /// brings no parent Disclosure.
        static let presented: [JSONValue] = [
            ["given_name"], ["family_name"], ["birthdate"], ["age_over_18"], ["address", "locality"],
            ["nationalities", 0],
        ]
        /// The same selection in sd-jwt-python's form.
        static let pythonSelection: JSONValue = [
            "given_name": true, "family_name": true, "birthdate": true, "age_over_18": true,
            "address": ["locality": true], "nationalities": [true],
        ]

        let issuerKey = PrivateKey(curve: .p256)
        let holderKey = PrivateKey(curve: .p256)
        let issuance: String

        init() async throws {
            let claims: JSONObject = [
                "iss": "https://pid-issuer.example", "iat": 1_700_000_000, "exp": 4_000_000_000,
                "vct": "urn:eudi:pid:1", "given_name": "Erika", "family_name": "Mustermann",
                "birthdate": "1964-08-12", "birth_place": "Berlin", "nationalities": ["DE"],
                "email": "erika@example.com", "phone_number": "+49 30 1234567", "age_over_18": true,
                "age_over_21": true, "issuing_authority": "DE",
                "address": ["street_address": "Heidestraße 17", "locality": "Köln", "postal_code": "51147", "country": "DE"],
            ]
            let paths = try [
                #"["given_name"]"#, #"["family_name"]"#, #"["birthdate"]"#, #"["birth_place"]"#, #"["nationalities",0]"#,
                #"["email"]"#, #"["phone_number"]"#, #"["age_over_18"]"#, #"["age_over_21"]"#, #"["issuing_authority"]"#,
                #"["address","street_address"]"#, #"["address","locality"]"#, #"["address","postal_code"]"#,
                #"["address","country"]"#,
            ].map { try ClaimPath(json: JSONValue(parsing: $0)) }
            let builder = SDJWTBuilder(
                claims: claims, disclosing: paths, header: JOSEHeader(type: "dc+sd-jwt"),
                holderKey: JWK(publicKey: holderKey.publicKey))
            let issued = try await builder.issue(signer: SoftwareSigner(privateKey: issuerKey))
            guard issued.disclosures.count == 14 else {
                throw BenchmarkFailure.resultMismatch("\(issued.disclosures.count) disclosures, not 14")
            }
            issuance = issued.serialized
        }

        /// The Issuer-signed JWT's signing input and a fresh ES256 signature over it: the
        /// bare verification the SD-JWT layer is compared with.
        func issuerSignature() throws -> (input: Data, signature: Data) {
            let parts = issuance.split(separator: "~")[0].split(separator: ".")
            let signingInput = Data("\(parts[0]).\(parts[1])".utf8)
            return (signingInput, try issuerKey.sign(signingInput, algorithm: .es256))
        }

        /// A file with what the peer needs to do the same work.
        func peerCase() throws -> String {
            let document: JSONValue = [
                "issuance": .string(issuance),
                "issuer_jwk": try JSONValue(parsing: JWK(publicKey: issuerKey.publicKey).jsonData()),
                "holder_jwk": try JSONValue(parsing: JWK(privateKey: holderKey).jsonData()),
                "disclose": Self.pythonSelection, "nonce": .string(Self.nonce), "aud": .string(Self.audience),
            ]
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-bench-sdjwt-pid14.json")
            try document.serialized().write(to: file)
            return file.path
        }
    }
}
