import DID
import Foundation
import HTTP
import JSONModel
import W3CCredentials

/// `vellum verify` for a W3C verifiable credential or presentation secured with Data
/// Integrity proofs (eddsa-jcs-2022, ecdsa-jcs-2019, eddsa-rdfc-2022, ecdsa-rdfc-2019) or the
/// Linked Data signatures before them (Ed25519Signature2018/2020, JsonWebSignature2020,
/// EcdsaSecp256k1Signature2019, EcdsaSecp256r1Signature2019): the data model's rules and
/// validity period, then every proof, each reported.
///
/// A credential's proofs must be made for `assertionMethod`; a presentation's for
/// `authentication`, with the challenge (`--nonce`) and domain (`--client-id`) when given, and
/// each credential it holds is checked as a credential. Keys are resolved from the DIDs
/// offline (did:key, did:jwk); contexts come from the bundled set, never the network.
struct W3CVerification {
    var now: Date
    var challenge: String?
    var domain: String?
    /// Fetches status lists; without one, `credentialStatus` is not checked.
    var httpClient: (any HTTPClient)?

    /// One checked part of the document.
    struct Check {
        var location: String
        var detail: String
        var failure: String?
        var isValid: Bool { failure == nil }
    }

    /// Whether `document` is a W3C credential or presentation secured with Data Integrity or a
    /// Linked Data signature: a `@context` whose first entry is a VC Data Model context and a
    /// `DataIntegrityProof` or a proof of one of the Linked Data suites.
    /// (Open DID documents use the VCDM 1.1 context too, with proofs of their own kind.)
    static func detects(_ document: JSONValue) -> Bool {
        let first = document["@context"]?.arrayValue?.first?.stringValue ?? document["@context"]?.stringValue
        guard first == "https://www.w3.org/2018/credentials/v1" || first == "https://www.w3.org/ns/credentials/v2" else { return false }
        let proofs = document["proof"]?.arrayValue ?? [document["proof"]].compactMap { $0 }
        return proofs.contains { $0["type"]?.stringValue == "DataIntegrityProof" || LinkedDataProof.isLinkedDataProof($0) }
    }

    /// The kind (`credential` or `presentation`) and every check, in order.
    func verify(_ document: JSONValue) async -> (kind: String, checks: [Check]) {
        let types = document["type"]?.arrayValue?.compactMap(\.stringValue) ?? [document["type"]?.stringValue].compactMap { $0 }
        if types.contains("VerifiablePresentation") {
            return ("presentation", await presentation(document))
        }
        return ("credential", await credential(document, location: "credential"))
    }

    private func credential(_ document: JSONValue, location: String) async -> [Check] {
        var checks: [Check] = []
        do {
            let credential = try VerifiableCredential(json: document)
            try credential.checkValidity(at: now)
            checks.append(Check(location: location, detail: "data model \(credential.version), issuer \(credential.issuer)"))
            if let httpClient { checks += await W3CStatusReport(httpClient: httpClient, now: now).checks(for: credential, location: location) }
        } catch {
            checks.append(Check(location: location, detail: "data model", failure: "\(error)"))
        }
        let issuer = try? VerifiableCredential(json: document).issuer
        checks += await proofs(document, policy: DataIntegrityProofPolicy(now: now), controller: issuer, location: location)
        return checks
    }

    private func presentation(_ document: JSONValue) async -> [Check] {
        var checks: [Check] = []
        do {
            let presentation = try VerifiablePresentation(json: document)
            checks.append(Check(location: "presentation", detail: "data model \(presentation.version), holder \(presentation.holder ?? "-")"))
            for (index, credential) in presentation.credentials.enumerated() {
                checks += await self.credential(credential.json, location: "verifiableCredential[\(index)]")
            }
        } catch {
            checks.append(Check(location: "presentation", detail: "data model", failure: "\(error)"))
        }
        var policy = DataIntegrityProofPolicy(proofPurpose: .authentication, now: now)
        policy.challenge = challenge
        policy.domain = domain
        let holder = (try? VerifiablePresentation(json: document))?.holder
        checks += await proofs(document, policy: policy, controller: holder, location: "presentation")
        return checks
    }

    /// Every proof of `document` (Data Integrity proofs and Linked Data signatures, under one
    /// policy), each made with a key of `controller` — the credential's issuer, the
    /// presentation's holder — when the document names one.
    private func proofs(_ document: JSONValue, policy: DataIntegrityProofPolicy, controller: String?, location: String) async -> [Check] {
        do {
            var checks = try await EmbeddedProofVerifier().verify(document, policy: policy, controller: controller).map {
                Check(location: "\(location) proof", detail: "\($0.suite) by \($0.verificationMethod)")
            }
            if let controller, !EmbeddedProofVerifier.isDID(controller) {
                checks.append(Check(location: "\(location) proof", detail: "\(controller) is not a DID: whether the signing key is its own is not checked"))
            }
            return checks
        } catch {
            return [Check(location: "\(location) proof", detail: "embedded proof", failure: "\(error)")]
        }
    }

    static func text(kind: String, checks: [Check]) -> String {
        var lines = ["W3C verifiable \(kind)"]
        for check in checks {
            lines.append("  \(check.isValid ? "✓" : "✗") \(check.location): \(check.detail)")
            if let failure = check.failure { lines.append("      \(failure)") }
        }
        let failed = checks.filter { !$0.isValid }.count
        lines.append(failed == 0 ? "VALID: \(checks.count) of \(checks.count) checks hold" : "INVALID: \(failed) of \(checks.count) checks fail")
        return lines.joined(separator: "\n")
    }

    static func json(kind: String, checks: [Check]) -> String {
        let entries: [JSONValue] = checks.map { check in
            var entry: JSONObject = ["location": .string(check.location), "detail": .string(check.detail), "valid": .bool(check.isValid)]
            if let failure = check.failure { entry["error"] = .string(failure) }
            return .object(entry)
        }
        let report: JSONObject = [
            "format": "w3c", "kind": .string(kind), "valid": .bool(checks.allSatisfy(\.isValid)), "checks": .array(entries),
        ]
        return JSONValue.object(report).serializedString(.pretty)
    }
}
