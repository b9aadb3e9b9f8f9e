import DCQL
import Foundation
import JSONModel
import W3CCredentials

/// Answers a DIF presentation request (RFC 0510) with the holder's W3C credentials: picks, per
/// input descriptor, the first stored credential that meets its `schema` and every required
/// field (a path that selects a value the filter accepts), applies the submission requirements,
/// and signs a presentation carrying them with a `presentation_submission` that maps each
/// descriptor to `$.verifiableCredential[i]` (format `ldp_vc`), proof purpose `authentication`
/// with the request's challenge and domain, by the holder's key.
enum DIFPresentationBuilder {
    /// The DIF Presentation Exchange submission context and type ACA-Py adds to a presentation.
    static let submissionContext = "https://identity.foundation/presentation-exchange/submission/v1"

    static func present(_ request: DIFPresentationRequest, holder: W3CHolder) async throws(AriesError) -> JSONValue {
        let chosen = try await select(request, credentials: holder.credentials)
        var credentials: [Int] = []
        var map: [JSONValue] = []
        for (descriptor, index) in chosen {
            if !credentials.contains(index) { credentials.append(index) }
            let position = credentials.firstIndex(of: index)!
            map.append([
                "id": .string(descriptor), "format": "ldp_vc", "path": .string("$.verifiableCredential[\(position)]"),
            ])
        }
        let presentation: JSONValue = [
            "@context": [.string(VCDataModelVersion.v1_1.baseContext), .string(submissionContext)],
            "type": ["VerifiablePresentation", "PresentationSubmission"],
            "holder": .string(holder.did),
            "verifiableCredential": .array(credentials.map { holder.credentials[$0] }),
            "presentation_submission": [
                "id": .string(UUID().uuidString.lowercased()), "definition_id": .string(request.definition.id),
                "descriptor_map": .array(map),
            ],
        ]
        let options = LinkedDataProofOptions(
            suite: holder.suite, verificationMethod: holder.verificationMethod, proofPurpose: "authentication",
            challenge: request.challenge, domain: request.domain)
        do { return try await LinkedDataSigner.sign(presentation, options: options, signer: holder.signer) } catch {
            throw .signingFailed(reason: error.description)
        }
    }

    /// The descriptors to answer, each with the index of the credential chosen for it: the
    /// first candidate of each (``DIFPresentationRequest/candidates(among:)``).
    static func select(_ request: DIFPresentationRequest, credentials: [JSONValue]) async throws(AriesError) -> [(String, Int)] {
        let matches = await request.candidates(among: credentials).compactMapValues(\.first)
        let ordered = request.definition.inputDescriptors.map(\.id)
        guard let requirements = request.definition.submissionRequirements else {
            if let missing = ordered.first(where: { matches[$0] == nil }) {
                throw .presentationNotPossible(reason: "no stored credential answers input descriptor \(missing)")
            }
            return ordered.map { ($0, matches[$0]!) }
        }
        var answered: [String] = []
        for requirement in requirements {
            let members = request.definition.inputDescriptors.filter { $0.group.contains(requirement.from) }.map(\.id)
            let available = members.filter { matches[$0] != nil }
            let needed: Int
            switch requirement.rule {
            case .all: needed = members.count
            case .pick: needed = requirement.count ?? max(requirement.minimum ?? 1, 1)
            }
            guard available.count >= needed, needed > 0 || requirement.rule == .all else {
                throw .presentationNotPossible(reason: "submission requirement from \(requirement.from) needs \(needed) credentials, \(available.count) answer")
            }
            for id in available.prefix(needed) where !answered.contains(id) { answered.append(id) }
        }
        return answered.map { ($0, matches[$0]!) }
    }
}
