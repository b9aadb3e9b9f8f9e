import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport

/// Recovery and verification against Open DID signatures (`../shared/vectors/opendid`):
/// the synthetic fixtures, whose keys and exact signed strings are listed, and documents
/// from the OmniOneID repositories, signed by Open DID's own Java and iOS code.
///
/// Open DID signs `SHA-256(signing input)` with a 65-byte compact P-256 signature and
/// writes it as multibase (`z` base58btc or `m` base64; the Java servers add `=` padding).
@Suite("Open DID compact signatures", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct OpenDIDSignatureVectorTests {
    /// Where each signature in `synthetic/signed_inputs.json` sits, and which key made it.
    struct Fixture: CustomTestStringConvertible, Sendable {
        let label: String
        let file: String
        let path: String
        let keyID: String
        var testDescription: String { label }
    }

    static let holder = "did:omn:2Y6xBXqZF4tRXM9gUraxzeGWJwXR"
    static let fixtures: [Fixture] = [
        Fixture(label: "did_document_issuer.proofs[assert]", file: "did_document_issuer", path: "proofs.0.proofValue", keyID: "did:omn:issuer#assert"),
        Fixture(label: "did_document_issuer.proofs[auth]", file: "did_document_issuer", path: "proofs.1.proofValue", keyID: "did:omn:issuer#auth"),
        Fixture(label: "did_document_holder.proofs[pin]", file: "did_document_holder", path: "proofs.0.proofValue", keyID: "\(holder)#pin"),
        Fixture(label: "did_document_holder.proofs[bio]", file: "did_document_holder", path: "proofs.1.proofValue", keyID: "\(holder)#bio"),
        Fixture(label: "vc.proofValue", file: "vc", path: "proof.proofValue", keyID: "did:omn:issuer#assert"),
        Fixture(label: "vc.proofValueList[0]", file: "vc", path: "proof.proofValueList.0", keyID: "did:omn:issuer#assert"),
        Fixture(label: "vc.proofValueList[1]", file: "vc", path: "proof.proofValueList.1", keyID: "did:omn:issuer#assert"),
        Fixture(label: "vc.proofValueList[2]", file: "vc", path: "proof.proofValueList.2", keyID: "did:omn:issuer#assert"),
        Fixture(label: "vp.proof", file: "vp_single_proof", path: "proof.proofValue", keyID: "\(holder)#pin"),
        Fixture(label: "vp_multi.proofs[pin]", file: "vp_multi_proofs", path: "proofs.0.proofValue", keyID: "\(holder)#pin"),
        Fixture(label: "vp_multi.proofs[bio]", file: "vp_multi_proofs", path: "proofs.1.proofValue", keyID: "\(holder)#bio"),
        Fixture(label: "issue_profile.proof", file: "issue_profile", path: "proof.proofValue", keyID: "did:omn:issuer#assert"),
        Fixture(label: "did_document_verifier.proof", file: "did_document_verifier", path: "proof.proofValue", keyID: "did:omn:verifier#assert"),
        Fixture(label: "verify_profile.proof", file: "verify_profile", path: "proof.proofValue", keyID: "did:omn:verifier#assert"),
        Fixture(label: "accE2e.proof", file: "e2e_submit_vp_vector", path: "accE2e.proof.proofValue", keyID: "\(holder)#keyagree"),
    ]

    // MARK: - Helpers (test-only reading of the fixtures)

    /// A multibase proof value or key; trailing `=` (Java's padded base64) is dropped.
    static func multibase(_ text: String) throws -> Data {
        try Multibase.decode(String(text.reversed().drop(while: { $0 == "=" }).reversed())).data
    }

    static func value(at path: String, in json: Any) throws -> Any {
        var current = json
        for step in path.split(separator: ".") {
            if let index = Int(step), let array = current as? [Any], array.indices.contains(index) {
                current = array[index]
            } else if let object = current as? [String: Any], let next = object[String(step)] {
                current = next
            } else {
                throw VectorShape(description: "no \(step) on the way to \(path)")
            }
        }
        return current
    }

    struct VectorShape: Error, CustomStringConvertible { let description: String }

    static func signedInput(_ label: String) throws -> Data {
        let inputs = try #require(try Vectors.json("opendid/synthetic/signed_inputs.json") as? [String: String])
        return Data(try #require(inputs[label]).utf8)
    }

    static func testKey(_ keyID: String) throws -> (privateKey: String, compressed: String) {
        let keys = try #require(try Vectors.json("opendid/synthetic/keys_PRIVATE_TEST_ONLY.json") as? [String: [String: String]])
        let entry = try #require(keys[keyID])
        return (try #require(entry["privateKeyHex"]), try #require(entry["publicKeyHex_compressed"]))
    }

    // MARK: - Synthetic fixtures

    @Test("every signed input has a fixture entry")
    func coverage() throws {
        let inputs = try #require(try Vectors.json("opendid/synthetic/signed_inputs.json") as? [String: String])
        #expect(Set(inputs.keys) == Set(Self.fixtures.map(\.label)))
    }

    @Test("the signature recovers the listed key and verifies against it", arguments: fixtures)
    func recoversListedKey(fixture: Fixture) throws {
        let document = try Vectors.json("opendid/synthetic/\(fixture.file).json")
        let proofValue = try #require(try Self.value(at: fixture.path, in: document) as? String)
        let compact = try Self.multibase(proofValue)
        #expect(compact.count == 65)
        #expect(compact.first == 31 || compact.first == 32)
        let signature = try RecoverableECDSASignature(compactRepresentation: compact, curve: .p256)
        #expect(signature.signature.isLowS)
        #expect(signature.compactRepresentation == compact)

        let digest = DigestAlgorithm.sha256.hash(try Self.signedInput(fixture.label))
        let expected = try PublicKey(
            sec1Representation: try #require(Data(testHex: try Self.testKey(fixture.keyID).compressed)), curve: .p256)
        #expect(try signature.recoverPublicKey(digest: digest) == expected)
        #expect(signature.isValidSignature(forDigest: digest, publicKey: expected))

        var tampered = try Self.signedInput(fixture.label)
        tampered[tampered.count / 2] ^= 0x20
        let tamperedDigest = DigestAlgorithm.sha256.hash(tampered)
        #expect((try? signature.recoverPublicKey(digest: tamperedDigest)) != expected)
        #expect(!signature.isValidSignature(forDigest: tamperedDigest, publicKey: expected))
    }

    @Test("signing the same input with the listed private key recovers the listed key", arguments: fixtures)
    func resign(fixture: Fixture) throws {
        let key = try Self.testKey(fixture.keyID)
        let privateKey = try PrivateKey(rawRepresentation: try #require(Data(testHex: key.privateKey)), curve: .p256)
        #expect(privateKey.publicKey.sec1CompressedRepresentation?.testHex == key.compressed)
        let input = try Self.signedInput(fixture.label)
        let signature = try privateKey.signRecoverable(message: input)
        let compact = signature.compactRepresentation
        #expect(compact.first == 31 || compact.first == 32)
        let reread = try RecoverableECDSASignature(compactRepresentation: compact, curve: .p256)
        #expect(try reread.recoverPublicKey(digest: DigestAlgorithm.sha256.hash(input)) == privateKey.publicKey)
    }

    // MARK: - Documents signed by Open DID's own code

    /// What Open DID signs for one proof: the object with that proof (minus `proofValue`
    /// and `proofValueList`) as `proof` and no `proofs`, keys sorted, no whitespace.
    static func signingInput(_ object: JSONObject, proof: JSONObject) -> Data {
        var unsigned = object
        var header = proof
        header["proofValue"] = nil
        header["proofValueList"] = nil
        unsigned["proofs"] = nil
        unsigned["proof"] = .object(header)
        return JSONValue.object(unsigned).serialized(.sortedKeys)
    }

    static func document(_ name: String) throws -> JSONObject {
        try #require(try JSONParser().parse(Vectors.data("opendid/\(name)")).objectValue)
    }

    static func proofs(of document: JSONObject) -> [JSONObject] {
        if let list = document["proofs"]?.arrayValue { return list.compactMap(\.objectValue) }
        return [document["proof"]?.objectValue].compactMap { $0 }
    }

    @Test("real DID documents: every proof recovers the key its verificationMethod names", arguments: [
        "did_document_device_aos.json", "did_document_device_tas.json", "did_document_holder_tas_ios_style.json",
    ])
    func realDIDDocuments(file: String) throws {
        let document = try Self.document(file)
        let methods = try #require(document["verificationMethod"]?.arrayValue).compactMap(\.objectValue)
        let proofs = Self.proofs(of: document)
        #expect(!proofs.isEmpty)
        for proof in proofs {
            let method = try #require(proof["verificationMethod"]?.stringValue)
            let fragment = try #require(method.split(separator: "#").last.map(String.init))
            let entry = try #require(methods.first { $0["id"]?.stringValue == fragment })
            let listed = try PublicKey(
                sec1Representation: Self.multibase(try #require(entry["publicKeyMultibase"]?.stringValue)), curve: .p256)
            let signature = try RecoverableECDSASignature(
                compactRepresentation: Self.multibase(try #require(proof["proofValue"]?.stringValue)), curve: .p256)
            let digest = DigestAlgorithm.sha256.hash(Self.signingInput(document, proof: proof))
            #expect(try signature.recoverPublicKey(digest: digest) == listed, "\(method)")
            #expect(signature.isValidSignature(forDigest: digest, publicKey: listed))
            // The other keys of the same document did not make this proof.
            for other in methods where other["id"]?.stringValue != fragment {
                let key = try PublicKey(
                    sec1Representation: Self.multibase(try #require(other["publicKeyMultibase"]?.stringValue)), curve: .p256)
                #expect(!signature.isValidSignature(forDigest: digest, publicKey: key))
            }
        }
    }

    /// Signed objects whose signer's DID document is not published; SOURCES.md lists the key
    /// the vector author's own tool recovered, which ours must match.
    @Test("real signed objects recover the key SOURCES.md lists", arguments: [
        ("wrapper_attested_did_doc_device_aos.json", "zmKdKniLtwaJ2t41HQiikng3MAF4Pvy8DnYUFhfLEXqbx"),
        ("wrapper_signed_did_doc_device_tas.json", "z27TcERG2mHVLCNe2QWq6ynyeyTHn3Pg5ERBa7nL9JkNqL"),
        ("wrapper_signed_did_doc_holder_tas_ios_style.json", "zc2rBiFScpwKp4eJrsr1suabuTh9Trec5ZPcooS4ochaw"),
        ("vc_certificate_tas_signed.json", "zgUQXp33MU7i8YNKVjrBCWe6NEy5SavhG1qLRUkn6sJ8R"),
        ("issue_profile_issuer_server_sample.json", "ztcAE8SUaVTjaqexCbJcyhAAj8SvTvUaWXFUmXWkc62Mv"),
        ("issue_profile_tas_server_sample.json", "zcys1in5WARgKyvdt7t4QM2XnR6vrN1yXcNki7rpcRgpZ"),
        ("verify_profile_verifier_server_sample.json", "zkqP8cXviTdGPutBYDj5awcsS3CjkQzLF9ZirvKSoS75b"),
        ("issue_profile_aos_test.json", "zj74Wyctiverhhh29PWzEdCfbQwjf2k1mKDRSL9cYWU83"),
        ("verify_profile_aos_test.json", "z2BBmSuK51kmJxhzGThzf7q5PFKtzubjiz8s3VvcTyPjub"),
    ])
    func realSignedObjects(file: String, listedKey: String) throws {
        let document = try Self.document(file)
        let proof = try #require(document["proof"]?.objectValue)
        let listed = try PublicKey(sec1Representation: Self.multibase(listedKey), curve: .p256)
        let signature = try RecoverableECDSASignature(
            compactRepresentation: Self.multibase(try #require(proof["proofValue"]?.stringValue)), curve: .p256)
        let digest = DigestAlgorithm.sha256.hash(Self.signingInput(document, proof: proof))
        #expect(try signature.recoverPublicKey(digest: digest) == listed)
        #expect(signature.isValidSignature(forDigest: digest, publicKey: listed))
    }
}
