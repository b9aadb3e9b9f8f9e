import JSONModel

/// What the holder keeps between its request and the credential: the blinding factor `v'`
/// (secret — whoever has it and the credential can remove the blinding), the request's nonce,
/// and the name of the link secret used.
///
/// JSON as anoncreds-rs 0.2 writes it:
/// `{"link_secret_blinding_data": {"v_prime", "vr_prime"}, "nonce", "link_secret_name"}`.
public struct CredentialRequestMetadata: AnonCredsObject, Hashable {
    public static let objectName = "credential request metadata"

    /// `v'`, the blinding factor of `U`.
    public var vPrime: BigInteger
    /// The revocation blinding factor (a BN254 scalar), carried.
    public var vrPrime: JSONValue?
    public var nonce: Nonce
    public var linkSecretName: String

    enum CodingKeys: String, CodingKey {
        case blindingData = "link_secret_blinding_data", nonce, linkSecretName = "link_secret_name"
    }

    enum BlindingDataKeys: String, CodingKey { case vPrime = "v_prime", vrPrime = "vr_prime" }

    public init(vPrime: BigInteger, vrPrime: JSONValue? = nil, nonce: Nonce, linkSecretName: String) {
        self.vPrime = vPrime
        self.vrPrime = vrPrime
        self.nonce = nonce
        self.linkSecretName = linkSecretName
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let blinding = try container.nestedContainer(keyedBy: BlindingDataKeys.self, forKey: .blindingData)
        vPrime = try blinding.decode(BigInteger.self, forKey: .vPrime)
        vrPrime = try blinding.decodeIfPresent(JSONValue.self, forKey: .vrPrime)
        nonce = try container.decode(Nonce.self, forKey: .nonce)
        linkSecretName = try container.decode(String.self, forKey: .linkSecretName)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var blinding = container.nestedContainer(keyedBy: BlindingDataKeys.self, forKey: .blindingData)
        try blinding.encode(vPrime, forKey: .vPrime)
        try blinding.encode(vrPrime ?? .null, forKey: .vrPrime)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(linkSecretName, forKey: .linkSecretName)
    }
}
