import CryptoKeys
import DID
import Foundation
import JSONLD
import JSONModel

/// ecdsa-sd-2023 (VC Data Integrity ECDSA Cryptosuites v1.0 §3.4): the issuer signs each
/// statement of a credential separately with an ephemeral key, and the holder reveals only the
/// statements it chooses (JSON pointers) plus the mandatory ones, in a derived proof the verifier
/// checks without seeing the rest.
///
/// Every intermediate value is exposed (``BaseVerification``, ``Derivation``) because
/// the W3C vectors publish each and the tests assert them one by one.
public enum ECDSASelectiveDisclosure {
    /// A base proof checked by the holder: the labelled statements, their split, the hashes.
    public struct BaseVerification: Sendable {
        /// The document's statements, HMAC-labelled and sorted.
        public let statements: [String]
        /// Positions of the mandatory statements (what the mandatory pointers select).
        public let mandatoryIndexes: [Int]
        /// SHA-256 of the canonical proof configuration.
        public let proofHash: Data
        /// SHA-256 of the mandatory statements, concatenated.
        public let mandatoryHash: Data
        /// The proof value's parts.
        public let proofValue: ECDSASDBaseProofValue
    }

    /// A derived proof made by the holder, with the group positions it came from.
    public struct Derivation: Sendable {
        /// The revealed document with its derived proof.
        public let document: JSONValue
        /// The derived proof value's parts.
        public let proofValue: ECDSASDDerivedProofValue
        /// Positions (among the base statements) of the mandatory, selected and combined groups.
        public let mandatoryIndexes: [Int], selectiveIndexes: [Int], combinedIndexes: [Int]
    }

    /// Checks a base proof as its holder receives it: every statement's signature and the base
    /// signature by the issuer's key (`method`).
    public static func verifyBase(
        _ document: JSONValue, method: ResolvedVerificationMethod, toRDF: any JSONLDToRDF = JSONLDProcessorToRDF()
    ) async throws(DataIntegrityError) -> BaseVerification {
        let (unsecured, proof, value, skolemized, statements) = try await baseStatements(document, toRDF: toRDF)
        let mandatory = try await StatementGroup(pointers: value.mandatoryPointers, skolemized: skolemized, statements: statements, toRDF: toRDF)
        let proofHash = try await proofConfigurationHash(proof, context: unsecured["@context"], toRDF: toRDF)
        let mandatoryHash = DigestAlgorithm.sha256.hash(utf8: mandatory.matching.keys.sorted().compactMap { mandatory.matching[$0] }.joined())
        let nonMandatory = mandatory.nonMatching.keys.sorted().compactMap { mandatory.nonMatching[$0] }
        try check(value.baseSignature, value.publicKey, value.signatures, nonMandatory: nonMandatory,
                  proofHash: proofHash, mandatoryHash: mandatoryHash, method: method)
        return BaseVerification(
            statements: statements.nQuads, mandatoryIndexes: mandatory.matching.keys.sorted(), proofHash: proofHash,
            mandatoryHash: mandatoryHash, proofValue: value)
    }

    /// The holder's derived document revealing what `selectivePointers` select (and what the
    /// mandatory pointers do), from a document with a base proof.
    public static func derive(
        _ document: JSONValue, selectivePointers: [String], toRDF: any JSONLDToRDF = JSONLDProcessorToRDF()
    ) async throws(DataIntegrityError) -> Derivation {
        let (unsecured, proof, value, skolemized, statements) = try await baseStatements(document, toRDF: toRDF)
        func group(_ pointers: [String]) async throws(DataIntegrityError) -> StatementGroup {
            try await StatementGroup(pointers: pointers, skolemized: skolemized, statements: statements, toRDF: toRDF)
        }
        let mandatory = try await group(value.mandatoryPointers)
        let selective = try await group(selectivePointers)
        let combined = try await group(value.mandatoryPointers + selectivePointers)
        let mandatoryIndexes = mandatory.matching.keys.sorted()
        let combinedIndexes = combined.matching.keys.sorted()
        // The mandatory statements' positions among the revealed ones, and the signatures of
        // the revealed statements that are not mandatory.
        let relativeMandatory = mandatoryIndexes.compactMap { combinedIndexes.firstIndex(of: $0) }
        let nonMandatoryIndexes = mandatory.nonMatching.keys.sorted()
        guard nonMandatoryIndexes.count == value.signatures.count else { throw .invalidProofValue }
        let signatures = nonMandatoryIndexes.enumerated().compactMap { position, index in
            selective.matching[index] != nil ? value.signatures[position] : nil
        }
        // The revealed document's canonical labels, mapped to the issuer's labels.
        let canonical: CanonicalizedDataset
        do {
            canonical = try RDFCanonicalizer().canonicalize(combined.deskolemized)
        } catch {
            throw .canonicalization("\(error)")
        }
        var labelMap: [String: String] = [:]
        for (input, canonicalLabel) in canonical.issuedIdentifiers {
            guard let label = statements.labels[input] else { throw .canonicalization("blank node \(input) has no label") }
            labelMap[canonicalLabel] = label
        }
        let derived = ECDSASDDerivedProofValue(
            baseSignature: value.baseSignature, publicKey: value.publicKey, signatures: signatures, labelMap: labelMap,
            mandatoryIndexes: relativeMandatory)
        guard var revealed = try JSONPointerSelection.select(value.mandatoryPointers + selectivePointers, from: unsecured) else {
            throw .invalidProof("nothing to reveal")
        }
        var derivedProof = proof.json
        derivedProof["proofValue"] = .string(derived.proofValue)
        revealed["proof"] = .object(derivedProof)
        return Derivation(
            document: .object(revealed), proofValue: derived, mandatoryIndexes: mandatoryIndexes,
            selectiveIndexes: selective.matching.keys.sorted(), combinedIndexes: combinedIndexes)
    }

