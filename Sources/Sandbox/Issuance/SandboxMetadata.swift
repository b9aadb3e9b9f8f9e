import CryptoKeys
import Foundation
import JSONModel

/// The issuer's two metadata documents (OpenID4VCI 1.0 §12.2, RFC 8414).
extension SandboxService {
    /// `/.well-known/openid-credential-issuer`: `credential_issuer` is exactly the issuer
    /// identifier the wallet built the URL from.
    var issuerMetadata: JSONValue {
        var object: JSONObject = [
            "credential_issuer": .string(faults.contains(.wrongCredentialIssuerInMetadata) ? issuer + "/other" : issuer),
            "credential_endpoint": .string(url("/credential")),
            "nonce_endpoint": .string(url("/nonce")),
            "deferred_credential_endpoint": .string(url("/deferred_credential")),
            "notification_endpoint": .string(url("/notification")),
            "display": .array([.object(["name": "Vellum Sandbox Issuer", "locale": "en-US"])]),
            "mdoc_iacas_uri": .string(url("/iacas")),
            "credential_response_encryption": .object([
                "alg_values_supported": .array(["ECDH-ES"]),
                "enc_values_supported": .array(["A128GCM", "A256GCM"]),
                "zip_values_supported": .array(["DEF"]),
                "encryption_required": .bool(configuration.requiresResponseEncryption),
            ]),
            "credential_request_encryption": .object([
                "jwks": .object(["keys": .array([requestEncryptionJWK])]),
                "enc_values_supported": .array(["A128GCM", "A256GCM"]),
                "zip_values_supported": .array(["DEF"]),
                "encryption_required": .bool(configuration.requiresRequestEncryption),
            ]),
            "credential_configurations_supported": .object([
                SandboxCredentialKind.mDL.configurationID: mDLConfiguration,
                SandboxCredentialKind.pid.configurationID: pidConfiguration,
                SandboxCredentialKind.diploma.configurationID: diplomaConfiguration,
                SandboxCredentialKind.diplomaJWT.configurationID: diplomaJWTConfiguration,
                SandboxCredentialKind.diplomaV1.configurationID: diplomaV1Configuration,
                SandboxCredentialKind.employeeSD.configurationID: employeeConfiguration,
            ]),
        ]
        if configuration.effectiveBatchSize >= 2 {
            object["batch_credential_issuance"] = .object(["batch_size": .number(JSONNumber(configuration.effectiveBatchSize))])
        }
        return .object(object)
    }

    /// The public request-encryption key, with the `kid`, `use` and `alg` the wallet needs.
    var requestEncryptionJWK: JSONValue {
        var jwk = JWK(publicKey: requestEncryptionKey.publicKey, keyID: requestEncryptionKeyID)
        jwk.alg = "ECDH-ES"
        jwk.use = "enc"
        return (try? JSONValue(parsing: jwk.jsonData())) ?? .null
    }

    /// `/.well-known/oauth-authorization-server`.
    var authorizationServerMetadata: JSONValue {
        var object: JSONObject = [
            "issuer": .string(issuer),
            "authorization_endpoint": .string(url("/authorize")),
            "token_endpoint": .string(url("/token")),
            "pushed_authorization_request_endpoint": .string(url("/par")),
            "require_pushed_authorization_requests": .bool(configuration.mustPush),
            "response_types_supported": .array(["code"]),
            "response_modes_supported": .array(["query"]),
            "grant_types_supported": .array(["authorization_code", "urn:ietf:params:oauth:grant-type:pre-authorized_code"]),
            "code_challenge_methods_supported": .array(["S256"]),
            "token_endpoint_auth_methods_supported": .array(["none"]),
            "dpop_signing_alg_values_supported": .array(configuration.proofAlgorithms.map(JSONValue.string)),
            "authorization_response_iss_parameter_supported": .bool(true),
            "pre-authorized_grant_anonymous_access_supported": .bool(true),
            "authorization_details_types_supported": .array(["openid_credential"]),
            "scopes_supported": .array(SandboxCredentialKind.allCases.map { .string($0.scope) }),
        ]
        if !configuration.offersPAR { object["pushed_authorization_request_endpoint"] = nil }
        if !configuration.offersDPoP { object["dpop_signing_alg_values_supported"] = nil }
        return .object(object)
    }

    var proofTypes: JSONValue {
        var jwt: JSONObject = [
            "proof_signing_alg_values_supported": .array(configuration.proofAlgorithms.map(JSONValue.string))
        ]
        // An empty object: an attestation is needed, with no claim about key storage.
        if configuration.mustAttestKeys { jwt["key_attestations_required"] = .object([:]) }
        return .object(["jwt": .object(jwt)])
    }

