import AnonCreds
import COSE
import Foundation
import JSONLD
import JSONModel
import MDoc
import OpenDID
import W3CCredentials

extension Harness {
    /// The credential formats.
    static let formats: [Harness] = [
        Harness(name: "mdoc-issuer-signed", summary: "IssuerSigned from CBOR bytes") { data in
            _ = try? IssuerSigned(decoding: data)
        },
        Harness(name: "mdoc-device-response", summary: "DeviceResponse from CBOR bytes") { data in
            _ = try? DeviceResponse(decoding: data)
        },
        Harness(name: "cose", summary: "COSE_Sign1 and COSE_Key") { data in
            _ = try? COSESign1(decoding: data)
            _ = try? COSEKey(decoding: data)
        },
        Harness(name: "w3c", summary: "W3C VC and VP data models (1.1 and 2.0) from JSON") { data in
            guard let json = try? JSONValue(parsing: data) else { return }
            _ = try? W3CCredentials.VerifiableCredential(json: json)
            _ = try? W3CCredentials.VerifiablePresentation(json: json)
        },
        Harness(name: "jsonld", summary: "JSON-LD expansion, toRdf and RDFC-1.0, offline (bundled contexts only)") { data in
            guard let json = try? JSONValue(parsing: data) else { return }
            blocking {
                guard let dataset = try? await JSONLDAPI.toRDF(json) else { return }
                _ = try? RDFCanonicalizer().canonicalize(dataset)
            }
        },
        Harness(name: "nquads", summary: "N-Quads, then RDFC-1.0 (poison graphs bounded)") { data in
            guard let dataset = try? NQuadsParser().parse(Array(data)) else { return }
            _ = try? RDFCanonicalizer().canonicalize(dataset)
        },
        Harness(name: "anoncreds", summary: "every AnonCreds object, legacy and W3C form, from JSON") { data in
            _ = try? Schema(jsonData: data)
            _ = try? CredentialDefinition(jsonData: data)
            _ = try? AnonCreds.CredentialOffer(jsonData: data)
            _ = try? AnonCreds.CredentialRequest(jsonData: data)
            _ = try? Credential(jsonData: data)
            _ = try? PresentationRequest(jsonData: data)
            _ = try? Presentation(jsonData: data)
            _ = try? W3CAnonCredsCredential(jsonData: data)
            _ = try? W3CAnonCredsPresentation(jsonData: data)
        },
        Harness(name: "opendid", summary: "Open DID documents, VCs and VPs from JSON") { data in
            _ = try? OpenDID.DIDDocument(from: data)
            _ = try? OpenDID.VerifiableCredential(from: data)
            _ = try? OpenDID.VerifiablePresentation(from: data)
        },
    ]

    /// Runs async work to completion on behalf of libFuzzer's synchronous callback.
    static func blocking(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }
}
