import Aries
import DCQL
import DIDComm
import Foundation
import JSONModel
import OpenID4VCI
import OpenID4VP
import QRExchange

extension Harness {
    /// The protocol messages a holder reads from strangers.
    static let protocols: [Harness] = [
        Harness(name: "dcql", summary: "DCQL queries and DIF Presentation Exchange definitions") { data in
            guard let json = try? JSONValue(parsing: data) else { return }
            _ = try? DCQLQuery(json: json)
            _ = try? PresentationDefinition(json: json)
        },
        Harness(name: "openid4vp", summary: "OpenID4VP request links and client metadata") { data in
            if let text = text(data) { _ = try? AuthorizationRequestLink(text) }
            if let json = try? JSONValue(parsing: data) { _ = try? ClientMetadata(json: json) }
        },
        Harness(name: "openid4vci", summary: "OpenID4VCI offers, issuer and authorization server metadata") { data in
            guard let json = try? JSONValue(parsing: data) else { return }
            _ = try? OpenID4VCI.CredentialOffer(json: json)
            _ = try? CredentialIssuerMetadata(json: json)
            _ = try? AuthorizationServerMetadata(json: json)
        },
        Harness(name: "didcomm", summary: "DIDComm v1 envelopes, messages, out-of-band invitation links and signed fields") { data in
            _ = try? Envelope(json: data)
            if let message = try? DIDCommMessage(json: data) {
                _ = try? OutOfBandInvitation(message)
                if let field = message["connection~sig"], let signer = try? Verkey(rawRepresentation: Data(repeating: 7, count: 32)) {
                    _ = try? SignedField.verify(field, signer: signer)
                }
            }
            if let text = text(data) { _ = try? Invitation(link: text) }
        },
        Harness(name: "aries", summary: "Aries issue-credential and present-proof messages, DIF requests, serialized exchanges") { data in
            if let message = try? DIDCommMessage(json: data) {
                for kind in MessageKind.allCases { _ = try? FormattedMessage(message, kind: kind) }
            }
            if let object = (try? JSONValue(parsing: data))?.objectValue { _ = try? DIFPresentationRequest(object) }
            if let text = text(data) {
                _ = try? CredentialExchange(serialized: text)
                _ = try? ProofExchange(serialized: text)
            }
        },
        Harness(name: "qr-exchange", summary: "Credible and VC-API exchange messages") { data in
            guard let object = (try? JSONValue(parsing: data))?.objectValue else { return }
            _ = try? ExchangeMessage(json: object)
        },
    ]
}
