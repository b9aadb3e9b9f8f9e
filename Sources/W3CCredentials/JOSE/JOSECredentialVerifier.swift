import DID
import Foundation
import JOSE
import JSONModel

/// A JOSE-secured credential that verified and passed the policy.
public struct VerifiedJOSECredential: Sendable {
    /// The signature's evidence.
    public let evidence: JOSECredentialEvidence
    /// The credential, read with the data model's rules and valid at the policy's time.
    public let credential: VerifiableCredential
}

/// A JOSE-secured presentation that verified and passed the policy, with each credential in it.
public struct VerifiedJOSEPresentation: Sendable {
    /// The signature's evidence.
    public let evidence: JOSECredentialEvidence
    /// The presentation, read with the data model's rules.
    public let presentation: VerifiablePresentation
    /// Its JOSE-secured credentials (VC-JWT strings, enveloped `vc+jwt`), each verified.
    /// Credentials embedded as JSON with their own proofs (``VerifiablePresentation/credentials``)
    /// are not verified here: ``DataIntegrityVerifier`` checks those.
    public let credentials: [VerifiedJOSECredential]
}

/// Verifies W3C credentials and presentations secured as JWTs: the VC-JWT of VCDM 1.1
/// (§6.3.1) and VC-JOSE-COSE's `vc+jwt`/`vp+jwt` (VCDM 2.0), with the one JWS implementation
/// of the `JOSE` module.
///
/// The key is the verification method the header's `kid` names (a DID URL, or a fragment of
/// the DID the document names as issuer or holder), resolved through `DID` and listed under
/// `assertionMethod` for a credential, `authentication` for a presentation. The signature is
/// checked with it before any claim is believed; then the ``JOSECredentialPolicy`` judges
/// (the key's DID is the issuer's, time, audience, nonce), and the document is read with the
/// data model's rules. A presentation's credentials are verified each, as credentials.
public struct JOSECredentialVerifier: Sendable {
    /// Resolves the DIDs of signing keys (did:key, did:jwk offline; add did:web over HTTP).
    public var resolver: any DIDResolver

    /// A verifier resolving with `resolver` (offline methods by default).
    public init(resolver: any DIDResolver = DIDResolverRegistry.offline()) {
        self.resolver = resolver
    }

    /// The evidence of a compact JWS: signature verified with the `kid`'s key, claims mapped.
    public func evidence(_ token: String, policy: JOSECredentialPolicy) async throws(JOSECredentialError) -> JOSECredentialEvidence {
        let jws = try Self.jose { () throws(JOSEError) in try JWSObject(compact: token, limits: policy.limits) }
        guard let header = jws.signatures.first?.header else { throw .jose(.malformed("no signature")) }
        var payloadBytes = Data()
        let decoded = try Self.jose { () throws(JOSEError) in try jws.decodingPayload { payloadBytes = Data($0) } }
        // Read before the signature is checked, only to find the key: every value used
        // afterwards comes from the signed bytes the verification returns.
        let payload = try Self.jose { () throws(JOSEError) in try Self.object(payloadBytes, limits: policy.limits) }
        guard let detected = JOSECredentialForm.detect(header: header, payload: payload) else {
            throw .notACredential("the payload has no vc or vp claim and typ is \(header.type ?? "absent")")
        }
        let (form, kind) = detected
        let method = try await verificationMethod(header: header, payload: payload, form: form, kind: kind)
        let (verified, signed, claims) = try Self.jose { () throws(JOSEError) -> (VerifiedJWS, JSONObject, JWTClaims) in
            let verified = try decoded.verify(policy: policy.jwsPolicy) { _ in JWSVerificationKey(method.publicKey) }
            let signed = try Self.object(verified.payload, limits: policy.limits)
            return (verified, signed, try JWTClaims(signed))
        }
        let document = form == .vcJWT ? try VCJWTClaimsMapping.document(from: claims, kind: kind) : JSONValue.object(signed)
        return JOSECredentialEvidence(
            header: verified.header, claims: claims, form: form, kind: kind, document: document,
            verificationMethod: method)
    }

    /// Runs a JOSE step, its error wrapped.
    static func jose<T>(_ body: () throws(JOSEError) -> T) throws(JOSECredentialError) -> T {
        do {
            return try body()
        } catch {
            throw .jose(error)
        }
    }

