import CBOR
import Crypto
import CryptoKeys
import DCQL
import Foundation
import JOSE
import JSONModel
import MDoc
import SDJWT
import VellumTestSupport
import X509
import X509Trust

/// Credentials held by the test wallet: an SD-JWT VC PID and an mDL, both bound to holder keys.
struct HeldCredentials {
    static let vct = "urn:eudi:pid:1"
    static let docType = "org.iso.18013.5.1.mDL"
    static let nameSpace = "org.iso.18013.5.1"

    let issuerKey = PrivateKey(curve: .p256)
    let holderKey = PrivateKey(curve: .p256)
    let pid: ProcessedSDJWT
    let mdl: IssuerSigned
    let mdlAnchors: TrustAnchorStore

    init() async throws {
        let builder = SDJWTBuilder(
            claims: [
                "iss": "https://issuer.example", "vct": .string(Self.vct), "iat": 1_767_225_600,
                "given_name": "Erika", "family_name": "Mustermann", "birthdate": "1984-01-26",
            ],
            disclosing: [try ClaimPath([.key("given_name")]), try ClaimPath([.key("family_name")]), try ClaimPath([.key("birthdate")])],
            header: JOSEHeader(type: "dc+sd-jwt"), holderKey: JWK(publicKey: holderKey.publicKey))
        let issued = try await builder.issue(signer: SoftwareSigner(privateKey: issuerKey))
        pid = try SDJWTVerifier(clock: { Date(timeIntervalSince1970: 1_767_225_600) })
            .verify(issued, issuerKey: JWSVerificationKey(issuerKey.publicKey)).processed

        // A self-signed document signer serves as its own anchor: the mdoc trust chain is
        // tested in MDocTests; here the binding to the OpenID4VP request is what matters.
        let dsKey = P256.Signing.PrivateKey()
        let certificate = try TestPKI.root(
            key: dsKey, name: "Test DS", country: "UT", keyUsage: KeyUsage(digitalSignature: true, keyCertSign: true),
            notBefore: Date() - 86_400, notAfter: Date() + 86_400)
        mdlAnchors = TrustAnchorStore([certificate])
        var mdlBuilder = IssuerSignedBuilder(
            docType: Self.docType, deviceKey: holderKey.publicKey,
            validityInfo: ValidityInfo(signed: Date() - 3600, validFrom: Date() - 3600, validUntil: Date() + 86_400))
        mdlBuilder.add("given_name", "Erika", nameSpace: Self.nameSpace)
        mdlBuilder.add("family_name", "Mustermann", nameSpace: Self.nameSpace)
        mdlBuilder.add("age_over_18", true, nameSpace: Self.nameSpace)
        mdl = try await mdlBuilder.sign(
            signer: SoftwareSigner(privateKey: try PrivateKey(rawRepresentation: dsKey.rawRepresentation, curve: .p256)),
            certificateChain: [Data(certificate.derBytes)])
    }

    var holderSigner: SoftwareSigner { get throws { try SoftwareSigner(privateKey: holderKey) } }

    /// The credentials as the DCQL matcher sees them.
    var presentable: [any PresentableCredential] {
        [
            HeldCredential(credentialID: "pid-1", format: "dc+sd-jwt", typeIdentifiers: [Self.vct], claims: .json(.object(pid.claims))),
            HeldCredential(
                credentialID: "mdl-1", format: "mso_mdoc", typeIdentifiers: [Self.docType],
                claims: .mdoc([Self.nameSpace: ["given_name": "Erika", "family_name": "Mustermann", "age_over_18": true]])),
        ]
    }
}

struct HeldCredential: PresentableCredential {
    var credentialID: String
    var format: String
    var typeIdentifiers: [String]
    var claims: PresentableClaims
    var supportsCryptographicHolderBinding: Bool { true }
}
