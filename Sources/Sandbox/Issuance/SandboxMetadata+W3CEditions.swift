import JSONModel

/// The configurations of the W3C credentials beside the 2.0 diploma (OpenID4VCI 1.0
/// Appendix A.1.2, `ldp_vc`): the diploma under VCDM 1.1 and the selectively disclosable
/// employee credential, each bound to a did:key proven with a `jwt` key proof.
extension SandboxService {
    /// An `ldp_vc` configuration (OpenID4VCI 1.0 Appendix A.1.2): the credential definition by
    /// `@context` and `type`, bound to a did:key, its signature suite and its display.
    func ldpVCConfiguration(
        _ kind: SandboxCredentialKind, contexts: [String], type: String, suite: String, proofTypes: JSONValue, metadata: JSONValue
    ) -> JSONValue {
        .object([
            "format": .string(kind.format),
            "scope": .string(kind.scope),
            "credential_definition": .object([
                "@context": .array(contexts.map(JSONValue.string)),
                "type": .array(["VerifiableCredential", .string(type)]),
            ]),
            "cryptographic_binding_methods_supported": .array(["did:key"]),
            "credential_signing_alg_values_supported": .array([.string(suite)]),
            "proof_types_supported": proofTypes,
            "credential_metadata": metadata,
        ])
    }

    /// The VCDM 1.1 diploma, signed Ed25519Signature2018.
    var diplomaV1Configuration: JSONValue {
        ldpVCConfiguration(
            .diplomaV1, contexts: SandboxExchangeIssuer.contextsV1, type: SandboxExchangeIssuer.credentialType,
            suite: "Ed25519Signature2018", proofTypes: proofTypes,
            metadata: diplomaMetadata(description: "A sandbox W3C diploma of VCDM 1.1 with a Linked Data signature"))
    }

    /// The employee credential, with an ecdsa-sd-2023 base proof.
    var employeeConfiguration: JSONValue {
        let labels = [("givenName", "Given name"), ("familyName", "Family name"), ("jobTitle", "Job title"),
                      ("department", "Department"), ("employeeNumber", "Employee number")]
        return ldpVCConfiguration(
            .employeeSD, contexts: SandboxExchangeIssuer.contexts, type: SandboxExchangeIssuer.employeeType, suite: "ecdsa-sd-2023",
            proofTypes: proofTypes,
            metadata: .object([
                "display": .array([.object([
                    "name": "Employee", "locale": "en-US", "background_color": "#0b5345", "text_color": "#FFFFFF",
                    "description": "A sandbox W3C employee credential whose claims are disclosed one by one (ecdsa-sd-2023)",
                ])]),
                "claims": .array(labels.map { name, label in
                    .object(["path": ["credentialSubject", .string(name)], "display": [["name": .string(label), "locale": "en-US"]]])
                }),
            ]))
    }
}
