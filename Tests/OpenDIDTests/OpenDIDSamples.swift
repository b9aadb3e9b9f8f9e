import Foundation
import JSONModel
import OpenDID
import VellumTestSupport

/// The Open DID sample documents in `../shared/vectors/opendid/`, by kind.
enum OpenDIDSamples {
    static let directory = "opendid"

    static func data(_ name: String) throws -> Data {
        try Vectors.data("\(directory)/\(name)")
    }

    static func json(_ name: String) throws -> JSONValue {
        try JSONValue(parsing: data(name))
    }

    static let didDocuments = [
        "did_document_device_aos.json", "did_document_device_tas.json",
        "did_document_holder_tas_ios_style.json", "did_document_issuer_core_sdk_doc.json",
        "synthetic/did_document_holder.json",
        "synthetic/did_document_issuer.json", "synthetic/did_document_verifier.json",
    ]
    static let credentials = [
        "vc_certificate_tas_signed.json", "vc_certificate_issuer_doc_truncated.json",
        "vc_core_sdk_doc_unverifiable.json", "synthetic/vc.json",
    ]
    static let presentations = ["synthetic/vp_single_proof.json", "synthetic/vp_multi_proofs.json"]
    static let issueProfiles = [
        "issue_profile_aos_test.json", "issue_profile_issuer_api_doc.json",
        "issue_profile_issuer_server_sample.json", "issue_profile_tas_server_sample.json",
        "synthetic/issue_profile.json",
    ]
    static let verifyProfiles = [
        "verify_profile_aos_test.json", "verify_profile_doc_architecture.json",
        "verify_profile_verifier_api_doc.json", "verify_profile_verifier_server_sample.json",
        "verify_policy_vppolicy_web_login.json", "verify_policy_vppolicy_web_signup.json",
        "synthetic/verify_profile.json",
    ]
    static let schemas = [
        "vc_schema_1_VcSchemaService.json", "vc_schema_2_VcSchemaService.json",
        "vc_schema_3_Issuer_API_ko.json", "vc_schema_4_schema-certificate.json",
    ]

    /// Signing inputs of the synthetic fixtures: label → the exact signed string.
    static func signedInputs() throws -> [String: String] {
        guard case let .object(object)? = try? json("synthetic/signed_inputs.json") else { return [:] }
        var result: [String: String] = [:]
        for (label, value) in object { result[label] = value.stringValue }
        return result
    }
}
