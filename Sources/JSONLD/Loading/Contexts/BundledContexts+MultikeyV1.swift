// SOURCE: w3c/vc-data-integrity @ 570d764182aa915427da16bdd4514af874fb86ed contexts/ (via ../shared/vectors/json-ld/contexts).
// Served at https://w3id.org/security/multikey/v1; SHA-256 ba2c182de2d92f7e47184bcca8fcf0beaee6d3986c527bf664c195bbc7c58597 (Docs/JSONLD-Contexts.md, checked by BundledContextsTests).
// A context is data: its text is kept byte for byte as published.

extension BundledContexts {
    /// https://w3id.org/security/multikey/v1
    static let multikeyV1 = ##"""
{
  "@context": {
    "id": "@id",
    "type": "@type",
    "@protected": true,
    "Multikey": {
      "@id": "https://w3id.org/security#Multikey",
      "@context": {
        "@protected": true,
        "id": "@id",
        "type": "@type",
        "controller": {
          "@id": "https://w3id.org/security#controller",
          "@type": "@id"
        },
        "revoked": {
          "@id": "https://w3id.org/security#revoked",
          "@type": "http://www.w3.org/2001/XMLSchema#dateTime"
        },
        "expires": {
          "@id": "https://w3id.org/security#expiration",
          "@type": "http://www.w3.org/2001/XMLSchema#dateTime"
        },
        "publicKeyMultibase": {
          "@id": "https://w3id.org/security#publicKeyMultibase",
          "@type": "https://w3id.org/security#multibase"
        },
        "secretKeyMultibase": {
          "@id": "https://w3id.org/security#secretKeyMultibase",
          "@type": "https://w3id.org/security#multibase"
        }
      }
    }
  }
}

"""##
}
