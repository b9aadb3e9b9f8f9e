import Foundation
import JOSE
import JSONModel

extension OpenID4VPHolder {
    /// Reads a request that arrived through the W3C Digital Credentials API (OpenID4VP 1.0
    /// Appendix A): `data` is the request member the platform passed, `origin` the web origin
    /// it reports for the caller.
    ///
    /// An unsigned request carries its parameters directly and is identified by the origin.
    /// A signed one carries `request`: a compact JWS, or a JWS JSON serialization with one
    /// signature per client identifier (the first whose prefix the wallet accepts is used, with
    /// the `client_id` and `verifier_info` of its protected header); its `expected_origins`
    /// must list the calling origin exactly.
    public func parseDigitalCredentialsAPIRequest(
        data: JSONValue, origin: String, walletConfiguration: WalletConfiguration
    ) async throws(OpenID4VPError) -> ParsedAuthorizationRequest {
        guard let object = data.objectValue else {
            throw .invalidRequest(parameter: "data", reason: "the Digital Credentials API request must be an object")
        }
        guard let signed = object["request"] else {
            let request = try AuthorizationRequest(parameters: object, channel: .digitalCredentialsAPI(origin: origin, isSigned: false))
            return try checked(request, requestObject: nil, configuration: walletConfiguration)
        }
        let token: String
        if let text = signed.stringValue {
            token = text
        } else if signed.objectValue != nil {
            token = signed.serializedString()
        } else {
            throw .invalidRequest(parameter: "request", reason: "must be a JWS")
        }
        let loaded = try RequestObjectLoader(httpClient: httpClient, configuration: walletConfiguration).open(token)
        var parameters = loaded.claims
        if !loaded.object.isCompact {
            // Multi-signed: each signature names its own client in its protected header.
            let accepted = loaded.object.signatures.first { signature in
                signature.protectedHeader["client_id"]?.stringValue.map {
                    walletConfiguration.acceptedPrefixes.contains(ClientIdentifier($0).prefix)
                } ?? false
            }
            guard let chosen = accepted, let clientID = chosen.protectedHeader["client_id"] else {
                throw .invalidRequestObject("no signature names a client identifier this wallet accepts")
            }
            parameters["client_id"] = clientID
            if let info = chosen.protectedHeader["verifier_info"] { parameters["verifier_info"] = info }
        }
        let request = try AuthorizationRequest(parameters: parameters, channel: .digitalCredentialsAPI(origin: origin, isSigned: true))
        return try checked(request, requestObject: loaded.object, configuration: walletConfiguration)
    }

    /// Applies the wallet-side checks every parsed request gets (transaction data support).
    ///
    /// Transaction data is bound into an SD-JWT VC's Key Binding JWT (Appendix B.3.3), so
    /// every entry must be of a type the wallet handles, name only SD-JWT VC queries that
    /// require holder binding (there is no KB-JWT otherwise, and B.3.3 says to refuse such a
    /// request), and accept a hash the wallet can make for every query it names.
    func checked(
        _ request: AuthorizationRequest, requestObject: JWSObject?, configuration: WalletConfiguration
    ) throws(OpenID4VPError) -> ParsedAuthorizationRequest {
        if let unsupported = request.transactionData.first(where: { !configuration.supportedTransactionDataTypes.contains($0.type) }) {
            throw .unsupportedTransactionData("the type '\(unsupported.type)' is not one this wallet handles")
        }
        let queries = Dictionary((request.dcqlQuery?.credentials ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in Set(request.transactionData.flatMap(\.credentialIDs)) {
            if let query = queries[id] {
                guard query.format == "dc+sd-jwt" || query.format == "vc+sd-jwt" else {
                    throw .unsupportedTransactionData("credential query \(id) is \(query.format); this wallet binds transaction data only to SD-JWT VCs")
                }
                guard query.requiresCryptographicHolderBinding else {
                    throw .unsupportedTransactionData("credential query \(id) does not require holder binding, so nothing could bind the transaction data")
                }
            }
            _ = try PresentationFactory.transactionDataHashAlgorithm(for: request.transactionData.filter { $0.credentialIDs.contains(id) })
        }
        return ParsedAuthorizationRequest(request: request, requestObject: requestObject, walletConfiguration: configuration)
    }
}
