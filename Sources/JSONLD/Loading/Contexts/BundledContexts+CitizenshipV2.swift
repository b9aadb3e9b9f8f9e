// SOURCE: w3c-ccg/citizenship-vocab @ 50a3689e39103b30de6c5b6c92e7230ea924980a contexts/citizenship-v2.jsonld.
// Served at https://w3id.org/citizenship/v2; SHA-256 4b50a8580f99ddb2df2ad94e93eee1725f6c185a34306e1c98f4d631b160a9fc (Docs/JSONLD-Contexts.md, checked by BundledContextsTests).
// A context is data: its text is kept byte for byte as published.

extension BundledContexts {
    /// https://w3id.org/citizenship/v2
    static let citizenshipV2 = ##"""
{
  "@context": {
    "@protected": true,

    "QuantitativeValue": {
      "@id": "https://schema.org/QuantitativeValue",
      "@context": {
        "@protected": true,

        "unitCode": "https://schema.org/unitCode",
        "value": "https://schema.org/value"
      }
    },

    "PostalAddress": {
      "@id": "https://schema.org/PostalAddress",
      "@context": {
        "@protected": true,

        "addressCountry": "https://schema.org/addressCountry",
        "addressLocality": "https://schema.org/addressLocality",
        "addressRegion": "https://schema.org/addressRegion"
      }
    },

    "Person": {
      "@id": "https://schema.org/Person",

      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "additionalName": "https://schema.org/additionalName",
        "birthCountry": "https://w3id.org/citizenship#birthCountry",
        "birthDate": {"@id": "https://schema.org/birthDate", "@type": "http://www.w3.org/2001/XMLSchema#dateTime"},
        "familyName": "https://schema.org/familyName",
        "gender": "https://schema.org/gender",
        "givenName": "https://schema.org/givenName",
        "height": "https://schema.org/height",
        "image": {"@id": "https://schema.org/image", "@type": "@id"},
        "maritalStatus": "https://w3id.org/citizenship#maritalStatus",
        "marriageCertificateNumber": "https://w3id.org/citizenship#marriageCertificateNumber",
        "marriageLocation": {"@id": "https://w3id.org/citizenship#marriageLocation", "@type": "@id"}
      }
    },

    "PermanentResident": {
      "@id": "https://w3id.org/citizenship#PermanentResident",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "commuterClassification": "https://w3id.org/citizenship#commuterClassification",
        "formerNationality": "https://w3id.org/citizenship#formerNationality",
        "permanentResidentCard": {"@id": "https://w3id.org/citizenship#permanentResidentCard", "@type": "@id"},
        "residence": {"@id": "https://w3id.org/citizenship#residence", "@type": "@id"},
        "residentSince": {"@id": "https://w3id.org/citizenship#residentSince", "@type": "http://www.w3.org/2001/XMLSchema#dateTime"}
      }
    },

