import ArgumentParser
import DID
import Foundation
import HTTP
import JOSE
import JSONModel
import Multiformats
import W3CCredentials

/// `vellum verify` for a W3C credential or presentation secured as a JWT: the VC-JWT of VCDM
/// 1.1 (`vc`/`vp` claim) or VC-JOSE-COSE's `vc+jwt`/`vp+jwt`. The signature with the key its
/// `kid` names (did:key, did:jwk offline, did:web over the network), the data model and
/// validity period, each status entry, and for a presentation `--nonce` and `--client-id`
/// (its `aud`) and every credential inside, each reported as a check in the same report as
/// the Data Integrity path.
struct W3CJWTVerification {
    var now: Date
    var nonce: String?
    var audience: String?
    var httpClient: any HTTPClient

    typealias Check = W3CVerification.Check

    /// Whether `text` is a compact JWS (not an SD-JWT) carrying a W3C document: a `vc`/`vp`
    /// claim, or a `vc+jwt`/`vp+jwt` type.
    static func detects(_ text: String) -> Bool {
        guard text.hasPrefix("eyJ"), !text.contains("~"), !text.contains(where: \.isWhitespace) else { return false }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = try? Base64URL.decode(String(parts[0])),
            let header = try? JSONValue(parsing: headerBytes)
        else { return false }
        let type = header["typ"]?.stringValue
        let typed = (JOSECredentialForm.credentialTypes + JOSECredentialForm.presentationTypes).contains { JOSEMediaType.matches(type, $0) }
        if typed { return true }
        guard let payloadBytes = try? Base64URL.decode(String(parts[1])), let payload = try? JSONValue(parsing: payloadBytes) else { return false }
        return payload["vc"]?.objectValue != nil || payload["vp"]?.objectValue != nil
    }

    /// The kind and every check, in order.
    func verify(_ token: String) async -> (kind: String, checks: [Check]) {
        let verifier = JOSECredentialVerifier(resolver: DIDResolverRegistry.standard(httpClient: httpClient))
        let policy = JOSECredentialPolicy(audience: audience, nonce: nonce, now: now)
        let evidence: JOSECredentialEvidence
        do {
            evidence = try await verifier.evidence(token, policy: policy)
        } catch {
            return ("credential", [Check(location: "proof", detail: "JWS", failure: "\(error)")])
        }
        let proof = Check(location: "\(evidence.kind.rawValue) proof", detail: Self.describe(evidence))
        switch evidence.kind {
        case .credential:
            do {
                let verified = try await verifier.verifyCredential(token, policy: policy.credentialPolicy)
                return ("credential", [proof] + (await credentialChecks(verified, location: "credential")))
            } catch {
                return ("credential", [proof, Check(location: "credential", detail: "validity", failure: "\(error)")])
            }
        case .presentation:
            do {
                let verified = try await verifier.verifyPresentation(token, policy: policy)
                var checks = [proof, Check(location: "presentation", detail: "data model \(verified.presentation.version), holder \(verified.presentation.holder ?? "-")")]
                for (index, credential) in verified.credentials.enumerated() {
                    let location = "verifiableCredential[\(index)]"
                    checks.append(Check(location: "\(location) proof", detail: Self.describe(credential.evidence)))
                    checks += await credentialChecks(credential, location: location)
                }
                // Credentials embedded as JSON with their own (Data Integrity) proofs: checked
                // by the Data Integrity path, never passed over in silence.
                var embedded = W3CVerification(now: now)
                embedded.httpClient = httpClient
                for (index, credential) in verified.presentation.credentials.enumerated() {
                    for var check in await embedded.verify(credential.json).checks {
                        check.location = "verifiableCredential(JSON)[\(index)] " + check.location
                        checks.append(check)
                    }
                }
                return ("presentation", checks)
            } catch let JOSECredentialError.embeddedCredential(index, error) {
                return ("presentation", [proof, Check(location: "verifiableCredential[\(index)]", detail: "credential", failure: "\(error)")])
            } catch {
                return ("presentation", [proof, Check(location: "presentation", detail: "validity", failure: "\(error)")])
            }
        }
    }

    private func credentialChecks(_ verified: VerifiedJOSECredential, location: String) async -> [Check] {
        let credential = verified.credential
        return [Check(location: location, detail: "data model \(credential.version), issuer \(credential.issuer), valid now")]
            + (await W3CStatusReport(httpClient: httpClient, now: now).checks(for: credential, location: location))
    }

    /// The form, algorithm and key of a verified token.
    static func describe(_ evidence: JOSECredentialEvidence) -> String {
        "\(evidence.form.rawValue) \(evidence.header.algorithm ?? "?") by \(evidence.verificationMethod.id)"
    }
}

extension VerifyCommand {
    /// Verifies a W3C credential or presentation secured as a JWT and prints each check.
    func verifyW3CJWT(_ token: String) async throws {
        let verification = W3CJWTVerification(
            now: try verificationTime(), nonce: nonce, audience: clientID, httpClient: NetworkOptions.client(network))
        let (kind, checks) = await verification.verify(token)
        print(json ? W3CVerification.json(kind: kind, checks: checks) : W3CVerification.text(kind: kind, checks: checks))
        if !checks.allSatisfy(\.isValid) { throw ExitCode.failure }
    }

    /// `--at`, or now.
    func verificationTime() throws -> Date {
        guard let at else { return Date() }
        guard let date = SDJWTVerification.date(iso8601: at) else {
            throw failure("--at \(at) is not an ISO 8601 date or date-time", code: 2)
        }
        return date
    }
}
