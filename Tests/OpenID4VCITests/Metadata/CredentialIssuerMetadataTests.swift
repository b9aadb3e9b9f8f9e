import Foundation
import JSONModel
import OpenID4VCI
import Testing
import VellumTestSupport

/// Credential Issuer Metadata as OpenID4VCI 1.0 §12.2.4 and Appendix A define it, in the 1.0
/// placement and the draft placement, and every way a document can be wrong.
@Suite("Credential issuer metadata")
struct CredentialIssuerMetadataTests {
    /// A document with every member this module models, in the 1.0 final shape.
    static let complete: JSONValue = [
        "credential_issuer": "https://issuer.example.com/tenant",
        "authorization_servers": ["https://as.example.com"],
        "credential_endpoint": "https://issuer.example.com/tenant/credential",
        "nonce_endpoint": "https://issuer.example.com/tenant/nonce",
        "deferred_credential_endpoint": "https://issuer.example.com/tenant/deferred",
        "notification_endpoint": "https://issuer.example.com/tenant/notification",
        "credential_request_encryption": [
            "jwks": ["keys": [["kty": "EC", "crv": "P-256", "kid": "enc-1",
                               "x": "gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0", "y": "SLW_xSffzlPWrHEVI30DHM_4egVwt3NQqeUD7nMFpps"]]],
            "enc_values_supported": ["A128GCM", "A256GCM"], "encryption_required": false,
        ],
        "credential_response_encryption": [
            "alg_values_supported": ["ECDH-ES"], "enc_values_supported": ["A128GCM", "A256GCM"],
            "zip_values_supported": ["DEF"], "encryption_required": true,
        ],
        "batch_credential_issuance": ["batch_size": 10],
        "display": [["name": "Example Issuer", "locale": "en-US", "logo": ["uri": "https://issuer.example.com/logo.png", "alt_text": "logo"]],
                    ["name": "Émetteur", "locale": "fr-FR"]],
        "credential_configurations_supported": [
            "org.iso.18013.5.1.mDL": [
                "format": "mso_mdoc", "doctype": "org.iso.18013.5.1.mDL", "scope": "mdl",
                "cryptographic_binding_methods_supported": ["cose_key"],
                "credential_signing_alg_values_supported": [-7, -9],
                "proof_types_supported": ["jwt": [
                    "proof_signing_alg_values_supported": ["ES256"],
                    "key_attestations_required": ["key_storage": ["iso_18045_moderate"], "user_authentication": ["iso_18045_moderate"]],
                ]],
                "credential_metadata": [
                    "display": [["name": "Mobile Driving License", "locale": "en-US", "background_color": "#12107c",
                                 "text_color": "#FFFFFF", "logo": ["uri": "https://state.example.org/mdl.png"]]],
                    "claims": [
                        ["path": ["org.iso.18013.5.1", "given_name"], "display": [["name": "Given Name", "locale": "en-US"]]],
                        ["path": ["org.iso.18013.5.1", "birth_date"], "mandatory": true],
                    ],
                ],
            ],
            "pid": [
                "format": "dc+sd-jwt", "vct": "urn:eudi:pid:1",
                "cryptographic_binding_methods_supported": ["jwk"], "credential_signing_alg_values_supported": ["ES256"],
                "proof_types_supported": ["jwt": ["proof_signing_alg_values_supported": ["ES256", "ES384"]]],
                "credential_metadata": ["claims": [["path": ["address", "street_address"]], ["path": ["nationalities", nil]]]],
            ],
            "degree": [
                "format": "jwt_vc_json",
                "credential_definition": ["type": ["VerifiableCredential", "UniversityDegreeCredential"]],
            ],
            "ldp": ["format": "ldp_vc", "credential_definition": ["@context": ["https://www.w3.org/2018/credentials/v1"]]],
        ],
    ]

