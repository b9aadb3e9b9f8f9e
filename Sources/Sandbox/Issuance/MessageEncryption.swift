import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// Application-layer encryption of credential requests and responses (OpenID4VCI 1.0 §10):
/// the message is a JWT claims set inside a compact JWE (`application/jwt`).
struct ResponseEncryption: Sendable {
    let key: JWK
    let contentEncryption: JWEContentEncryptionAlgorithm
    let compresses: Bool

    static let supportedContentEncryption: Set<JWEContentEncryptionAlgorithm> = [.a128GCM, .a256GCM]

    /// Reads `credential_response_encryption` (`jwk` with `alg`, `enc`, optional `zip`).
    init(_ value: JSONValue) throws(BodyFailure) {
        guard case let .object(object) = value, let jwkValue = object["jwk"], jwkValue.objectValue != nil else {
            throw .encryption("credential_response_encryption needs a jwk object")
        }
        let jwk: JWK
        do {
            jwk = try JWK(jsonData: jwkValue.serialized(.compact))
            _ = try jwk.publicKey()
        } catch {
            throw .encryption("credential_response_encryption.jwk: \(error)")
        }
        guard !jwk.isPrivate else { throw .encryption("credential_response_encryption.jwk carries a private key") }
        guard jwk.alg == JWEKeyManagementAlgorithm.ecdhES.rawValue else {
            throw .encryption("credential_response_encryption.jwk.alg must be ECDH-ES")
        }
        guard let enc = object["enc"]?.stringValue.flatMap(JWEContentEncryptionAlgorithm.init(rawValue:)),
              Self.supportedContentEncryption.contains(enc)
        else {
            throw .encryption("credential_response_encryption.enc must be A128GCM or A256GCM")
        }
        switch object["zip"] {
        case nil: compresses = false
        case .string("DEF")?: compresses = true
        default: throw .encryption("credential_response_encryption.zip must be DEF when present")
        }
        key = jwk
        contentEncryption = enc
    }

    /// The response body encrypted to the wallet, as an `application/jwt` response.
    func seal(_ body: JSONValue, status: Int, headers: [(String, String)]) -> SandboxHTTPResponse {
        var header = JOSEHeader()
        if compresses { header["zip"] = "DEF" }
        do {
            let token = try JWE.encryptCompact(
                body.serialized(.compact), to: key, keyManagement: .ecdhES, contentEncryption: contentEncryption, header: header)
            return SandboxHTTPResponse(
                status: status, headers: [("Content-Type", "application/jwt"), ("Cache-Control", "no-store")] + headers,
                body: Data(token.utf8))
        } catch {
            return .error("invalid_encryption_parameters", "encrypting the response failed: \(error)")
        }
    }
}

/// Why a credential, deferred or notification request body was refused.
enum BodyFailure: Error, Equatable, Sendable {
    /// Malformed JSON or a wrong media type (`invalid_credential_request`).
    case invalid(String)
    /// Encryption parameters or an encrypted body that cannot be used (`invalid_encryption_parameters`).
    case encryption(String)
}

extension SandboxService {
    /// The body of a credential or deferred request: JSON, or a JWE to the issuer's request
    /// encryption key; `encrypted` says which.
    func requestBody(_ request: SandboxHTTPRequest) throws(BodyFailure) -> (body: JSONObject, encrypted: Bool) {
        switch request.mediaType {
        case "application/json":
            guard let object = request.jsonObject else { throw .invalid("the body is not a JSON object") }
            return (object, false)
        case "application/jwt":
            let token = String(decoding: request.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let decrypted: DecryptedJWE
            do {
                decrypted = try JWE.decryptCompact(
                    token, key: .privateKey(requestEncryptionKey),
                    policy: JWEPolicy(
                        allowedKeyManagement: [.ecdhES], allowedContentEncryption: ResponseEncryption.supportedContentEncryption))
            } catch {
                throw .encryption("the encrypted request does not decrypt: \(error)")
            }
            if let kid = decrypted.header.keyID, kid != requestEncryptionKeyID { throw .encryption("kid \(kid) is not the issuer's key") }
            guard let value = try? JSONValue(parsing: decrypted.plaintext), case let .object(object) = value else {
                throw .invalid("the decrypted request is not a JSON object")
            }
            return (object, true)
        default:
            throw .invalid("the request must be application/json or application/jwt")
        }
    }
}
