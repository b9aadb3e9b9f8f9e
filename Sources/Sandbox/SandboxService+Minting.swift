import CBOR
import CryptoKeys
import Foundation
import JOSE
import JSONModel
import MDoc
import Multiformats
import SDJWT
import StatusList

/// Issuing real credentials: each gets a status list entry and is bound to the key the
/// wallet proved possession of.
extension SandboxService {
    /// Issues one credential of `kind` bound to `holderKey`; returns the wire form (an SD-JWT
    /// VC, or the base64url `IssuerSigned` for an mDL) and the sandbox's record of it.
    func mint(_ kind: SandboxCredentialKind, holderKey: JWK, thumbprint: String) async throws(SandboxError) -> (String, SandboxIssuedCredential) {
        guard nextStatusIndex < statusList.count else { throw .invalidRequest("the status list is full") }
        let index = nextStatusIndex
        nextStatusIndex += 1
        let reference: StatusListReference
        do {
            reference = try StatusListReference(index: index, uri: statusListURI)
        } catch {
            throw .invalidRequest("status reference: \(error)")
        }
        let issuedAt = now
        let credential: String
        switch kind {
        case .pid: credential = try await mintPID(holderKey: holderKey, status: reference, now: issuedAt)
        case .mDL: credential = try await mintMDL(holderKey: holderKey, status: reference, now: issuedAt)
        }
        let record = SandboxIssuedCredential(
            id: RandomToken.make(12), kind: kind, statusIndex: index, statusListURI: statusListURI,
            holderKeyThumbprint: thumbprint, issuedAt: issuedAt)
        issued[record.id] = record
        return (credential, record)
    }

    private func mintPID(holderKey: JWK, status: StatusListReference, now: Date) async throws(SandboxError) -> String {
        var claims: JSONObject = [
            "iss": .string(issuer),
            "iat": .number(JSONNumber(Int(now.timeIntervalSince1970))),
            "exp": .number(JSONNumber(Int((now + configuration.credentialValidity).timeIntervalSince1970))),
            "vct": .string(SandboxCredentialKind.pidVCT),
            "status": status.statusClaimJSON,
        ]
        for (name, value) in PIDContent.subjectClaims { claims[name] = value }
        var header = JOSEHeader(type: "dc+sd-jwt")
        header.certificateChain = [SandboxAuthority.der(authority.issuerCertificate)]
        let builder = SDJWTBuilder(
            claims: claims, disclosing: PIDContent.disclosablePaths, decoys: .none, header: header, holderKey: holderKey)
        do {
            let object = try await builder.issue(signer: SandboxAuthority.signer(authority.issuerKey))
            return object.compactSerialization
        } catch let error as SandboxError {
            throw error
        } catch {
            throw .cryptography("issuing the PID: \(error)")
        }
    }

    private func mintMDL(holderKey: JWK, status: StatusListReference, now: Date) async throws(SandboxError) -> String {
        let deviceKey: PublicKey
        do {
            deviceKey = try holderKey.publicKey()
        } catch {
            throw .cryptography("the holder key: \(error)")
        }
        let until = now + configuration.credentialValidity
        var builder = IssuerSignedBuilder(
            docType: SandboxCredentialKind.mDLDocType, deviceKey: deviceKey,
            validityInfo: ValidityInfo(signed: now, validFrom: now, validUntil: until), status: status.statusClaimCBOR)
        for (identifier, value) in MDLContent.elements(now: now, until: until) {
            builder.add(identifier, value, nameSpace: SandboxCredentialKind.mDLNameSpace)
        }
        do {
            let signed = try await builder.sign(
                signer: SandboxAuthority.signer(authority.documentSignerKey),
                certificateChain: [SandboxAuthority.der(authority.documentSigner)])
            return Base64URL.encode(signed.cbor.encoded())
        } catch let error as SandboxError {
            throw error
        } catch {
            throw .cryptography("issuing the mDL: \(error)")
        }
    }
}
