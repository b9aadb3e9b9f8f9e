// SOURCE: ACA-Py 1.7.0 (acapy-agent on PyPI) acapy_agent/vc/ld_proofs/resources/dif-presentation-exchange-submission-v1.jsonld, the copy ACA-Py serves offline.
// Served at https://identity.foundation/presentation-exchange/submission/v1; SHA-256 f1cec97834e5c7ce695e6dbdddcc918e157c1dc6b50c44c3ba54b267f2e49ff9 (Docs/JSONLD-Contexts.md, checked by BundledContextsTests).
// A context is data: its text is kept byte for byte as published.

extension BundledContexts {
    /// https://identity.foundation/presentation-exchange/submission/v1
    static let presentationSubmissionV1 = ##"""
{
  "@context": {
    "@version": 1.1,
    "PresentationSubmission": {
      "@id": "https://identity.foundation/presentation-exchange/#presentation-submission",
      "@context": {
        "@version": 1.1,
        "presentation_submission": {
          "@id": "https://identity.foundation/presentation-exchange/#presentation-submission",
          "@type": "@json"
        }
      }
    }
  }
}

"""##
}
