import CBOR
import CryptoKeys
import DID
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
    func mint(_ kind: SandboxCredentialKind, holderKey: JWK, thumbprint: String) async throws(SandboxError) -> (JSONValue, SandboxIssuedCredential) {
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
        let boundKey = faults.contains(.bindsOtherKey) ? JWK(publicKey: PrivateKey(curve: .p256).publicKey) : holderKey
        let credential: JSONValue
        switch kind {
        case .pid: credential = .string(try await mintPID(holderKey: boundKey, status: reference, now: issuedAt))
        case .mDL: credential = .string(try await mintMDL(holderKey: boundKey, status: reference, now: issuedAt))
        case .diploma: credential = .object(try await mintDiploma(holderKey: boundKey, now: issuedAt))
        case .diplomaJWT: credential = .string(try await mintDiplomaJWT(holderKey: boundKey, now: issuedAt))
        case .diplomaV1, .employeeSD: credential = .object(try await mintW3C(kind, holderKey: boundKey, now: issuedAt))
        }
        let record = SandboxIssuedCredential(
            id: RandomToken.make(12), kind: kind, statusIndex: index, statusListURI: statusListURI,
            holderKeyThumbprint: thumbprint, issuedAt: issuedAt)
        issued[record.id] = record
        do {
            try persist()
        } catch {
            issued[record.id] = nil
            nextStatusIndex = index
            throw error
        }
        return (credential, record)
    }

    /// Issues one credential of `kind` bound to `holderKey` with no status list entry and no
    /// record: a sample file that verifies offline, whether or not this sandbox still runs.
    func mintSample(_ kind: SandboxCredentialKind, holderKey: JWK) async throws(SandboxError) -> String {
        switch kind {
        case .pid: try await mintPID(holderKey: holderKey, status: nil, now: now)
        case .mDL: try await mintMDL(holderKey: holderKey, status: nil, now: now)
        case .diploma: String(decoding: JSONValue.object(try await mintDiploma(holderKey: holderKey, now: now)).serialized(), as: UTF8.self)
        case .diplomaJWT: try await mintDiplomaJWT(holderKey: holderKey, now: now)
        case .diplomaV1, .employeeSD:
            String(decoding: JSONValue.object(try await mintW3C(kind, holderKey: holderKey, now: now)).serialized(), as: UTF8.self)
        }
    }

    /// The 1.1 diploma or the employee credential about the did:key of `holderKey`; under
    /// ``SandboxFault/tampersCredential`` the employee's job title is changed after signing.
    private func mintW3C(_ kind: SandboxCredentialKind, holderKey: JWK, now: Date) async throws(SandboxError) -> JSONObject {
        do {
            let subject = try DIDKey.make(for: try holderKey.publicKey()).description
            guard kind == .employeeSD else { return try await exchangeIssuer.diplomaV1(for: subject, now: now) }
            let signed = try await exchangeIssuer.employee(for: subject, now: now)
            return faults.contains(.tampersCredential) ? SandboxExchangeIssuer.tampered(signed) : signed
        } catch {
            throw .cryptography("the \(kind.rawValue) credential could not be issued: \(error)")
        }
    }

    /// A diploma about the did:key of `holderKey`, signed by the sandbox's W3C issuer. (It
    /// takes a status list entry like the others, for the record; the W3C credential names
    /// no list of its own.)
    private func mintDiploma(holderKey: JWK, now: Date) async throws(SandboxError) -> JSONObject {
        do {
            let subject = try DIDKey.make(for: try holderKey.publicKey())
            return try await exchangeIssuer.diploma(for: subject.description, now: now)
        } catch {
            throw .cryptography("the diploma could not be issued: \(error)")
        }
    }

    /// The diploma as a VC-JWT about the did:key of `holderKey`.
    private func mintDiplomaJWT(holderKey: JWK, now: Date) async throws(SandboxError) -> String {
        do {
            let subject = try DIDKey.make(for: try holderKey.publicKey())
            return try await exchangeIssuer.diplomaJWT(for: subject.description, now: now)
        } catch {
            throw .cryptography("the diploma could not be issued as a VC-JWT: \(error)")
        }
    }

    private func mintPID(holderKey: JWK, status: StatusListReference?, now: Date) async throws(SandboxError) -> String {
        var claims: JSONObject = [
            "iss": .string(issuer),
            "iat": .number(JSONNumber(Int(now.timeIntervalSince1970))),
            "exp": .number(JSONNumber(Int((now + configuration.credentialValidity).timeIntervalSince1970))),
            "vct": .string(faults.contains(.issuesOtherType) ? SandboxCredentialKind.otherVCT : SandboxCredentialKind.pidVCT),
        ]
        if let status { claims["status"] = status.statusClaimJSON }
        for (name, value) in PIDContent.subjectClaims { claims[name] = value }
        var header = JOSEHeader(type: "dc+sd-jwt")
        let certificate = faults.contains(.signsWithUntrustedRoot) ? authority.rogueIssuerCertificate : authority.issuerCertificate
        header.certificateChain = [SandboxAuthority.der(certificate)]
        let builder = SDJWTBuilder(
            claims: claims, disclosing: PIDContent.disclosablePaths, decoys: .none, header: header, holderKey: holderKey)
        do {
            let object = try await builder.issue(signer: SandboxAuthority.signer(authority.issuerKey))
            guard faults.contains(.tampersCredential) else { return object.compactSerialization }
            return Self.tampered(object.compactSerialization)
        } catch let error as SandboxError {
            throw error
        } catch {
            throw .cryptography("issuing the PID: \(error)")
        }
    }

    /// The SD-JWT with its issuer signature altered in one byte.
    static func tampered(_ sdJWT: String) -> String {
        var parts = sdJWT.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
        var jws = parts[0].split(separator: ".").map(String.init)
        guard jws.count == 3, var signature = try? Base64URL.decode(jws[2]), !signature.isEmpty else { return sdJWT }
        signature[signature.startIndex] ^= 0x01
        jws[2] = Base64URL.encode(signature)
        parts[0] = jws.joined(separator: ".")
        return parts.joined(separator: "~")
    }

    /// The mdoc with `family_name` changed after signing, so its digest no longer matches.
    static func tampered(_ signed: IssuerSigned) -> IssuerSigned {
        var nameSpaces = signed.nameSpaces
        guard var items = nameSpaces[SandboxCredentialKind.mDLNameSpace],
              let index = items.firstIndex(where: { $0.item.elementIdentifier == "family_name" })
        else { return signed }
        var item = items[index].item
        item.elementValue = "Tampered"
        items[index] = IssuerSignedItemBytes(item: item)
        nameSpaces[SandboxCredentialKind.mDLNameSpace] = items
        return IssuerSigned(nameSpaces: nameSpaces, issuerAuth: signed.issuerAuth)
    }

    private func mintMDL(holderKey: JWK, status: StatusListReference?, now: Date) async throws(SandboxError) -> String {
        let deviceKey: PublicKey
        do {
            deviceKey = try holderKey.publicKey()
        } catch {
            throw .cryptography("the holder key: \(error)")
        }
        let until = now + configuration.credentialValidity
        var builder = IssuerSignedBuilder(
            docType: faults.contains(.issuesOtherType) ? SandboxCredentialKind.otherDocType : SandboxCredentialKind.mDLDocType,
            deviceKey: deviceKey,
            validityInfo: ValidityInfo(signed: now, validFrom: now, validUntil: until), status: status?.statusClaimCBOR)
        for (identifier, value) in MDLContent.elements(now: now, until: until) {
            builder.add(identifier, value, nameSpace: SandboxCredentialKind.mDLNameSpace)
        }
        do {
            let signed = try await builder.sign(
                signer: SandboxAuthority.signer(authority.documentSignerKey),
                certificateChain: [SandboxAuthority.der(
                    faults.contains(.signsWithUntrustedRoot) ? authority.rogueDocumentSigner : authority.documentSigner)])
            guard faults.contains(.tampersCredential) else { return Base64URL.encode(signed.cbor.encoded()) }
            return Base64URL.encode(Self.tampered(signed).cbor.encoded())
        } catch let error as SandboxError {
            throw error
        } catch {
            throw .cryptography("issuing the mDL: \(error)")
        }
    }
}
