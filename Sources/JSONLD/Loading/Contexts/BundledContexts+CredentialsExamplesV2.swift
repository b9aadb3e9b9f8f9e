// SOURCE: w3c/vc-data-model @ 979c4af1cfe2224ed7b0ee5ec4d7a009a465812b contexts/credentials/examples/v2 (via ../shared/vectors/json-ld/contexts).
// Served at https://www.w3.org/ns/credentials/examples/v2; SHA-256 57393fbc69d6efb9b9b5dc9cb6b9880b0944360abfe2eaf459c9e58cf2279d7c (Docs/JSONLD-Contexts.md, checked by BundledContextsTests).
// A context is data: its text is kept byte for byte as published.

extension BundledContexts {
    /// https://www.w3.org/ns/credentials/examples/v2
    static let credentialsExamplesV2 = ##"""
{
  "@context": {
    "@vocab": "https://www.w3.org/ns/credentials/examples#"
  }
}

"""##
}
