/// Why a Data Integrity proof was not made or not accepted. Each check has its own case, so a
/// caller (and a test) can tell a forgery from a policy refusal.
public enum DataIntegrityError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document has no `proof`, or none of type `DataIntegrityProof`.
    case missingProof
    /// A proof member is missing or malformed (the name, and why).
    case invalidProof(String)
    /// The `cryptosuite` is not one this library implements, or not one the policy accepts.
    case unsupportedCryptosuite(String)
    /// The proof's `@context` is not a prefix of the document's.
    case contextMismatch
    /// The document or proof cannot be canonicalized (a number JCS cannot write).
    case canonicalization(String)
    /// An RDFC suite was asked for without a JSON-LD processor (``JSONLDToRDF``) to run it.
    case jsonLDProcessorMissing(String)
    /// The `proofValue` is not base58btc multibase, or not the suite's signature length.
    case invalidProofValue
    /// A Linked Data signature's detached `jws` is malformed, or its header is not the
    /// suite's (`alg` for the key, `b64: false` listed in `crit`).
    case invalidJWS(String)
    /// The verification method could not be resolved or is not in the relationship the proof
    /// purpose names.
    case verificationMethod(String)
    /// The verification method's key is not one the cryptosuite signs with.
    case keyNotSupported(String)
    /// The signature does not verify: the document, the proof options or the key differ
    /// from what was signed.
    case signatureInvalid
    /// `proofPurpose` is not the one the verifier expects.
    case wrongProofPurpose(expected: String, found: String)
    /// The expected `challenge` is missing from the proof or differs.
    case challengeMismatch
    /// The expected `domain` is missing from the proof or differs.
    case domainMismatch
    /// `created` is later than the time of the check.
    case createdInFuture
    /// `expires` has passed.
    case proofExpired
    /// The proof verifies, but its verification method is not a key of the DID that must
    /// have made it (the credential's `issuer`, the presentation's `holder`).
    case notControllersKey(method: String, controller: String)
    /// Signing failed in the key's backend.
    case signing(String)
    /// An ecdsa-sd-2023 base proof where a derived one is required: only the holder may see
    /// a base proof (it reveals every statement and the HMAC key); a verifier is shown a
    /// proof derived from it (``DataIntegrityProofPolicy/acceptsBaseProofs``).
    case baseProofPresented
    /// A selectively disclosed credential reveals a claim (its path) the verifier did not
    /// ask for and the issuer did not make mandatory (``RequestedClaimsPolicy``).
    case claimNotRequested(String)

    /// A message for a log.
    public var description: String {
        switch self {
        case .missingProof: return "Data Integrity: no DataIntegrityProof"
        case let .invalidProof(reason): return "Data Integrity: invalid proof: \(reason)"
        case let .unsupportedCryptosuite(suite): return "Data Integrity: cryptosuite \(suite) not supported"
        case .contextMismatch: return "Data Integrity: the proof's @context is not a prefix of the document's"
        case let .canonicalization(reason): return "Data Integrity: cannot canonicalize: \(reason)"
        case let .jsonLDProcessorMissing(suite): return "Data Integrity: \(suite) needs a JSON-LD processor"
        case .invalidProofValue: return "Data Integrity: proofValue is not a base58btc signature of the right length"
        case let .invalidJWS(reason): return "Data Integrity: invalid jws: \(reason)"
        case let .verificationMethod(reason): return "Data Integrity: verification method: \(reason)"
        case let .keyNotSupported(reason): return "Data Integrity: key not supported: \(reason)"
        case .signatureInvalid: return "Data Integrity: signature does not verify"
        case let .wrongProofPurpose(expected, found): return "Data Integrity: proofPurpose \(found), expected \(expected)"
        case .challengeMismatch: return "Data Integrity: challenge missing or different"
        case .domainMismatch: return "Data Integrity: domain missing or different"
        case .createdInFuture: return "Data Integrity: created is in the future"
        case .proofExpired: return "Data Integrity: proof expired"
        case let .notControllersKey(method, controller): return "Data Integrity: the proof is made with \(method), not a key of \(controller)"
        case let .signing(reason): return "Data Integrity: signing failed: \(reason)"
        case let .claimNotRequested(path): return "Data Integrity: the credential discloses \(path), which was not asked for"
        case .baseProofPresented: return "Data Integrity: an ecdsa-sd-2023 base proof, which only its holder may see; a verifier needs a derived proof"
        }
    }
}