    /// Verifies a credential token under `policy`.
    public func verifyCredential(_ token: String, policy: JOSECredentialPolicy) async throws(JOSECredentialError) -> VerifiedJOSECredential {
        let evidence = try await evidence(token, policy: policy)
        guard evidence.kind == .credential else { throw .notACredential("a presentation where a credential was expected") }
        try policy.check(evidence)
        do throws(CredentialError) {
            let credential = try VerifiableCredential(json: evidence.document)
            try credential.checkValidity(at: policy.now, skew: policy.skew)
            return VerifiedJOSECredential(evidence: evidence, credential: credential)
        } catch {
            throw .credential(error)
        }
    }

    /// Verifies a presentation token under `policy` and each credential it carries under
    /// ``JOSECredentialPolicy/credentialPolicy``.
    public func verifyPresentation(_ token: String, policy: JOSECredentialPolicy) async throws(JOSECredentialError) -> VerifiedJOSEPresentation {
        let evidence = try await evidence(token, policy: policy)
        guard evidence.kind == .presentation else { throw .notACredential("a credential where a presentation was expected") }
        try policy.check(evidence)
        let presentation: VerifiablePresentation
        do throws(CredentialError) {
            presentation = try VerifiablePresentation(json: evidence.document)
        } catch {
            throw .credential(error)
        }
        var credentials: [VerifiedJOSECredential] = []
        let tokens = try presentation.securedCredentialStrings + presentation.envelopedCredentials.map {
            (id: String) throws(JOSECredentialError) -> String in try EnvelopedCredential.token(fromID: id)
        }
        for (index, token) in tokens.enumerated() {
            do throws(JOSECredentialError) {
                credentials.append(try await verifyCredential(token, policy: policy.credentialPolicy))
            } catch {
                throw .embeddedCredential(index: index, error)
            }
        }
        return VerifiedJOSEPresentation(evidence: evidence, presentation: presentation, credentials: credentials)
    }

    /// The method `kid` names, from the DID document of the DID it is rooted at (a bare
    /// fragment is rooted at the issuer or holder the payload names), listed under the
    /// relationship `kind` signs with.
    private func verificationMethod(
        header: JOSEHeader, payload: JSONObject, form: JOSECredentialForm, kind: W3CDocumentKind
    ) async throws(JOSECredentialError) -> ResolvedVerificationMethod {
        guard let kid = header.keyID else { throw .keyResolution("the header has no kid") }
        let url: DIDURL
        do {
            if kid.hasPrefix("did:") {
                url = try DIDURL(kid)
            } else {
                let member = kind == .credential ? "issuer" : "holder"
                let document = form == .vcJWT ? payload[kind == .credential ? "vc" : "vp"]?.objectValue : payload
                guard let named = payload["iss"]?.stringValue ?? VCJWTClaimsMapping.identifier(document?[member]) else {
                    throw DIDError.relativeReferenceWithoutBase(kid)
                }
                url = try DIDURL(kid, relativeTo: DIDIdentifier(named))
            }
        } catch {
            throw .keyResolution("kid \(kid): \(error)")
        }
        let relationship: VerificationRelationship = kind == .credential ? .assertionMethod : .authentication
        return try await verificationMethod(kid: url.description, relationship: relationship)
    }

    /// The method an absolute DID URL names, from its DID's document, listed under `relationship`.
    func verificationMethod(kid: String, relationship: VerificationRelationship) async throws(JOSECredentialError) -> ResolvedVerificationMethod {
        let url: DIDURL
        do {
            url = try DIDURL(kid)
        } catch {
            throw .keyResolution("kid \(kid): \(error)")
        }
        let resolution: DIDResolution
        do {
            resolution = try await resolver.resolve(url.did)
        } catch {
            throw .keyResolution("\(url.did): \(error)")
        }
        do {
            return try resolution.document.verificationMethod(for: url.description, relationship: relationship)
        } catch {
            throw .keyResolution("\(url) under \(relationship.rawValue): \(error)")
        }
    }

    /// A strict JSON object (duplicate members refused) within the token's limits.
    static func object(_ bytes: Data, limits: JOSELimits) throws(JOSEError) -> JSONObject {
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONValue(parsing: bytes, limits: JSONParser.Limits(maximumSize: limits.maximumTokenSize, maximumDepth: limits.maximumJSONDepth))
        } catch {
            throw .invalidJSON(part: "payload", error)
        }
        guard let object = value.objectValue else { throw .malformed("the payload is not a JSON object") }
        return object
    }
}
