import CryptoKeys
import Foundation
import Multiformats
import OpenDID

/// A party of the Open DID data model (seed 001) the sandbox plays: an issuer or a holder with
/// a DID, fresh P-256 keys, and its DID document, signed by itself as an Open DID owner signs
/// it. The samples (`vellum sandbox --samples`) and the tests make their issuers, holders and
/// credentials with it.
///
/// Every key is made when the party is, so nothing here is a fixture anyone else holds.
public struct SandboxOpenDIDParty: Sendable {
    /// The DID.
    public let did: String
    /// The name the party's credentials give their issuer.
    public var name: String
    /// The key listed for `assertionMethod` (an issuer's credential signing key), `assert`.
    public var assertionKey: PrivateKey
    /// The key listed for `authentication` (a holder's presentation key), `pin`.
    public var authenticationKey: PrivateKey

    /// A party with fresh keys; the DID is random unless given.
    public init(
        did: String = "did:omn:test" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20), name: String = "Test issuer"
    ) {
        self.did = did
        self.name = name
        assertionKey = PrivateKey(curve: .p256)
        authenticationKey = PrivateKey(curve: .p256)
    }

    /// The DID document of version `versionId` listing the party's keys (or `assertionKeyName`
    /// for the assertion key, to model a rotation), signed by its assertion and
    /// authentication keys as published in version `signedUnder` (this version by default; a
    /// deactivated document is signed under the last active one, whose keys still count).
    public func document(
        versionId: String = "1", deactivated: Bool = false, assertionKeyName: String = "assert", signedUnder: String? = nil
    ) async throws -> DIDDocument {
        func method(_ name: String, _ key: PrivateKey, _ authType: AuthType) throws -> VerificationMethod {
            guard let point = key.publicKey.sec1CompressedRepresentation else { throw Unsupported() }
            return VerificationMethod(
                id: name, type: .secp256r1VerificationKey2018, controller: did,
                publicKeyMultibase: Multibase.encode(point, as: .base58btc), authType: authType)
        }
        let time = "2025-01-02T03:04:05Z"
        var document = DIDDocument(
            id: did, controller: did,
            verificationMethod: [try method(assertionKeyName, assertionKey, .free), try method("pin", authenticationKey, .pin)],
            assertionMethod: [assertionKeyName], authentication: ["pin"], created: time, updated: time,
            versionId: versionId, deactivated: deactivated)
        let signingVersion = signedUnder ?? versionId
        try await document.sign(with: [
            ProofKey(signer: try SoftwareSigner(privateKey: assertionKey), did: did, versionId: signingVersion, keyID: assertionKeyName),
            ProofKey(
                signer: try SoftwareSigner(privateKey: authenticationKey), did: did, versionId: signingVersion, keyID: "pin",
                purpose: .authentication),
        ])
        return document
    }

    /// The JSON of ``document(versionId:deactivated:assertionKeyName:)``.
    public func documentJSON(
        versionId: String = "1", deactivated: Bool = false, assertionKeyName: String = "assert", signedUnder: String? = nil
    ) async throws -> Data {
        try await document(versionId: versionId, deactivated: deactivated, assertionKeyName: assertionKeyName, signedUnder: signedUnder)
            .toJsonData(isPretty: true)
    }

    /// A credential about `subject` issued by this party (signed with its assertion key of
    /// `versionId`, a whole-credential and a per-claim signature), valid between the dates.
    public func credential(
        about subject: String, claims: [Claim] = SandboxOpenDIDParty.nationalIDClaims,
        validFrom: Date = Date().addingTimeInterval(-3600), validUntil: Date = Date().addingTimeInterval(365 * 86400),
        versionId: String = "1", assertionKeyName: String = "assert"
    ) async throws -> VerifiableCredential {
        var credential = VerifiableCredential(
            id: UUID().uuidString.lowercased(), issuer: Issuer(id: did, name: name),
            issuanceDate: UTCDatetime.string(from: validFrom), validFrom: UTCDatetime.string(from: validFrom),
            validUntil: UTCDatetime.string(from: validUntil), formatVersion: "1.0", language: "en", evidence: [],
            credentialSchema: CredentialSchema(id: "https://issuer.example/api/v1/vc/vcschema?name=national_id"),
            credentialSubject: CredentialSubject(id: subject, claims: claims),
            proof: VCProof(created: "2025-01-02T03:04:05Z", proofPurpose: .assertionMethod, verificationMethod: "", type: .secp256r1Signature2018))
        try await credential.sign(
            with: ProofKey(signer: try SoftwareSigner(privateKey: assertionKey), did: did, versionId: versionId, keyID: assertionKeyName),
            created: validFrom)
        return credential
    }

    /// Three claims of a national ID.
    public static let nationalIDClaims = [
        Claim(code: "org.opendid.v1.national_id.family_name", caption: "Family name", value: "Hong"),
        Claim(code: "org.opendid.v1.national_id.given_name", caption: "Given name", value: "Gildong"),
        Claim(code: "org.opendid.v1.national_id.birth_date", caption: "Birth date", value: "1990-01-01"),
    ]

    struct Unsupported: Error {}
}