    "PermanentResidentCard": {
      "@id": "https://w3id.org/citizenship#PermanentResidentCard",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "filingLocation": {"@id": "https://w3id.org/citizenship#filingLocation", "@type": "@id"},
        "identifier": "https://schema.org/identifier",
        "lprCategory": "https://w3id.org/citizenship#lprCategory",
        "lprNumber": "https://w3id.org/citizenship#lprNumber",
        "mrzHash": {
          "@id": "https://w3id.org/citizenship#mrzHash",
          "@type": "https://w3id.org/security#multibase"
        }
      }
    },

    "PermanentResidentCardCredential": "https://w3id.org/citizenship#PermanentResidentCardCredential",

    "EmployablePerson": {
      "@id": "https://w3id.org/citizenship#EmployablePerson",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "commuterClassification": "https://w3id.org/citizenship#commuterClassification",
        "employmentAuthorizationDocument": {"@id": "https://w3id.org/citizenship#employmentAuthorizationDocument", "@type": "@id"},
        "formerNationality": "https://w3id.org/citizenship#formerNationality",
        "residence": {"@id": "https://w3id.org/citizenship#residence", "@type": "@id"},
        "residentSince": {"@id": "https://w3id.org/citizenship#residentSince", "@type": "http://www.w3.org/2001/XMLSchema#dateTime"}
      }
    },

    "EmploymentAuthorizationDocument": {
      "@id": "https://w3id.org/citizenship#EmploymentAuthorizationDocument",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "filingLocation": {"@id": "https://w3id.org/citizenship#filingLocation", "@type": "@id"},
        "identifier": "https://schema.org/identifier",
        "lprCategory": "https://w3id.org/citizenship#lprCategory",
        "lprNumber": "https://w3id.org/citizenship#lprNumber",
        "mrzHash": {
          "@id": "https://w3id.org/citizenship#mrzHash",
          "@type": "https://w3id.org/security#multibase"
        }
      }
    },

    "EmploymentAuthorizationDocumentCredential": "https://w3id.org/citizenship#EmploymentAuthorizationDocumentCredential",

    "NaturalizedPerson": {
      "@id": "https://w3id.org/citizenship#NaturalizedPerson",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "formerNationality": "https://w3id.org/citizenship#formerNationality",
        "certificateOfNaturalization": {"@id": "https://w3id.org/citizenship#certificateOfNaturalization", "@type": "@id"},
        "residence": {"@id": "https://w3id.org/citizenship#residence", "@type": "@id"},
        "residentSince": {"@id": "https://w3id.org/citizenship#residentSince", "@type": "http://www.w3.org/2001/XMLSchema#dateTime"},
        "commuterClassification": "https://w3id.org/citizenship#commuterClassification"
      }
    },

    "CertificateOfNaturalization": {
      "@id": "https://w3id.org/citizenship#CertificateOfNaturalization",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "ceremonyDate": {"@id": "https://w3id.org/citizenship#ceremonyDate", "@type": "http://www.w3.org/2001/XMLSchema#dateTime"},
        "ceremonyLocation": {"@id": "https://w3id.org/citizenship#ceremonyLocation", "@type": "@id"},
        "filingLocation": {"@id": "https://w3id.org/citizenship#filingLocation", "@type": "@id"},
        "naturalizationLocation": {"@id": "https://w3id.org/citizenship#naturalizationLocation", "@type": "@id"},
        "naturalizedBy": "https://w3id.org/citizenship#naturalizedBy",
        "identifier": "https://schema.org/identifier",
        "insRegistrationNumber": "https://w3id.org/citizenship#insRegistrationNumber"
      }
    },

    "CertificateOfNaturalizationCredential": "https://w3id.org/citizenship#CertificateOfNaturalizationCredential",

    "Citizen": {
      "@id": "https://w3id.org/citizenship#Citizen",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "certificateOfCitizenship": {"@id": "https://w3id.org/citizenship#certificateOfCitizenship", "@type": "@id"}
      }
    },

    "CertificateOfCitizenship": {
      "@id": "https://w3id.org/citizenship#CertificateOfCitizenship",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "filingLocation": {"@id": "https://w3id.org/citizenship#filingLocation", "@type": "@id"},
        "identifier": "https://schema.org/identifier",
        "ceremonyDate": {"@id": "https://w3id.org/citizenship#ceremonyDate", "@type": "http://www.w3.org/2001/XMLSchema#dateTime"},
        "ceremonyLocation": {"@id": "https://w3id.org/citizenship#ceremonyLocation", "@type": "@id"},
        "cisRegistrationNumber": "https://w3id.org/citizenship#cisRegistrationNumber"
      }
    },

    "CertificateOfCitizenshipCredential": "https://w3id.org/citizenship#CertificateOfCitizenshipCredential",
    "OpticalBarcodeCredential": "https://w3id.org/citizenship#OpticalBarcodeCredential",
    "TerseBitstringStatusListEntry": {
      "@id":
        "https://w3id.org/citizenship#TerseBitstringStatusListEntry",
      "@context": {
        "@protected": true,

        "id": "@id",
        "type": "@type",

        "terseStatusListBaseUrl": {
          "@type": "@id",
          "@id": "https://w3id.org/citizenship#terseStatusListBaseUrl"
        },
        "terseStatusListIndex":
          "https://w3id.org/citizenship#terseStatusListIndex"
      }
    }
  }
}

"""##
}
