import JSONModel

/// The JSON-LD contexts W3C credentials, their proofs and DID documents use, bundled so that
/// processing them needs no network: the default loader (``StaticDocumentLoader/bundled``)
/// serves these and nothing else.
///
/// Each is kept byte for byte as published (one file each, named after the context, with a
/// SOURCE note); `Docs/JSONLD-Contexts.md` lists where each came from and its SHA-256, and a
/// test fails if any text changes.
public enum BundledContexts {
    /// Each context's URL and its text.
    static let texts: [String: String] = [
        "https://identity.foundation/presentation-exchange/submission/v1": presentationSubmissionV1,
        "https://w3id.org/citizenship/v1": citizenshipV1,
        "https://w3id.org/citizenship/v2": citizenshipV2,
        "https://w3id.org/citizenship/v4rc1": citizenshipV4rc1,
        "https://w3id.org/security/data-integrity/v1": dataIntegrityV1,
        "https://w3id.org/security/data-integrity/v2": dataIntegrityV2,
        "https://w3id.org/security/multikey/v1": multikeyV1,
        "https://w3id.org/security/suites/ed25519-2018/v1": ed25519Signature2018V1,
        "https://w3id.org/security/suites/ed25519-2020/v1": ed25519Signature2020V1,
        "https://w3id.org/security/suites/jws-2020/v1": jsonWebSignature2020V1,
        "https://w3id.org/security/suites/secp256k1-2019/v1": secp256k1Signature2019V1,
        "https://w3id.org/security/v1": securityV1,
        "https://w3id.org/security/v2": securityV2,
        "https://w3id.org/vc/status-list/2021/v1": statusList2021V1,
        "https://www.w3.org/2018/credentials/examples/v1": credentialsExamplesV1,
        "https://www.w3.org/2018/credentials/v1": credentialsV1,
        "https://www.w3.org/ns/credentials/examples/v2": credentialsExamplesV2,
        "https://www.w3.org/ns/credentials/status/v1": bitstringStatusListV1,
        "https://www.w3.org/ns/credentials/v2": credentialsV2,
        "https://www.w3.org/ns/did/v1": didV1,
        "https://www.w3.org/ns/odrl.jsonld": odrl,
    ]

    /// The parsed contexts by URL (the texts are known-good JSON; a test parses every one).
    static let documents: [String: JSONValue] = texts.compactMapValues { text in
        try? JSONValue(parsing: text)
    }

    /// The URLs of the bundled contexts.
    public static var urls: [String] { texts.keys.sorted() }

    /// The text of the bundled context at `url`, exactly as published.
    public static func text(at url: String) -> String? { texts[url] }
}