    /// Verifies a derived proof (the suite's verifyProof): the revealed document's statements,
    /// labelled by the proof's label map, split into mandatory and not; the base signature over
    /// the proof hash, the ephemeral key and the mandatory hash; one signature per other statement.
    static func verifyDerived(
        unsecured: JSONObject, proof: DataIntegrityProof, method: ResolvedVerificationMethod, toRDF: any JSONLDToRDF
    ) async throws(DataIntegrityError) {
        let value = try ECDSASDDerivedProofValue(proofValue: proof.proofValue)
        let statements = try LabelledStatements(try await dataset(unsecured, toRDF, deskolemize: false)) { canonical throws(DataIntegrityError) in
            guard let label = value.labelMap[canonical] else { throw .invalidProof("the label map has no \(canonical)") }
            return label
        }
        guard value.mandatoryIndexes.allSatisfy({ statements.nQuads.indices.contains($0) }) else { throw .invalidProofValue }
        let mandatorySet = Set(value.mandatoryIndexes)
        let mandatory = value.mandatoryIndexes.map { statements.nQuads[$0] }
        let nonMandatory = statements.nQuads.indices.filter { !mandatorySet.contains($0) }.map { statements.nQuads[$0] }
        let proofHash = try await proofConfigurationHash(proof, context: unsecured["@context"], toRDF: toRDF)
        try check(value.baseSignature, value.publicKey, value.signatures, nonMandatory: nonMandatory, proofHash: proofHash,
                  mandatoryHash: DigestAlgorithm.sha256.hash(utf8: mandatory.joined()), method: method)
    }

    /// The base signature by the issuer, then each statement's by the ephemeral key.
    private static func check(
        _ baseSignature: Data, _ publicKey: PublicKey, _ signatures: [Data], nonMandatory: [String],
        proofHash: Data, mandatoryHash: Data, method: ResolvedVerificationMethod
    ) throws(DataIntegrityError) {
        guard let algorithm = DataIntegrityCryptosuite.ecdsaSD2023.signatureAlgorithm(for: method.publicKey.curve) else {
            throw .keyNotSupported("ecdsa-sd-2023 does not verify with a \(method.publicKey.curve?.rawValue ?? "RSA") key")
        }
        let signed = proofHash + publicKey.multicodecBytes + mandatoryHash
        guard (try? method.publicKey.verify(baseSignature, for: signed, algorithm: algorithm)) == true else { throw .signatureInvalid }
        guard signatures.count == nonMandatory.count else { throw .signatureInvalid }
        for (signature, statement) in zip(signatures, nonMandatory) {
            guard (try? publicKey.verify(signature, for: Data(statement.utf8), algorithm: .es256)) == true else { throw .signatureInvalid }
        }
    }

    /// What the holder reads from a document with a base proof: the unsecured document, the
    /// proof and its value, the skolemized document, and its HMAC-labelled statements.
    private static func baseStatements(
        _ document: JSONValue, toRDF: any JSONLDToRDF
    ) async throws(DataIntegrityError) -> (JSONObject, DataIntegrityProof, ECDSASDBaseProofValue, JSONObject, LabelledStatements) {
        let (unsecured, proof) = try split(document)
        let value = try ECDSASDBaseProofValue(proofValue: proof.proofValue)
        let skolemized = Skolemization.skolemize(unsecured)
        let statements = try LabelledStatements(
            try await dataset(skolemized, toRDF, deskolemize: true), label: { LabelledStatements.hmacLabel(key: value.hmacKey)($0) })
        return (unsecured, proof, value, skolemized, statements)
    }

    /// The document without `proof`, and its ecdsa-sd-2023 proof.
    private static func split(_ document: JSONValue) throws(DataIntegrityError) -> (JSONObject, DataIntegrityProof) {
        guard var object = document.objectValue, let proofObject = object["proof"]?.objectValue else { throw .missingProof }
        let proof = try DataIntegrityProof(json: proofObject)
        guard proof.cryptosuite == DataIntegrityCryptosuite.ecdsaSD2023.rawValue else { throw .unsupportedCryptosuite(proof.cryptosuite) }
        object["proof"] = nil
        return (object, proof)
    }

    static func dataset(_ document: JSONObject, _ toRDF: any JSONLDToRDF, deskolemize: Bool) async throws(DataIntegrityError) -> RDFDataset {
        do {
            let dataset = try await toRDF.dataset(of: document)
            return deskolemize ? Skolemization.deskolemize(dataset) : dataset
        } catch {
            throw .canonicalization("\(error)")
        }
    }

    /// SHA-256 of the canonical proof configuration: the proof without `proofValue`, with the
    /// document's `@context`.
    private static func proofConfigurationHash(
        _ proof: DataIntegrityProof, context: JSONValue?, toRDF: any JSONLDToRDF
    ) async throws(DataIntegrityError) -> Data {
        try await proofConfigurationHash(proof.json, context: context, toRDF: toRDF)
    }

    /// SHA-256 of the canonical proof configuration `proof` (its `proofValue` dropped) with the
    /// document's `@context`.
    static func proofConfigurationHash(
        _ proof: JSONObject, context: JSONValue?, toRDF: any JSONLDToRDF
    ) async throws(DataIntegrityError) -> Data {
        var configuration = proof
        configuration["proofValue"] = nil
        if let context { configuration["@context"] = context }
        do {
            let nQuads = try RDFCanonicalizer().canonicalNQuads(try await toRDF.dataset(of: configuration))
            return DigestAlgorithm.sha256.hash(utf8: nQuads)
        } catch {
            throw .canonicalization("\(error)")
        }
    }
}
