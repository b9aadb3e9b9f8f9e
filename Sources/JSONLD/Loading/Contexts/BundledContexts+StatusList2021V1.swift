// SOURCE: w3c/vc-bitstring-status-list @ 74fcae11e5b389aa44d1b7d3f84ee079eaa169a4 contexts/2021/v1.jsonld.
// Served at https://w3id.org/vc/status-list/2021/v1; SHA-256 6dd06a52bedb771e059c1083ba8ba7848dce22f6b4a8cfa0b98ba3fc188870e4 (Docs/JSONLD-Contexts.md, checked by BundledContextsTests).
// A context is data: its text is kept byte for byte as published.

extension BundledContexts {
    /// https://w3id.org/vc/status-list/2021/v1
    static let statusList2021V1 = ##"""
{
  "@context": {
    "@protected": true,

    "StatusList2021Credential": {
      "@id":
        "https://w3id.org/vc/status-list#StatusList2021Credential",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "description": "http://schema.org/description",
        "name": "http://schema.org/name"
      }
    },

    "StatusList2021": {
      "@id":
        "https://w3id.org/vc/status-list#StatusList2021",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "statusPurpose":
          "https://w3id.org/vc/status-list#statusPurpose",
        "encodedList": "https://w3id.org/vc/status-list#encodedList"
      }
    },

    "StatusList2021Entry": {
      "@id":
        "https://w3id.org/vc/status-list#StatusList2021Entry",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "statusPurpose":
          "https://w3id.org/vc/status-list#statusPurpose",
        "statusListIndex":
          "https://w3id.org/vc/status-list#statusListIndex",
        "statusListCredential": {
          "@id":
            "https://w3id.org/vc/status-list#statusListCredential",
          "@type": "@id"
        }
      }
    }
  }
}

"""##
}
