import CryptoKeys
import Foundation
import JSONModel

/// Creates an ecdsa-sd-2023 base proof (VC Data Integrity ECDSA Cryptosuites v1.0 §3.4.2,
/// §3.5.1–§3.5.2): what an issuer gives a holder so the holder can later reveal only some
/// statements.
///
/// The document is skolemized, turned into RDF and canonicalized with its blank nodes
/// relabelled by HMAC under a fresh key; the statements the mandatory JSON pointers select are
/// hashed together; every other statement is signed alone by a fresh P-256 key; and the issuer
/// signs the proof configuration's hash, that key and the mandatory hash. The holder checks
/// it with ``ECDSASelectiveDisclosure/verifyBase(_:method:toRDF:)`` and derives from it with
/// ``ECDSASelectiveDisclosure/derive(_:selectivePointers:toRDF:)``.
public enum ECDSASDBaseProofSigner {
    /// `document` with a base proof by `signer` (a P-256 or P-384 key) whose derived proofs
    /// always reveal what `mandatoryPointers` select. `hmacKey` (32 bytes) and `proofKey` (a
    /// P-256 key) are fresh by default; a test passes the vectors' own.
    public static func sign(
        _ document: JSONValue, options: DataIntegrityProofOptions, mandatoryPointers: [String], signer: any Signer,
        hmacKey: Data? = nil, proofKey: PrivateKey? = nil, toRDF: any JSONLDToRDF = JSONLDProcessorToRDF()
    ) async throws(DataIntegrityError) -> JSONValue {
        guard var unsecured = document.objectValue else { throw .invalidProof("the document is not a JSON object") }
        guard options.cryptosuite == .ecdsaSD2023 else { throw .unsupportedCryptosuite(options.cryptosuite.rawValue) }
        guard let algorithm = options.cryptosuite.signatureAlgorithm(for: signer.publicKey.curve), algorithm == signer.algorithm else {
            throw .keyNotSupported("ecdsa-sd-2023 does not sign with \(signer.algorithm.rawValue)")
        }
        unsecured["proof"] = nil
        let key = hmacKey ?? Data((0..<32).map { _ in UInt8.random(in: .min ... .max) })
        guard key.count == 32 else { throw .invalidProof("the HMAC key must be 32 bytes") }
        let ephemeral = proofKey ?? PrivateKey(curve: .p256)
        guard ephemeral.curve == .p256 else { throw .keyNotSupported("the proof key must be P-256") }

        let proofHash = try await ECDSASelectiveDisclosure.proofConfigurationHash(options.json, context: unsecured["@context"], toRDF: toRDF)
        let skolemized = Skolemization.skolemize(unsecured)
        let statements = try LabelledStatements(
            try await ECDSASelectiveDisclosure.dataset(skolemized, toRDF, deskolemize: true), label: { LabelledStatements.hmacLabel(key: key)($0) })
        let mandatory = try await StatementGroup(pointers: mandatoryPointers, skolemized: skolemized, statements: statements, toRDF: toRDF)
        let mandatoryHash = DigestAlgorithm.sha256.hash(utf8: mandatory.matching.keys.sorted().compactMap { mandatory.matching[$0] }.joined())
        var signatures: [Data] = []
        for index in mandatory.nonMatching.keys.sorted() {
            guard let statement = mandatory.nonMatching[index] else { continue }
            do {
                signatures.append(try ephemeral.sign(Data(statement.utf8), algorithm: .es256))
            } catch {
                throw .signing("\(error)")
            }
        }
        let baseSignature: Data
        do {
            baseSignature = try await signer.sign(proofHash + ephemeral.publicKey.multicodecBytes + mandatoryHash)
        } catch {
            throw .signing("\(error)")
        }
        let value = ECDSASDBaseProofValue(
            baseSignature: baseSignature, publicKey: ephemeral.publicKey, hmacKey: key, signatures: signatures,
            mandatoryPointers: mandatoryPointers)
        var proof = options.json
        proof.updateValue(.string(value.proofValue), forName: "proofValue")
        return .object(SecuredDocument.adding(proof, to: unsecured))
    }
}
