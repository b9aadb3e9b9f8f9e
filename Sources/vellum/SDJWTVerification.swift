import CryptoKeys
import DID
import Foundation
import HTTP
import JOSE
import JSONModel
import SDJWT
import StatusList
import X509Trust

/// `vellum verify` for SD-JWTs and SD-JWT VCs in the compact serialization.
struct SDJWTVerification {
    /// Trust anchors for `x5c` chains (`--trust`).
    var anchors: TrustAnchorStore
    /// A key the user trusts outright (`--issuer-key`); replaces every other mechanism.
    var issuerKey: PublicKey?

    /// Whether `text` looks like a compact SD-JWT: a JWS (a base64url JSON header, `eyJ`)
    /// followed by `~`.
    static func detects(_ text: String) -> Bool {
        text.hasPrefix("eyJ") && text.contains("~") && !text.contains(where: \.isWhitespace)
    }

    /// The issuer key policy: the given key, or `x5c` against the anchors, DIDs, and issuer
    /// metadata over HTTPS.
    func resolver(httpClient: some HTTPClient) -> any SDJWTIssuerKeyResolver {
        if let issuerKey { return SDJWTIssuerKeyLookup(publicKey: issuerKey) }
        return SDJWTVCIssuerKeyResolver(
            certificates: X5CIssuerKeyResolver(anchors: anchors),
            metadata: IssuerMetadataKeyResolver(httpClient: httpClient),
            dids: DIDIssuerKeyResolver(resolver: DIDResolverRegistry.offline()))
    }

    /// Verifies `text`; the report says why when it does not.
    func verify(_ text: String) async -> SDJWTReport {
        let object: SDJWTObject
        do {
            object = try SDJWTObject(compact: text)
        } catch {
            return SDJWTReport(isVC: false, failure: error.description, isUnreadable: true)
        }
        let type = object.jws.signatures.first?.header.type
        let isVC = type == SDJWTVCVerifier.mediaType || type == SDJWTVCVerifier.legacyMediaType
        let httpClient = URLSessionHTTPClient()
        defer { httpClient.invalidate() }
        let resolver = resolver(httpClient: httpClient)
        // A file may be a Holder's stored credential (no KB-JWT) or a presentation: a KB-JWT
        // that is present is checked in full, but none is demanded.
        let sdJWT = SDJWTVerifier(keyBinding: .optional)
        guard isVC else {
            do {
                let verified = try await sdJWT.verify(object, resolver: resolver)
                return SDJWTReport(isVC: false, claims: verified.claims, keyBinding: verified.keyBinding)
            } catch {
                return SDJWTReport(isVC: false, failure: error.description)
            }
        }
        var verifier = SDJWTVCVerifier(
            sdJWT: sdJWT,
            statusResolver: StatusListResolver(
                httpClient: httpClient, keys: resolver.statusListKeys, cache: nil),
            statusPolicy: .report)
        verifier.sdJWT.keyBinding.requirement = .optional
        do {
            let verified = try await verifier.verify(object, resolver: resolver)
            return SDJWTReport(
                isVC: true, claims: verified.claims, vct: verified.vct, issuer: verified.issuer,
                keyBinding: verified.sdJWT.keyBinding, status: verified.status)
        } catch {
            return SDJWTReport(isVC: true, failure: error.description)
        }
    }
}

/// What `vellum verify` found in an SD-JWT.
struct SDJWTReport {
    var isVC: Bool
    var claims: JSONObject?
    var vct: String?
    var issuer: String?
    var keyBinding: VerifiedKeyBinding?
    var status: StatusResult?
    var failure: String?
    /// The text is not an SD-JWT at all (exit code 2).
    var isUnreadable = false

    /// Valid when everything verified and the status, if any, is valid.
    var isValid: Bool { failure == nil && (status == nil || status == .valid) }

    var format: String { isVC ? "SD-JWT VC" : "SD-JWT" }

    var keyBindingText: String {
        guard let keyBinding else {
            return claims?["cnf"] != nil ? "not presented (the credential is bound to a holder key)" : "none"
        }
        return "verified (aud \(keyBinding.audience), nonce \(keyBinding.nonce))"
    }

    var text: String {
        var lines = [format]
        if let failure {
            lines.append("  ✗ \(failure)")
            lines.append("INVALID")
            return lines.joined(separator: "\n")
        }
        if let vct { lines.append("  vct: \(vct)") }
        if let issuer { lines.append("  issuer: \(issuer)") }
        lines.append("  key binding: \(keyBindingText)")
        if isVC { lines.append("  status: \(status?.description ?? "none")") }
        if let claims {
            lines.append("  claims:")
            let json = JSONValue.object(claims).serializedString(.pretty)
            lines.append(contentsOf: json.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" })
        }
        lines.append(isValid ? "VALID" : "INVALID: status is \(status?.description ?? "unknown")")
        return lines.joined(separator: "\n")
    }

    var json: String {
        var report: JSONObject = ["format": .string(isVC ? "sd-jwt-vc" : "sd-jwt"), "valid": .bool(isValid)]
        if let failure { report["error"] = .string(failure) }
        if let claims { report["claims"] = .object(claims) }
        if let vct { report["vct"] = .string(vct) }
        if let issuer { report["issuer"] = .string(issuer) }
        if failure == nil {
            report["keyBinding"] = .string(keyBinding == nil ? (claims?["cnf"] != nil ? "absent" : "none") : "verified")
        }
        if isVC, failure == nil { report["status"] = status.map { .string($0.description) } ?? .null }
        return JSONValue.object(report).serializedString(.pretty)
    }
}
