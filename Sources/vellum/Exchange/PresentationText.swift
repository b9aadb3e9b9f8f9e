import Foundation
import JSONModel
import Wallet

/// The human and JSON forms of a presentation request and its outcome, for `vellum present`.
enum PresentationText {
    /// Who is asking, how far that is established, and per credential query the credential
    /// that would answer it with exactly the claims it would disclose.
    static func proposal(_ proposal: PresentationProposal, selection: [String: [String]]?) -> String {
        let verifier = proposal.verifier
        var lines = ["Presentation request from \(verifier.displayName ?? verifier.clientID)"]
        lines.append("  client id: \(verifier.clientID) (\(verifier.prefix))")
        if verifier.isAuthenticated {
            lines.append("  verifier: authenticated" + (verifier.trustRoot.map { ", certificate chains to trusted root \($0)" } ?? ""))
        } else {
            lines.append("  verifier: NOT AUTHENTICATED — " + verifier.validationErrors.joined(separator: "; "))
        }
        let chosen = selection ?? proposal.proposedSelection ?? [:]
        for request in proposal.requests {
            lines.append("  \(request.queryID): \(request.format) \(request.types.joined(separator: " | "))")
            let ids = chosen[request.queryID] ?? []
            if request.candidates.isEmpty {
                lines.append("    no matching credential in the wallet")
                continue
            }
            if ids.isEmpty {
                lines.append("    not answered (optional); candidates: \(request.candidates.map(\.credentialID).joined(separator: ", "))")
                continue
            }
            for id in ids {
                guard let candidate = request.candidates.first(where: { $0.credentialID == id }) else {
                    lines.append("    \(id): not a candidate for this query")
                    continue
                }
                let name = candidate.displayName ?? candidate.credentialType ?? "credential"
                let issuer = candidate.issuerName.map { " from \($0)" } ?? ""
                lines.append("    credential \(candidate.credentialID): \(name)\(issuer)")
                if candidate.disclosedClaims.isEmpty {
                    lines.append("      discloses no selectively disclosable claim")
                } else {
                    lines.append("      discloses:")
                    for claim in candidate.disclosedClaims {
                        lines.append("        \(claim.displayPath) = \(claim.value.serializedString())")
                    }
                }
                if !candidate.alwaysDisclosed.isEmpty {
                    lines.append("      always part of this credential's presentation: \(candidate.alwaysDisclosed.joined(separator: ", "))")
                }
                for warning in candidate.warnings { lines.append("      warning: \(warning)") }
            }
            let others = request.candidates.map(\.credentialID).filter { !ids.contains($0) }
            if !others.isEmpty {
                lines.append("    other candidates: \(others.joined(separator: ", ")) (--select \(request.queryID)=ID)")
            }
        }
        for unavailable in proposal.unavailable {
            let reasons = unavailable.reasons.map(\.kind.rawValue).joined(separator: ", ")
            lines.append("  not offered: \(unavailable.credentialID) (\(unavailable.credentialType ?? "-")): \(reasons)")
        }
        return lines.joined(separator: "\n")
    }

    /// The verifier's answer in a line or two.
    static func outcome(_ result: PresentationResult) -> String {
        var lines: [String] = []
        switch result.outcome {
        case .accepted: lines.append("Accepted by the verifier.")
        case let .rejected(error, description):
            lines.append("Rejected by the verifier: \(error)" + (description.map { " (\($0))" } ?? ""))
        case .redirect: lines.append("Open the redirect URI to deliver the response.")
        case .declined: lines.append("Declined.")
        }
        if let uri = result.redirectURI { lines.append("redirect: \(uri.absoluteString)") }
        return lines.joined(separator: "\n")
    }

    /// `{status, verifier, disclosed: {queryID: {credentials, claims: [{path, value}], alwaysDisclosed: [path]}}, redirectUri,
    /// error, errorDescription}`; `alwaysDisclosed` lists what the presented credentials reveal whatever was asked
    /// (an SD-JWT VC's plain claims, an ecdsa-sd-2023 credential's mandatory ones).
    static func json(_ result: PresentationResult, proposal: PresentationProposal, status: String?) -> JSONValue {
        var object: JSONObject = [:]
        switch result.outcome {
        case .accepted: object["status"] = "accepted"
        case let .rejected(error, description):
            object["status"] = "rejected"
            object["error"] = .string(error)
            object["errorDescription"] = WalletJSON.string(description)
        case .redirect: object["status"] = "redirect"
        case .declined: object["status"] = "declined"
        }
        if let status { object["status"] = .string(status) }
        let verifier = result.verifier
        object["verifier"] = .object([
            "clientId": .string(verifier.clientID), "prefix": .string(verifier.prefix),
            "name": WalletJSON.string(verifier.displayName), "authenticated": .bool(verifier.isAuthenticated),
            "trustRoot": WalletJSON.string(verifier.trustRoot),
            "validationErrors": .array(verifier.validationErrors.map(JSONValue.string)),
        ])
        var disclosed = JSONObject()
        for queryID in result.presentedCredentials.keys.sorted() {
            let claims = result.disclosedClaims[queryID] ?? []
            let credentialIDs = result.presentedCredentials[queryID] ?? []
            let candidates = proposal.requests.first { $0.queryID == queryID }?.candidates ?? []
            var always: [String] = []
            for candidate in candidates where credentialIDs.contains(candidate.credentialID) {
                always += candidate.alwaysDisclosed.filter { !always.contains($0) }
            }
            disclosed[queryID] = .object([
                "credentials": .array(credentialIDs.map(JSONValue.string)),
                "claims": .array(claims.map { .object(["path": .string($0.displayPath), "value": $0.value]) }),
                "alwaysDisclosed": .array(always.map(JSONValue.string)),
            ])
        }
        object["disclosed"] = .object(disclosed)
        object["redirectUri"] = WalletJSON.string(result.redirectURI?.absoluteString)
        return .object(object)
    }
}