    @Test func everyModelledMemberIsRead() throws {
        let metadata = try CredentialIssuerMetadata(json: Self.complete)
        #expect(metadata.credentialIssuer.absoluteString == "https://issuer.example.com/tenant")
        #expect(metadata.authorizationServers.map(\.absoluteString) == ["https://as.example.com"])
        #expect(metadata.effectiveAuthorizationServers == metadata.authorizationServers)
        #expect(metadata.credentialEndpoint.absoluteString == "https://issuer.example.com/tenant/credential")
        #expect(metadata.nonceEndpoint?.absoluteString == "https://issuer.example.com/tenant/nonce")
        #expect(metadata.deferredCredentialEndpoint != nil && metadata.notificationEndpoint != nil)
        #expect(metadata.credentialRequestEncryption?.keys.first?.kid == "enc-1")
        #expect(metadata.credentialRequestEncryption?.encryptionRequired == false)
        #expect(metadata.credentialResponseEncryption == CredentialResponseEncryptionMetadata(
            algorithms: ["ECDH-ES"], encryptionMethods: ["A128GCM", "A256GCM"], compressionMethods: ["DEF"], encryptionRequired: true))
        #expect(metadata.batchSize == 10)
        #expect(metadata.display(preferring: ["fr"])?.name == "Émetteur")
        #expect(metadata.display(preferring: ["de"])?.name == "Example Issuer")
        #expect(metadata.credentialConfigurations.map(\.id) == ["org.iso.18013.5.1.mDL", "pid", "degree", "ldp"])

        let mdl = try #require(metadata.configuration(id: "org.iso.18013.5.1.mDL"))
        #expect(mdl.format == .msoMdoc(doctype: "org.iso.18013.5.1.mDL"))
        #expect(mdl.scope == "mdl")
        #expect(mdl.credentialSigningAlgorithms == [.cose(-7), .cose(-9)])
        #expect(mdl.proofTypes["jwt"]?.keyAttestationsRequired == KeyAttestationRequirement(
            keyStorage: ["iso_18045_moderate"], userAuthentication: ["iso_18045_moderate"]))
        #expect(mdl.display.first?.backgroundColor == "#12107c")
        #expect(mdl.claims.map(\.path.description) == [#"["org.iso.18013.5.1","given_name"]"#, #"["org.iso.18013.5.1","birth_date"]"#])
        #expect(mdl.claims[1].mandatory && !mdl.claims[0].mandatory)
        #expect(mdl.claims[0].display == [ClaimDisplay(name: "Given Name", locale: "en-US")])

        let pid = try #require(metadata.configuration(id: "pid"))
        #expect(pid.format == .sdJWTVC(vct: "urn:eudi:pid:1"))
        #expect(pid.proofTypes["jwt"]?.signingAlgorithms == ["ES256", "ES384"])
        #expect(pid.proofTypes["jwt"]?.keyAttestationsRequired == nil)
        #expect(pid.credentialSigningAlgorithms == [.jose("ES256")])
        #expect(metadata.configuration(id: "degree")?.format == .jwtVCJSON(types: ["VerifiableCredential", "UniversityDegreeCredential"]))
        #expect(metadata.configuration(id: "ldp")?.format == .other("ldp_vc"))
        #expect(metadata.json["batch_credential_issuance"] != nil, "the raw document is kept")
    }

    @Test func theDraftPlacementOfDisplayAndClaimsIsAccepted() throws {
        let metadata = try CredentialIssuerMetadata(json: [
            "credential_issuer": "https://issuer.example", "credential_endpoint": "https://issuer.example/credential",
            "credential_configurations_supported": [
                "draft15": ["format": "dc+sd-jwt", "vct": "urn:x", "display": [["name": "Draft 15 card"]],
                            "claims": [["path": ["given_name"], "mandatory": true]]],
                "draft13": ["format": "mso_mdoc", "doctype": "org.iso.18013.5.1.mDL",
                            "display": [["name": "Draft 13 card", "locale": "en"]],
                            "claims": ["org.iso.18013.5.1": ["given_name": ["display": [["name": "Given"]]], "portrait": [:]]]],
                "legacy-format": ["format": "vc+sd-jwt", "vct": "urn:old"],
            ],
        ])
        let draft15 = try #require(metadata.configuration(id: "draft15"))
        #expect(draft15.display.map(\.name) == ["Draft 15 card"])
        #expect(draft15.claims.first?.mandatory == true)
        let draft13 = try #require(metadata.configuration(id: "draft13"))
        #expect(draft13.display.first?.name == "Draft 13 card")
        #expect(draft13.claims.map(\.path.description) == [#"["org.iso.18013.5.1","given_name"]"#, #"["org.iso.18013.5.1","portrait"]"#])
        #expect(draft13.claims.first?.display.first?.name == "Given")
        #expect(metadata.configuration(id: "legacy-format")?.format == .sdJWTVC(vct: "urn:old"))
        #expect(metadata.authorizationServers.isEmpty)
        #expect(metadata.effectiveAuthorizationServers == [metadata.credentialIssuer], "no authorization_servers: the issuer is its own")
    }

    @Test func loopbackIssuersMayUsePlainHTTPOnlyWhenThePolicyAllows() throws {
        let document: JSONValue = [
            "credential_issuer": "http://127.0.0.1:8080/issuer", "credential_endpoint": "http://127.0.0.1:8080/issuer/credential",
            "credential_configurations_supported": [:],
        ]
        #expect(try CredentialIssuerMetadata(json: document).credentialConfigurations.isEmpty)
        #expect(throws: OpenID4VCIError.invalidIssuerMetadata(path: "credential_issuer", reason: "http://127.0.0.1:8080/issuer is not an https URL")) {
            try CredentialIssuerMetadata(json: document, transport: .httpsOnly)
        }
    }

    @Test func anOfferNamingAnUndescribedConfigurationIsRefused() throws {
        let metadata = try CredentialIssuerMetadata(json: Self.complete)
        let offer = CredentialOffer(credentialIssuer: metadata.credentialIssuer, credentialConfigurationIDs: ["pid", "nope"])
        #expect(throws: OpenID4VCIError.unknownCredentialConfiguration("nope")) { try metadata.configurations(for: offer) }
    }

    /// `complete` with one member replaced (or removed with `nil`) at a path of object keys.
    static func mutated(_ path: [String], _ value: JSONValue?) -> JSONValue {
        func apply(_ node: JSONValue, _ rest: ArraySlice<String>) -> JSONValue {
            guard case var .object(object) = node, let head = rest.first else { return value ?? .null }
            if rest.count == 1 {
                object[head] = value
            } else {
                object[head] = apply(object[head] ?? .object([:]), rest.dropFirst())
            }
            return .object(object)
        }
        return apply(complete, path[...])
    }

    static let mdl = ["credential_configurations_supported", "org.iso.18013.5.1.mDL"]

    /// Each mutation and the member path the error must name.
    static let invalid: [(String, JSONValue, String)] = [
        ("not an object", ["a"], "(root)"),
        ("issuer missing", mutated(["credential_issuer"], nil), "credential_issuer"),
        ("issuer plain http", mutated(["credential_issuer"], "http://issuer.example.com"), "credential_issuer"),
        ("issuer with query", mutated(["credential_issuer"], "https://issuer.example.com?a=b"), "credential_issuer"),
        ("issuer with fragment", mutated(["credential_issuer"], "https://issuer.example.com#f"), "credential_issuer"),
        ("issuer a number", mutated(["credential_issuer"], 1), "credential_issuer"),
        ("authorization_servers empty", mutated(["authorization_servers"], []), "authorization_servers"),
        ("authorization server http", mutated(["authorization_servers"], ["http://as.example.com"]), "authorization_servers[0]"),
        ("credential_endpoint missing", mutated(["credential_endpoint"], nil), "credential_endpoint"),
        ("credential_endpoint http", mutated(["credential_endpoint"], "http://issuer.example.com/c"), "credential_endpoint"),
        ("credential_endpoint relative", mutated(["credential_endpoint"], "/credential"), "credential_endpoint"),
        ("nonce_endpoint ftp", mutated(["nonce_endpoint"], "ftp://issuer.example.com/n"), "nonce_endpoint"),
        ("deferred endpoint a number", mutated(["deferred_credential_endpoint"], 3), "deferred_credential_endpoint"),
        ("notification endpoint http", mutated(["notification_endpoint"], "http://x.example/n"), "notification_endpoint"),
        ("batch_size 1", mutated(["batch_credential_issuance", "batch_size"], 1), "batch_credential_issuance.batch_size"),
        ("batch_size missing", mutated(["batch_credential_issuance"], [:]), "batch_credential_issuance.batch_size"),
        ("batch_size a string", mutated(["batch_credential_issuance", "batch_size"], "10"), "batch_credential_issuance.batch_size"),
        ("response encryption without enc", mutated(["credential_response_encryption", "enc_values_supported"], nil),
         "credential_response_encryption.enc_values_supported"),
        ("response encryption without required", mutated(["credential_response_encryption", "encryption_required"], nil),
         "credential_response_encryption.encryption_required"),
        ("response encryption alg empty", mutated(["credential_response_encryption", "alg_values_supported"], []),
         "credential_response_encryption.alg_values_supported"),
        ("request encryption key without kid", mutated(["credential_request_encryption", "jwks"], ["keys": [["kty": "EC", "crv": "P-256",
            "x": "gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0", "y": "SLW_xSffzlPWrHEVI30DHM_4egVwt3NQqeUD7nMFpps"]]]),
         "credential_request_encryption.jwks.keys[0].kid"),
        ("request encryption key malformed", mutated(["credential_request_encryption", "jwks"], ["keys": [["kty": "EC"]]]),
         "credential_request_encryption.jwks.keys[0]"),
        ("display repeats a locale", mutated(["display"], [["name": "a", "locale": "en"], ["name": "b", "locale": "EN"]]), "display[1].locale"),
        ("display logo without uri", mutated(["display"], [["logo": ["alt_text": "x"]]]), "display[0].logo.uri"),
        ("configurations missing", mutated(["credential_configurations_supported"], nil), "credential_configurations_supported"),
        ("configurations an array", mutated(["credential_configurations_supported"], []), "credential_configurations_supported"),
        ("configuration not an object", mutated(["credential_configurations_supported", "x"], "mso_mdoc"), "credential_configurations_supported.x"),
        ("format missing", mutated(mdl + ["format"], nil), "credential_configurations_supported.org.iso.18013.5.1.mDL.format"),
        ("mdoc without doctype", mutated(mdl + ["doctype"], nil), "credential_configurations_supported.org.iso.18013.5.1.mDL.doctype"),
        ("sd-jwt without vct", mutated(["credential_configurations_supported", "pid", "vct"], nil), "credential_configurations_supported.pid.vct"),
        ("jwt_vc_json without credential_definition", mutated(["credential_configurations_supported", "degree", "credential_definition"], nil),
         "credential_configurations_supported.degree.credential_definition"),
        ("jwt_vc_json type not strings", mutated(["credential_configurations_supported", "degree", "credential_definition", "type"], [1]),
         "credential_configurations_supported.degree.credential_definition.type[0]"),
        ("scope a number", mutated(mdl + ["scope"], 1), "credential_configurations_supported.org.iso.18013.5.1.mDL.scope"),
        ("binding methods empty", mutated(mdl + ["cryptographic_binding_methods_supported"], []),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.cryptographic_binding_methods_supported"),
        ("signing alg a boolean", mutated(mdl + ["credential_signing_alg_values_supported"], [true]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_signing_alg_values_supported[0]"),
        ("proof types empty", mutated(mdl + ["proof_types_supported"], [:]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.proof_types_supported"),
        ("proof type without algorithms", mutated(mdl + ["proof_types_supported"], ["jwt": [:]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.proof_types_supported.jwt.proof_signing_alg_values_supported"),
        ("key attestation levels not strings", mutated(mdl + ["proof_types_supported"], ["jwt": ["proof_signing_alg_values_supported": ["ES256"],
            "key_attestations_required": ["key_storage": [1]]]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.proof_types_supported.jwt.key_attestations_required.key_storage[0]"),
        ("display without name", mutated(mdl + ["credential_metadata", "display"], [["locale": "en"]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.display[0].name"),
        ("claim without path", mutated(mdl + ["credential_metadata", "claims"], [["mandatory": true]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.claims[0].path"),
        ("claim path empty", mutated(mdl + ["credential_metadata", "claims"], [["path": []]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.claims[0].path"),
        ("claim path negative index", mutated(mdl + ["credential_metadata", "claims"], [["path": ["a", -1]]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.claims[0].path"),
        ("claim mandatory a string", mutated(mdl + ["credential_metadata", "claims"], [["path": ["a"], "mandatory": "yes"]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.claims[0].mandatory"),
        ("claim described twice", mutated(mdl + ["credential_metadata", "claims"], [["path": ["a", "b"]], ["path": ["a", "b"]]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.claims[1].path"),
        ("claim both null and index", mutated(mdl + ["credential_metadata", "claims"], [["path": ["a", nil]], ["path": ["a", 0]]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.claims[1].path"),
        ("claim both array and object", mutated(mdl + ["credential_metadata", "claims"], [["path": ["a", 0]], ["path": ["a", "b"]]]),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.claims[1].path"),
        ("claims an empty array", mutated(mdl + ["credential_metadata", "claims"], []),
         "credential_configurations_supported.org.iso.18013.5.1.mDL.credential_metadata.claims"),
    ]

    @Test(arguments: invalid)
    func malformedMetadataIsRefusedNamingTheMember(_ name: String, _ document: JSONValue, _ path: String) {
        expectError(OpenID4VCIError.self, "\(name)", matching: {
            if case let .invalidIssuerMetadata(reported, _) = $0 { reported == path } else { false }
        }) {
            _ = try CredentialIssuerMetadata(json: document)
        }
    }

    @Test func tooManyConfigurationsAreRefused() {
        var configurations = JSONObject()
        for index in 0...CredentialIssuerMetadata.maximumConfigurations {
            configurations["c\(index)"] = ["format": "dc+sd-jwt", "vct": "urn:c"]
        }
        let document = Self.mutated(["credential_configurations_supported"], .object(configurations))
        #expect(throws: OpenID4VCIError.self) { try CredentialIssuerMetadata(json: document) }
    }

    @Test func draftClaimMapsNestedTooDeeplyAreRefused() {
        var claims: JSONValue = ["leaf": ["display": [["name": "x"]]]]
        for level in 0..<10 { claims = ["n\(level)": claims] }
        let document = Self.mutated(Self.mdl + ["credential_metadata"], nil)
        guard case var .object(root) = document,
              case var .object(all)? = root["credential_configurations_supported"],
              case var .object(mdlObject)? = all["org.iso.18013.5.1.mDL"]
        else { return }
        mdlObject["claims"] = claims
        all["org.iso.18013.5.1.mDL"] = .object(mdlObject)
        root["credential_configurations_supported"] = .object(all)
        #expect(throws: OpenID4VCIError.self) { try CredentialIssuerMetadata(json: .object(root)) }
    }
}
