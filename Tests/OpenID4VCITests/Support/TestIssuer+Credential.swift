import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import OpenID4VCI

extension TestIssuer {
    func credential(_ request: TestRequest) async -> TestAnswer {
        credentialRequests += 1
        if let refusal = authorize(request) { return refusal }
        if let raw = configuration.rawCredentialAnswer { return raw }
        let body: JSONObject
        switch decodeBody(request) {
        case let .success(object): body = object
        case let .failure(answer): return answer
        }
        lastRequest = body
        let hasConfiguration = body["credential_configuration_id"] != nil
        guard hasConfiguration != (body["credential_identifier"] != nil) else {
            return .error("invalid_credential_request", "exactly one of credential_configuration_id and credential_identifier")
        }
        if let id = body["credential_configuration_id"], id != "pid" {
            return .error("unknown_credential_configuration", "no such configuration")
        }
        guard let proofs = body["proofs"]?["jwt"]?.arrayValue, !proofs.isEmpty else {
            return .error("invalid_proof", "proofs.jwt missing")
        }
        guard proofs.count <= configuration.batchSize else { return .error("invalid_proof", "more proofs than batch_size") }
        var keys = [JWK]()
        lastProofClaims = []
        lastProofHeaders = []
        for proof in proofs {
            switch checkProof(proof.stringValue ?? "") {
            case let .success(key): keys.append(key)
            case let .failure(answer): return answer
            }
        }
        let credentials: [JSONValue] = keys.map { key in
            let thumbprint = (try? key.thumbprintString()) ?? "?"
            let text = configuration.format == "mso_mdoc"
                ? Base64URL.encode(Data("mdoc bound to \(thumbprint)".utf8)) : "sd-jwt-bound-to.\(thumbprint)~"
            return ["credential": .string(text)]
        }
        if configuration.pendingPolls != nil {
            pendingCredentials = credentials
            return seal(["transaction_id": "tx-1", "interval": 2], status: 202, for: body)
        }
        return seal(["credentials": .array(credentials), "notification_id": "note-1"], status: 200, for: body)
    }

    func deferred(_ request: TestRequest) async -> TestAnswer {
        if let refusal = authorize(request) { return refusal }
        let body: JSONObject
        switch decodeBody(request) {
        case let .success(object): body = object
        case let .failure(answer): return answer
        }
        lastDeferredRequest = body
        guard body["transaction_id"] == "tx-1", !pendingCredentials.isEmpty else {
            return .error("invalid_transaction_id", "unknown transaction")
        }
        deferredPolls += 1
        if deferredPolls <= configuration.pendingPolls ?? 0 {
            return seal(["transaction_id": "tx-1", "interval": 1], status: 202, for: body)
        }
        let credentials = pendingCredentials
        pendingCredentials = []
        return seal(["credentials": .array(credentials), "notification_id": "note-1"], status: 200, for: body)
    }

    /// The request body: JSON, or a JWE the issuer decrypts when it has a request key.
    func decodeBody(_ request: TestRequest) -> Result<JSONObject, TestAnswer> {
        var bytes = request.body
        if let key = configuration.requestKey {
            guard request.headers["content-type"] == "application/jwt" else {
                return .failure(.error("invalid_encryption_parameters", "requests must be encrypted"))
            }
            guard let decrypted = try? JWE.decryptCompact(String(decoding: bytes, as: UTF8.self), key: .privateKey(key)),
                decrypted.header.keyID == Self.requestKeyID
            else { return .failure(.error("invalid_encryption_parameters", "the request does not decrypt")) }
            bytes = decrypted.plaintext
        } else if request.headers["content-type"] != "application/json" {
            return .failure(.error("invalid_credential_request", "not application/json"))
        }
        guard let object = try? JSONValue(parsing: bytes).objectValue else {
            return .failure(.error("invalid_credential_request", "not a JSON object"))
        }
        return .success(object)
    }

    /// Encrypts `value` to the request's `credential_response_encryption` key, if any,
    /// applying the configured tampering.
    func seal(_ value: JSONValue, status: Int, for body: JSONObject) -> TestAnswer {
        guard let parameters = body["credential_response_encryption"] else { return .json(value, status: status) }
        if configuration.tampering == .plaintext { return .json(value, status: status) }
        guard let jwkObject = parameters["jwk"], let jwk = try? JWK(jsonData: jwkObject.serialized(.compact)),
            let alg = jwk.alg.flatMap(JWEKeyManagementAlgorithm.init(rawValue:)),
            var enc = parameters["enc"]?.stringValue.flatMap(JWEContentEncryptionAlgorithm.init(rawValue:))
        else { return .error("invalid_encryption_parameters", "unusable credential_response_encryption") }
        var header = JOSEHeader()
        if parameters["zip"] == "DEF" { header["zip"] = "DEF" }
        if configuration.tampering == .wrongKeyID { header.keyID = "someone-else" }
        if configuration.tampering == .wrongEncryption { enc = enc == .a256GCM ? .a128GCM : .a256GCM }
        guard var token = try? JWE.encryptCompact(
            value.serialized(.compact), to: jwk, keyManagement: alg, contentEncryption: enc, header: header)
        else { return .error("invalid_encryption_parameters", "cannot encrypt") }
        if configuration.tampering == .ciphertext {
            var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if var ciphertext = try? Base64URL.decode(parts[3]), !ciphertext.isEmpty {
                ciphertext[ciphertext.startIndex] ^= 0x01
                parts[3] = Base64URL.encode(ciphertext)
            }
            token = parts.joined(separator: ".")
        }
        return TestAnswer(status: status, headers: [("Content-Type", "application/jwt"), ("Cache-Control", "no-store")],
                          body: Data(token.utf8))
    }
}
