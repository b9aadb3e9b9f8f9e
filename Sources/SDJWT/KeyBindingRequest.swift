import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// What a Holder puts in a Key Binding JWT (RFC 9901 §4.3): who it is for, the Verifier's
/// nonce, when it was made and, for OpenID4VP, the hashes of the transaction data the
/// Holder agreed to.
public struct KeyBindingRequest: Sendable, Hashable {
    /// `aud`: the Verifier (for OpenID4VP, its client identifier).
    public var audience: String
    /// `nonce`: the Verifier's fresh value for this transaction.
    public var nonce: String
    /// `iat`: when the KB-JWT is made (whole seconds are written).
    public var issuedAt: Date
    /// The OpenID4VP `transaction_data` items (each the base64url string as received); when
    /// non-empty, their hashes go in `transaction_data_hashes`.
    public var transactionData: [String]
    /// The hash for `transaction_data_hashes`, written as `transaction_data_hashes_alg`.
    public var transactionDataHashAlgorithm: SDHashAlgorithm
    /// Further claims, for profiles that define them; RFC 9901 advises against them.
    public var additionalClaims: JSONObject

    /// A request for the given Verifier, nonce and time.
    public init(
        audience: String, nonce: String, issuedAt: Date = Date(), transactionData: [String] = [],
        transactionDataHashAlgorithm: SDHashAlgorithm = .sha256, additionalClaims: JSONObject = JSONObject()
    ) {
        self.audience = audience
        self.nonce = nonce
        self.issuedAt = issuedAt
        self.transactionData = transactionData
        self.transactionDataHashAlgorithm = transactionDataHashAlgorithm
        self.additionalClaims = additionalClaims
    }

    /// `iat` as written: whole seconds, rounded down.
    var issuedAtSeconds: Int64 { Int64(issuedAt.timeIntervalSince1970.rounded(.down)) }

    /// The KB-JWT payload for an SD-JWT whose `sd_hash` is `sdHash`.
    func payload(sdHash: String) -> JSONObject {
        var payload = JSONObject(
            names: ["iat", "aud", "nonce", "sd_hash"],
            values: [
                .number(JSONNumber(issuedAtSeconds)), .string(audience),
                .string(nonce), .string(sdHash),
            ])
        if !transactionData.isEmpty {
            payload["transaction_data_hashes"] = .array(transactionData.map {
                .string(transactionDataHashAlgorithm.digest(of: $0))
            })
            payload["transaction_data_hashes_alg"] = .string(transactionDataHashAlgorithm.rawValue)
        }
        for (name, value) in additionalClaims where !payload.contains(name) {
            payload[name] = value
        }
        return payload
    }
}

extension SDJWTObject {
    /// This SD-JWT with a Key Binding JWT signed by the Holder's key: `typ: kb+jwt`, `iat`,
    /// `aud`, `nonce` and `sd_hash` over the SD-JWT as it is sent (RFC 9901 §4.3.1).
    ///
    /// - Parameter hashAlgorithm: the SD-JWT's `_sd_alg` (``ProcessedSDJWT/hashAlgorithm``);
    ///   `sd_hash` must use the same hash.
    public func addingKeyBinding(
        _ request: KeyBindingRequest, hashAlgorithm: SDHashAlgorithm, signer: some Signer
    ) async throws(SDJWTError) -> SDJWTObject {
        // Written with room for the KB-JWT, which is appended to it to make the text sent.
        let input = compactText(withKeyBinding: nil, extraCapacity: Self.keyBindingJWTCapacity)
        let sdHash = hashAlgorithm.digest(of: input)
        let token = try await KeyBindingJWTWriter(request: request, sdHash: sdHash).token(signedBy: signer)
        return adding(keyBindingJWT: token, to: consume input)
    }

    /// Bytes enough for most KB-JWTs (an ES256 one is about 300), so appending one to the
    /// text it signs does not copy that text again.
    private static let keyBindingJWTCapacity = 512
}
