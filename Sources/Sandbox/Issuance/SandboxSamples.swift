import CryptoKeys
import Foundation
import JOSE
import Multiformats
import SDJWT

/// Sample credentials for trying `vellum verify` and `vellum import` without a wallet flow:
/// what `vellum sandbox --samples DIR` writes, and what the README's examples use.
///
/// Each credential is issued by a running sandbox, under its root, without a status list
/// entry (so it verifies offline, after the sandbox stopped) and bound to a fresh holder key
/// that is written beside it. Nothing here is secret beyond a sample's own holder keys.
public enum SandboxSamples {
    /// The files written, with what each is.
    public static let files: [(name: String, description: String)] = [
        ("iaca.pem", "the sandbox root (IACA): trust it to verify both credentials"),
        ("pid.sd-jwt", "an SD-JWT VC PID (compact), bound to pid-holder.pem"),
        ("pid-holder.pem", "the PID's holder private key (for vellum import --holder-key)"),
        ("vp.sd-jwt", "a presentation of the PID with a key binding JWT for nonce n-42 and client x509_san_dns:verifier.example"),
        ("mdl.cbor", "an ISO 18013-5 mDL IssuerSigned (binary CBOR), bound to mdl-holder.pem"),
        ("mdl-holder.pem", "the mDL's device private key (for vellum import --holder-key)"),
        ("opendid-vc.json", "an Open DID verifiable credential (a national ID) about the holder's DID"),
        ("opendid-issuer-did.json", "the Open DID issuer's DID document (vellum verify --did-doc, vellum trust add-did)"),
        ("opendid-holder-did.json", "the Open DID holder's DID document"),
        ("opendid-holder.pem", "the holder's authentication key (for vellum import --holder-key)"),
    ]

    /// The nonce and client identifier the sample presentation answers.
    public static let presentationNonce = "n-42"
    public static let presentationAudience = "x509_san_dns:verifier.example"

    /// Writes the samples into `directory` (created if needed; existing sample files are
    /// replaced) from `issuer`, which must be running.
    public static func write(to directory: URL, from issuer: SandboxIssuer) async throws(SandboxError) {
        let pidKey = PrivateKey(curve: .p256)
        let mdlKey = PrivateKey(curve: .p256)
        let pid = try await issuer.issueSample(.pid, boundTo: JWK(publicKey: pidKey.publicKey))
        let mdl = try await issuer.issueSample(.mDL, boundTo: JWK(publicKey: mdlKey.publicKey))
        let presentation: String
        do {
            let signer = try SoftwareSigner(privateKey: pidKey)
            let object = try await SDJWTObject(compact: pid).addingKeyBinding(
                KeyBindingRequest(audience: presentationAudience, nonce: presentationNonce), hashAlgorithm: .sha256, signer: signer)
            presentation = object.compactSerialization
        } catch {
            throw .cryptography("making the sample presentation: \(error)")
        }
        let openDIDIssuer = SandboxOpenDIDParty(name: "Vellum Sandbox Open DID issuer")
        let openDIDHolder = SandboxOpenDIDParty()
        let openDID: (credential: Data, issuer: Data, holder: Data)
        do {
            openDID = (
                try await openDIDIssuer.credential(about: openDIDHolder.did).toJsonData(isPretty: true),
                try await openDIDIssuer.documentJSON(), try await openDIDHolder.documentJSON())
        } catch {
            throw .cryptography("making the Open DID samples: \(error)")
        }
        let contents: [String: Data]
        do {
            contents = [
                "iaca.pem": Data(issuer.rootCertificatePEM.utf8),
                "pid.sd-jwt": Data(pid.utf8),
                "pid-holder.pem": Data(try pidKey.pemRepresentation().utf8),
                "vp.sd-jwt": Data(presentation.utf8),
                "mdl.cbor": try Base64URL.decodeLenient(mdl),
                "mdl-holder.pem": Data(try mdlKey.pemRepresentation().utf8),
                "opendid-vc.json": openDID.credential,
                "opendid-issuer-did.json": openDID.issuer,
                "opendid-holder-did.json": openDID.holder,
                "opendid-holder.pem": Data(try openDIDHolder.authenticationKey.pemRepresentation().utf8),
            ]
        } catch {
            throw .cryptography("encoding the samples: \(error)")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, data) in contents {
                let url = directory.appendingPathComponent(name)
                try data.write(to: url, options: .atomic)
                if name.hasSuffix("holder.pem") {
                    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
                }
            }
        } catch {
            throw .stateNotWritten("the samples could not be written to \(directory.path)")
        }
    }
}

extension SandboxIssuer {
    /// One credential of `kind` bound to `holderKey`, without a status list entry or record;
    /// see ``SandboxSamples``.
    public func issueSample(_ kind: SandboxCredentialKind, boundTo holderKey: JWK) async throws(SandboxError) -> String {
        try await running().mintSample(kind, holderKey: holderKey)
    }
}
