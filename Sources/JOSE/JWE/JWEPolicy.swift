import JSONModel

/// What a JWE recipient accepts: which `alg` and `enc` values, which critical extensions
/// and how large an input (including how far `zip: DEF` may inflate).
public struct JWEPolicy: Sendable, Hashable {
    /// Accepted key-management algorithms; default all implemented.
    public var allowedKeyManagement: Set<JWEKeyManagementAlgorithm>
    /// Accepted content-encryption algorithms; default all implemented.
    public var allowedContentEncryption: Set<JWEContentEncryptionAlgorithm>
    /// Extension header members this caller processes and so may appear in `crit`.
    public var understoodCriticalMembers: Set<String>
    /// Whether `zip: DEF` is accepted at all; default true (bounded by the limits).
    public var allowsCompression: Bool
    /// Size and count bounds.
    public var limits: JOSELimits

    /// A policy with the given rules.
    public init(
        allowedKeyManagement: Set<JWEKeyManagementAlgorithm> = Set(JWEKeyManagementAlgorithm.allCases),
        allowedContentEncryption: Set<JWEContentEncryptionAlgorithm> = Set(JWEContentEncryptionAlgorithm.allCases),
        understoodCriticalMembers: Set<String> = [], allowsCompression: Bool = true,
        limits: JOSELimits = .default
    ) {
        self.allowedKeyManagement = allowedKeyManagement
        self.allowedContentEncryption = allowedContentEncryption
        self.understoodCriticalMembers = understoodCriticalMembers
        self.allowsCompression = allowsCompression
        self.limits = limits
    }

    /// The default policy.
    public static let `default` = JWEPolicy()

    /// Reads and checks `alg`, `enc`, `zip` and `crit` of one recipient's merged header.
    func algorithms(
        of header: JOSEHeader, protected: JSONObject
    ) throws(JOSEError) -> (JWEKeyManagementAlgorithm, JWEContentEncryptionAlgorithm) {
        try header.validateRegisteredMemberTypes()
        guard let algName = header.algorithm else { throw .invalidHeader("alg is missing") }
        guard let encName = header.encryption else { throw .invalidHeader("enc is missing") }
        guard let algorithm = JWEKeyManagementAlgorithm(rawValue: algName) else { throw .unsupportedAlgorithm(algName) }
        guard let encryption = JWEContentEncryptionAlgorithm(rawValue: encName) else { throw .unsupportedAlgorithm(encName) }
        guard allowedKeyManagement.contains(algorithm) else { throw .algorithmNotAllowed(algName) }
        guard allowedContentEncryption.contains(encryption) else { throw .algorithmNotAllowed(encName) }
        if let zip = header["zip"] {
            guard zip == .string("DEF") else { throw .unsupportedAlgorithm("zip \(zip.stringValue ?? "?")") }
            guard allowsCompression else { throw .algorithmNotAllowed("zip DEF") }
            // RFC 7516 §4.1.3: zip must be integrity protected.
            guard protected["zip"] != nil else { throw .invalidHeader("zip is not in the protected header") }
        }
        try JOSEHeader.checkCritical(protected: protected, merged: header, understood: understoodCriticalMembers)
        return (algorithm, encryption)
    }
}
