/// The IRIs of the RDF and XML Schema vocabulary that JSON-LD and RDFC-1.0 write.
public enum RDFVocabulary {
    /// `rdf:type`.
    public static let rdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
    /// `rdf:first`.
    public static let rdfFirst = "http://www.w3.org/1999/02/22-rdf-syntax-ns#first"
    /// `rdf:rest`.
    public static let rdfRest = "http://www.w3.org/1999/02/22-rdf-syntax-ns#rest"
    /// `rdf:nil`.
    public static let rdfNil = "http://www.w3.org/1999/02/22-rdf-syntax-ns#nil"
    /// `rdf:langString`.
    public static let rdfLangString = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
    /// `rdf:JSON`.
    public static let rdfJSON = "http://www.w3.org/1999/02/22-rdf-syntax-ns#JSON"
    /// `rdf:direction`.
    public static let rdfDirection = "http://www.w3.org/1999/02/22-rdf-syntax-ns#direction"
    /// `rdf:language`.
    public static let rdfLanguage = "http://www.w3.org/1999/02/22-rdf-syntax-ns#language"
    /// `rdf:value`.
    public static let rdfValue = "http://www.w3.org/1999/02/22-rdf-syntax-ns#value"
    /// `xsd:string`.
    public static let xsdString = "http://www.w3.org/2001/XMLSchema#string"
    /// `xsd:boolean`.
    public static let xsdBoolean = "http://www.w3.org/2001/XMLSchema#boolean"
    /// `xsd:integer`.
    public static let xsdInteger = "http://www.w3.org/2001/XMLSchema#integer"
    /// `xsd:double`.
    public static let xsdDouble = "http://www.w3.org/2001/XMLSchema#double"
}
