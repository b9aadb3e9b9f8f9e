import Aries
import JSONModel

extension AriesStateObject where Exchange == CredentialExchange {
    /// The W3C credential a JSON-LD offer (`aries/ld-proof-vc-detail@v1.0`) proposes to
    /// issue, as offered (before the holder's DID is set as its subject), with the proof type
    /// it will carry; `nil` for an offer of another format.
    public var offeredLinkedDataCredential: (credential: JSONObject, proofType: String?)? {
        guard let detail = try? exchange.offer.attachment(.ldProofDetail)?.object(), let credential = detail["credential"]?.objectValue else {
            return nil
        }
        return (credential, detail["options"]?["proofType"]?.stringValue)
    }
}

extension AriesStateObject where Exchange == ProofExchange {
    /// The input descriptors (id, and name, else id again) a DIF Presentation Exchange
    /// request asks a credential for; empty for a request of another format or one that does
    /// not read.
    public var requestedInputDescriptors: [(id: String, name: String)] {
        guard let object = try? exchange.request.attachment(.difDefinition)?.object(), let request = try? DIFPresentationRequest(object) else {
            return []
        }
        return request.definition.inputDescriptors.map { ($0.id, $0.name ?? $0.id) }
    }
}
