import CryptoKeys
import DID
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport

/// The did:key test vectors of w3c-ccg/did-method-key (2022): every supported DID decodes to
/// the key the vector lists, and in the vector's document format (the 2018/2019 suites or
/// JsonWebKey2020, with X25519 derivation for Ed25519) the document is the vector's document.
@Suite("did:key test vectors", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct DIDKeyVectorTests {
    static let folder = "did-key/w3c-ccg-did-method-key/test-vectors/"

    static func vectors(_ file: String) throws -> JSONObject {
        let value = try JSONParser().parse(Vectors.data(folder + file))
        return try #require(value.objectValue)
    }

    /// Every entry of the vector file `file`, which must hold `count`: its DID, the key the DID
    /// encodes, and the entry.
    static func keys(
        in file: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [(did: DIDIdentifier, key: PublicKey, vector: JSONValue)] {
        let entries = try Self.vectors(file)
        #expect(entries.count == count, sourceLocation: sourceLocation)
        return try entries.map { name, vector in
            let did = try DIDIdentifier(name)
            return (did, try DIDKey.publicKey(of: did), vector)
        }
    }

    /// Checks the DID against a vector document: same key as the document's first method, and,
    /// resolved in the document's format, the same document.
    static func check(_ did: DIDIdentifier, against json: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let expected = try DIDDocument(json: json)
        let first = try #require(expected.verificationMethod.first, sourceLocation: sourceLocation)
        let key = try DIDKey.publicKey(of: did)
        #expect(try first.publicKey() == key, sourceLocation: sourceLocation)
        #expect(try DIDKey.make(for: key) == did, sourceLocation: sourceLocation)
        let format: DIDKeyOptions.PublicKeyFormat = first.type == "JsonWebKey2020" ? .jsonWebKey2020 : .legacy
        let resolver = DIDKeyResolver(options: DIDKeyOptions(publicKeyFormat: format, enableEncryptionKeyDerivation: true))
        let resolved = try await resolver.resolve(did).document
        #expect(resolved == expected, "\(resolved.json.serializedString())", sourceLocation: sourceLocation)
    }

    /// A string member of a member, for reading the vectors' key pairs.
    static func string(_ value: JSONValue, _ outer: String, _ inner: String) -> String? {
        guard let object = value[outer] else { return nil }
        return object[inner]?.stringValue
    }

    @Test("Ed25519: keys, derived X25519 key agreement keys and documents")
    func ed25519() async throws {
        var base58Checked = 0
        for (did, key, vector) in try Self.keys(in: "ed25519-x25519.json", count: 5) {
            #expect(key.curve == .ed25519)
            try await Self.check(did, against: try #require(vector["didDocument"]))
            guard let expected = Self.string(vector, "verificationKeyPair", "publicKeyBase58") else { continue }
            #expect(Base58BTC.encode(key.rawRepresentation) == expected)
            // The derived X25519 key is the one the vector lists, and is the keyAgreement key.
            let agreementID = try #require(Self.string(vector, "keyAgreementKeyPair", "id"))
            let resolver = DIDKeyResolver(options: DIDKeyOptions(publicKeyFormat: .legacy, enableEncryptionKeyDerivation: true))
            let agreement = try await resolver.resolve(did).document.verificationMethod(for: agreementID, relationship: .keyAgreement)
            #expect(Base58BTC.encode(agreement.publicKey.rawRepresentation) == Self.string(vector, "keyAgreementKeyPair", "publicKeyBase58"))
            base58Checked += 1
        }
        #expect(base58Checked == 4)
    }

    @Test("X25519: key agreement only")
    func x25519() async throws {
        let documents = try #require(Self.vectors("x25519.json")["didDocument"]?.objectValue)
        #expect(documents.count == 4)
        for (name, document) in documents {
            let did = try DIDIdentifier(name)
            #expect(try DIDKey.publicKey(of: did).curve == .x25519)
            try await Self.check(did, against: document)
            let resolved = try await DIDKeyResolver().resolve(did).document
            #expect(resolved.authentication.isEmpty)
            #expect(resolved.keyAgreement.count == 1)
        }
    }

    @Test("secp256k1: compressed keys and documents")
    func secp256k1() async throws {
        for (did, key, vector) in try Self.keys(in: "secp256k1.json", count: 6) {
            #expect(key.curve == .secp256k1)
            try await Self.check(did, against: try #require(vector["didDocument"]))
            if let expected = Self.string(vector, "verificationKeyPair", "publicKeyBase58") {
                #expect(Base58BTC.encode(try #require(key.sec1CompressedRepresentation)) == expected)
            }
        }
    }

    @Test("P-256, P-384, P-521: decompressed points equal the vectors' JWK coordinates")
    func nistCurves() async throws {
        var curves: [KeyCurve] = []
        for (did, key, vector) in try Self.keys(in: "nist-curves.json", count: 7) {
            curves.append(try #require(key.curve))
            #expect(try DIDKey.make(for: key) == did)
            let method = try #require(vector["verificationMethod"])
            if let jwk = method["publicKeyJwk"] {
                let coordinates = try #require(key.coordinates)
                #expect(Base64URL.encode(coordinates.x) == jwk["x"]?.stringValue)
                #expect(Base64URL.encode(coordinates.y) == jwk["y"]?.stringValue)
                try await Self.check(did, against: try #require(vector["didDocument"]))
            } else {
                // The P256Key2021 vector lists the compressed point in base58.
                #expect(method["type"]?.stringValue == "P256Key2021")
                let compressed = try #require(key.sec1CompressedRepresentation)
                #expect(Base58BTC.encode(compressed) == method["publicKeyBase58"]?.stringValue)
                let document = try DIDDocument(json: try #require(vector["didDocument"]))
                let kid = try #require(method["id"]?.stringValue)
                #expect(try document.verificationMethod(for: kid, relationship: .assertionMethod).publicKey == key)
            }
        }
        #expect(Set(curves) == [.p256, .p384, .p521])
    }

    @Test("RSA: the PKCS#1 key in the DID is the vector's JWK")
    func rsa() async throws {
        for (did, key, vector) in try Self.keys(in: "rsa.json", count: 2) {
            #expect(key.keyType == .rsa)
            let jwk = try #require(vector["publicKeyJwk"])
            let components = try #require(key.rsaComponents)
            #expect(Base64URL.encode(components.modulus) == jwk["n"]?.stringValue)
            #expect(Base64URL.encode(components.exponent) == jwk["e"]?.stringValue)
            try await Self.check(did, against: try #require(vector["didDocument"]))
        }
    }

    @Test("BLS12-381: G2 and G1G2 keys resolve to the vectors' documents but give no usable key")
    func bls12381() async throws {
        let vectors = try Self.vectors("bls12381.json")
        #expect(vectors.count == 6)
        var combined = 0
        for (name, vector) in vectors {
            let did = try DIDIdentifier(name)
            let json = try #require(vector["didDocument"])
            let expected = try DIDDocument(json: json)
            let first = try #require(expected.verificationMethod.first)
            let error = #expect(throws: DIDResolutionError.self) { try DIDKey.publicKey(of: did) }
            #expect(error?.description.contains("can be resolved but not used for verification") == true, "\(String(describing: error))")
            for method in expected.verificationMethod {
                #expect(throws: DIDError.unsupportedKeyType(Self.blsMessage(method))) { try method.publicKey() }
            }
            let format: DIDKeyOptions.PublicKeyFormat = first.type == "JsonWebKey2020" ? .jsonWebKey2020 : .legacy
            let resolved = try await DIDKeyResolver(options: DIDKeyOptions(publicKeyFormat: format)).resolve(did).document
            guard did.methodSpecificID.hasPrefix("z5Tc") else {
                #expect(first.type == "Bls12381G2Key2020")
                #expect(first.publicKeyBase58 == Self.string(vector, "verificationKeyPair", "publicKeyBase58"))
                #expect(resolved == expected, "\(resolved.json.serializedString())")
                continue
            }
            // G1G2: the did:key spec splits the key into a G1 and a G2 method. The 2022 vector
            // lists the G1 method only; everything else about the document is the vector's.
            combined += 1
            #expect(resolved.verificationMethod.count == 2)
            var withoutG2 = resolved
            let g2 = withoutG2.verificationMethod.removeLast()
            for relationship in VerificationRelationship.allCases {
                withoutG2[relationship].removeAll { $0 == .reference(g2.id) }
            }
            #expect(withoutG2 == expected, "\(resolved.json.serializedString())")
            #expect(g2.publicKeyJwk?["crv"]?.stringValue == "BLS12381_G2")
            #expect(g2.id.hasPrefix("\(did)#zUC7"))
            #expect(resolved.assertionMethod.count == 2)
            // The two methods' keys are the DID's 144 bytes, G1 first.
            let body = try Multibase.decode(did.methodSpecificID, expecting: .base58btc).dropFirst(2)
            let g1Bytes = try Base64URL.decode(try #require(first.publicKeyJwk?["x"]?.stringValue))
            let g2Bytes = try Base64URL.decode(try #require(g2.publicKeyJwk?["x"]?.stringValue))
            #expect(g1Bytes + g2Bytes == Data(body))
        }
        #expect(combined == 1)
    }

    /// The message a vector method's BLS key is refused with.
    static func blsMessage(_ method: VerificationMethod) -> String {
        let group = method.type == "Bls12381G2Key2020" || method.publicKeyJwk?["crv"]?.stringValue == "BLS12381_G2" ? "G2" : "G1"
        return "BLS12-381 \(group) keys can be resolved but not used for verification (no BLS12-381 support)"
    }

    @Test("Every did:key in the vector folder resolves to a Multikey document")
    func everyVectorDID() async throws {
        var names: [String] = []
        for url in try Vectors.files(in: Self.folder, suffix: ".json") {
            let vectors = try Self.vectors(url.lastPathComponent)
            // x25519.json nests its DIDs one level down, under "didDocument".
            let entries = vectors["didDocument"]?.objectValue ?? vectors
            names += entries.keys.filter { $0.hasPrefix("did:key:") }
        }
        #expect(names.count == 30)
        for name in names {
            let did = try DIDIdentifier(name)
            let document = try await DIDKeyResolver().resolve(did).document
            #expect(document.id == did)
            #expect(document.context == [.string(DIDDocument.coreContext), .string("https://w3id.org/security/multikey/v1")])
            #expect(!document.verificationMethod.isEmpty)
            // Each method's fragment is its own Multikey value, and that value is what the DID
            // encodes (or, for a BLS12-381 G1G2 key, one half of it).
            var multikeys: [Data] = []
            for method in document.verificationMethod {
                #expect(method.type == "Multikey")
                #expect(method.controller == did)
                let multibase = try #require(method.publicKeyMultibase)
                #expect(method.id == "\(did)#\(multibase)")
                multikeys.append(Data(try Multibase.decode(multibase, expecting: .base58btc).dropFirst(2)))
            }
            let body = Data(try Multibase.decode(did.methodSpecificID, expecting: .base58btc))
            let keyBytes = multikeys.reduce(Data(), +)
            #expect(!keyBytes.isEmpty && Data(body.suffix(keyBytes.count)) == keyBytes, "\(name)")
        }
    }
}