    /// The diploma's proof types: `jwt` as for the others and `di_vp` with the cryptosuites
    /// accepted, as configured.
    private var diplomaProofTypes: JSONValue {
        var types = JSONObject()
        let configured = configuration.effectiveDiplomaProofTypes
        if configured.contains(.jwt), let jwt = proofTypes["jwt"] { types["jwt"] = jwt }
        if configured.contains(.diVP) {
            types["di_vp"] = .object(["proof_signing_alg_values_supported": .array(SandboxKeyProofType.diVPCryptosuites.map(JSONValue.string))])
        }
        return .object(types)
    }

    private var mDLConfiguration: JSONValue {
        let kind = SandboxCredentialKind.mDL
        func claim(_ name: String, _ label: String, mandatory: Bool = false) -> JSONValue {
            var object: JSONObject = [
                "path": .array([.string(SandboxCredentialKind.mDLNameSpace), .string(name)]),
                "display": .array([.object(["name": .string(label), "locale": "en-US"])]),
            ]
            if mandatory { object["mandatory"] = .bool(true) }
            return .object(object)
        }
        return .object([
            "format": .string(kind.format),
            "doctype": .string(SandboxCredentialKind.mDLDocType),
            "scope": .string(kind.scope),
            "cryptographic_binding_methods_supported": .array(["cose_key"]),
            "credential_signing_alg_values_supported": .array([.number(JSONNumber(-7)), .number(JSONNumber(-9))]),
            "proof_types_supported": proofTypes,
            "credential_metadata": .object([
                "display": .array([.object([
                    "name": "Mobile Driving Licence", "locale": "en-US", "background_color": "#12107c",
                    "text_color": "#FFFFFF", "description": "A sandbox ISO 18013-5 mDL",
                ])]),
                "claims": .array(MDLContent.claimLabels.map { claim($0.name, $0.label, mandatory: $0.mandatory) }),
            ]),
        ])
    }

    private var pidConfiguration: JSONValue {
        let kind = SandboxCredentialKind.pid
        return .object([
            "format": .string(kind.format),
            "vct": .string(SandboxCredentialKind.pidVCT),
            "scope": .string(kind.scope),
            "cryptographic_binding_methods_supported": .array(["jwk"]),
            "credential_signing_alg_values_supported": .array(["ES256"]),
            "proof_types_supported": proofTypes,
            "credential_metadata": .object([
                "display": .array([.object([
                    "name": "Person Identification Data", "locale": "en-US", "background_color": "#1c4587",
                    "text_color": "#FFFFFF", "description": "A sandbox SD-JWT VC PID",
                ])]),
                "claims": .array(PIDContent.claimLabels.map { entry in
                    .object([
                        "path": .array(entry.path.map(JSONValue.string)),
                        "display": .array([.object(["name": .string(entry.label), "locale": "en-US"])]),
                    ])
                }),
            ]),
        ])
    }

    /// The W3C diploma (OpenID4VCI 1.0 Appendix A.1.2, `ldp_vc`): its credential definition by
    /// `@context` and `type`, bound to a did:key, signed with eddsa-rdfc-2022.
    private var diplomaConfiguration: JSONValue {
        ldpVCConfiguration(
            .diploma, contexts: SandboxExchangeIssuer.contexts, type: SandboxExchangeIssuer.credentialType, suite: "eddsa-rdfc-2022",
            proofTypes: diplomaProofTypes, metadata: diplomaMetadata(description: "A sandbox W3C diploma with a Data Integrity proof"))
    }

    /// The diploma as `jwt_vc_json` (OpenID4VCI 1.0 Appendix A.1.1): a VC-JWT of VCDM 1.1 by the
    /// same did:key issuer, its credential definition by `type`, bound to a did:key.
    private var diplomaJWTConfiguration: JSONValue {
        let kind = SandboxCredentialKind.diplomaJWT
        return .object([
            "format": .string(kind.format),
            "scope": .string(kind.scope),
            "credential_definition": .object([
                "type": .array(["VerifiableCredential", .string(SandboxExchangeIssuer.credentialType)])
            ]),
            "cryptographic_binding_methods_supported": .array(["did:key"]),
            "credential_signing_alg_values_supported": .array(["EdDSA"]),
            "proof_types_supported": proofTypes,
            "credential_metadata": diplomaMetadata(description: "A sandbox W3C diploma as a VC-JWT"),
        ])
    }

    /// The diploma's display and claims, in either format.
    func diplomaMetadata(description: String) -> JSONValue {
        .object([
            "display": .array([.object([
                "name": "University Degree", "locale": "en-US", "background_color": "#5b2c6f",
                "text_color": "#FFFFFF", "description": .string(description),
            ])]),
            "claims": .array([
                .object(["path": ["credentialSubject", "degree", "name"], "display": [["name": "Degree", "locale": "en-US"]]]),
                .object(["path": ["credentialSubject", "alumniOf"], "display": [["name": "Alumni of", "locale": "en-US"]]]),
            ]),
        ])
    }
}
