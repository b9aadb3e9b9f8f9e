// SOURCE: w3c/vc-data-model @ 979c4af1cfe2224ed7b0ee5ec4d7a009a465812b contexts/credentials/examples/v1.
// Served at https://www.w3.org/2018/credentials/examples/v1; SHA-256 2070ae4e75bc3b4c2cfe2b8b6e86ec45119672bbb5da283f0399ea96c60a0104 (Docs/JSONLD-Contexts.md, checked by BundledContextsTests).
// A context is data: its text is kept byte for byte as published.

extension BundledContexts {
    /// https://www.w3.org/2018/credentials/examples/v1
    static let credentialsExamplesV1 = ##"""
{
  "@context": [{
    "@version": 1.1
  },"https://www.w3.org/ns/odrl.jsonld", {
    "ex": "https://example.org/examples#",
    "schema": "http://schema.org/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",

    "3rdPartyCorrelation": "ex:3rdPartyCorrelation",
    "AllVerifiers": "ex:AllVerifiers",
    "Archival": "ex:Archival",
    "BachelorDegree": "ex:BachelorDegree",
    "Child": "ex:Child",
    "CLCredentialDefinition2019": "ex:CLCredentialDefinition2019",
    "CLSignature2019": "ex:CLSignature2019",
    "IssuerPolicy": "ex:IssuerPolicy",
    "HolderPolicy": "ex:HolderPolicy",
    "Mother": "ex:Mother",
    "RelationshipCredential": "ex:RelationshipCredential",
    "UniversityDegreeCredential": "ex:UniversityDegreeCredential",
    "AlumniCredential": "ex:AlumniCredential",
    "DisputeCredential": "ex:DisputeCredential",
    "PrescriptionCredential": "ex:PrescriptionCredential",
    "ZkpExampleSchema2018": "ex:ZkpExampleSchema2018",

    "issuerData": "ex:issuerData",
    "attributes": "ex:attributes",
    "signature": "ex:signature",
    "signatureCorrectnessProof": "ex:signatureCorrectnessProof",
    "primaryProof": "ex:primaryProof",
    "nonRevocationProof": "ex:nonRevocationProof",

    "alumniOf": {"@id": "schema:alumniOf", "@type": "rdf:HTML"},
    "child": {"@id": "ex:child", "@type": "@id"},
    "degree": "ex:degree",
    "degreeType": "ex:degreeType",
    "degreeSchool": "ex:degreeSchool",
    "college": "ex:college",
    "name": {"@id": "schema:name", "@type": "rdf:HTML"},
    "givenName": "schema:givenName",
    "familyName": "schema:familyName",
    "parent": {"@id": "ex:parent", "@type": "@id"},
    "referenceId": "ex:referenceId",
    "documentPresence": "ex:documentPresence",
    "evidenceDocument": "ex:evidenceDocument",
    "spouse": "schema:spouse",
    "subjectPresence": "ex:subjectPresence",
    "verifier": {"@id": "ex:verifier", "@type": "@id"},
    "currentStatus": "ex:currentStatus",
    "statusReason": "ex:statusReason",
    "prescription": "ex:prescription"
  }]
}

"""##
}
